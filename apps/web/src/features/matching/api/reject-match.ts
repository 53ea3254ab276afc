import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { invalidateMatches } from './invalidate';

/** Reject a pending match: it is cancelled and disappears from both people's lists. */
export function rejectMatch(matchId: string) {
  return api.post<MatchView>(`/api/matches/${matchId}/reject`);
}

export function useRejectMatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rejectMatch, onSuccess: () => invalidateMatches(queryClient) });
}
