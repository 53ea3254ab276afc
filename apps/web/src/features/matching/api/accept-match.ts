import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { invalidateMatches } from './invalidate';

/** Accept a pending match: it becomes confirmed. */
export function acceptMatch(matchId: string) {
  return api.post<MatchView>(`/api/matches/${matchId}/accept`);
}

export function useAcceptMatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptMatch, onSuccess: () => invalidateMatches(queryClient) });
}
