import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { invalidateMatches } from './invalidate';

/** Reject a pending match sent to me: it is cancelled and disappears from both people's lists (product §4). */
export function rejectMatch(matchId: string): Promise<MatchView> {
  return api.post<MatchView>(`/api/matches/${matchId}/reject`);
}

/** Same design as `useAcceptMatch`: the callback at the hook level, the refresh on success and on refusal. */
export function useRejectMatch({ onRejected }: { onRejected?: (match: MatchView) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectMatch,
    onSuccess: (match) => onRejected?.(match),
    onSettled: () => invalidateMatches(queryClient),
  });
}
