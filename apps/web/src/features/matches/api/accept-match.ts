import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { invalidateMatches } from './invalidate';

/** Accept a pending match sent to me: it becomes confirmed (product §4). */
export function acceptMatch(matchId: string): Promise<MatchView> {
  return api.post<MatchView>(`/api/matches/${matchId}/accept`);
}

/**
 * `onAccepted` runs at the hook level and before the refetch: the refetched lists no longer
 * hold the pending match, so the card that asked usually unmounts, and a per-call callback
 * would never run (the person would stay where they were instead of "Match Accepted!").
 * The lists are refreshed whether the answer succeeded or was refused: a refusal usually means
 * the request changed meanwhile (withdrawn, expired), and the card should show what is true now.
 */
export function useAcceptMatch({ onAccepted }: { onAccepted?: (match: MatchView) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptMatch,
    onSuccess: (match) => onAccepted?.(match),
    onSettled: () => invalidateMatches(queryClient),
  });
}
