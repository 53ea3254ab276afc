import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import type { FeedbackRequest } from '@trailbuddy/shared/domain/feedback';
import { api } from '../../../lib/api-client';
import { invalidateMatches } from './invalidate';

/** My feedback on a finished match (product §3 "Feedback per user"). */
export function submitFeedback({ matchId, feedback }: { matchId: string; feedback: FeedbackRequest }): Promise<MatchView> {
  return api.post<MatchView>(`/api/matches/${matchId}/feedback`, feedback);
}

export function useSubmitFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitFeedback,
    onSuccess: () => invalidateMatches(queryClient),
  });
}
