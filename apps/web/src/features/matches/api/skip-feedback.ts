import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { invalidateMatches } from './invalidate';

/** "Skip" on the feedback form: counts as answered, so the prompt does not come back (product §4). */
export function skipFeedback(matchId: string): Promise<MatchView> {
  return api.post<MatchView>(`/api/matches/${matchId}/feedback/skip`);
}

export function useSkipFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipFeedback,
    onSuccess: () => invalidateMatches(queryClient),
  });
}
