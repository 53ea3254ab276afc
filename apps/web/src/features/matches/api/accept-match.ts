import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { matchKeys } from '../../../lib/queries/matches';

/** Accept a pending match sent to me: it becomes confirmed (SPEC §4). */
export function acceptMatch(matchId: string): Promise<MatchView> {
  return api.post<MatchView>(`/api/matches/${matchId}/accept`);
}

export function useAcceptMatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptMatch,
    onSettled: () => queryClient.invalidateQueries({ queryKey: matchKeys.all }),
  });
}
