import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { invalidateMatches } from './invalidate';

/** Cancel Search: my open search is withdrawn (searching → cancelled). */
export function cancelSearch(matchId: string) {
  return api.post<MatchView>(`/api/matches/${matchId}/cancel`);
}

export function useCancelSearch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSearch, onSuccess: () => invalidateMatches(queryClient) });
}
