import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelMatchInput, MatchView } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { matchKeys } from '../../../lib/queries/matches';

/** Any change of plans changes what every match query shows: all of them are refreshed. */
function useMatchMutation<Input>(mutationFn: (input: Input) => Promise<MatchView>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: matchKeys.all }) });
}

/** Withdraw a request or invitation I sent, while it is pending. */
export const useWithdrawMatch = () => useMatchMutation((matchId: string) => api.post<MatchView>(`/api/matches/${matchId}/withdraw`));

/** Cancel a confirmed hike with a short reason for the buddy. */
export const useCancelHike = () =>
  useMatchMutation(({ matchId, ...body }: CancelMatchInput & { matchId: string }) =>
    api.post<MatchView>(`/api/matches/${matchId}/cancellation`, body),
  );

/** Cancel Search: my open search ends (searching → cancelled). */
/** "Find me someone else" (ADR 0054): my buddy cancelled our hike of two; my search for that slot re-opens at once. */
export const useFindSomeoneElse = () =>
  useMatchMutation((matchId: string) => api.post<MatchView>(`/api/matches/${matchId}/find-someone-else`));

export const useCancelSearch = () => useMatchMutation((matchId: string) => api.post<MatchView>(`/api/matches/${matchId}/cancel`));

/** Requests and hikes my partners withdrew, rejected or cancelled lately. */
export const useChangedPlans = () =>
  useQuery({
    queryKey: [...matchKeys.all, 'changed-plans'],
    queryFn: async ({ signal }) => (await api.get<{ matches: MatchView[] }>('/api/matches/changed-plans', { signal })).matches,
  });
