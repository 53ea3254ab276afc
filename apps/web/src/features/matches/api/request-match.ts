import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { invalidateMatches } from './invalidate';

/** Send Request: joins another person's open search for the same slot (it becomes pending). */
export function requestMatch(matchId: string) {
  return api.post<MatchView>(`/api/matches/${matchId}/request`);
}

export function useRequestMatch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestMatch, onSuccess: () => invalidateMatches(queryClient) });
}
