import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { matchKeys } from '../../../lib/queries/matches';

/** Reject a pending match sent to me: it is cancelled and disappears (SPEC §4). */
export function rejectMatch(matchId: string): Promise<MatchView> {
  return api.post<MatchView>(`/api/matches/${matchId}/reject`);
}

export function useRejectMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectMatch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: matchKeys.all }),
  });
}
