import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { invalidateMatches } from './invalidate';

/** Accept a pending match: it becomes confirmed. */
export function acceptMatch(matchId: string) {
  return api.post<MatchView>(`/api/matches/${matchId}/accept`);
}

/**
 * `onAccepted` runs at the hook level and before the refetch: the refetched lists no longer
 * hold the pending match, so the card that asked usually unmounts, and a per-call callback
 * would never run (the person would stay on the search page instead of "Match Accepted!").
 */
export function useAcceptMatch({ onAccepted }: { onAccepted?: (match: MatchView) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptMatch,
    onSuccess: async (match) => {
      onAccepted?.(match);
      await invalidateMatches(queryClient);
    },
  });
}
