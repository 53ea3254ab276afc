import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustomDateInput, MatchView } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { invalidateMatches } from './invalidate';

/** Propose a Date: a 2-hour event of my own on the trail, listed under My Created Events. */
export function proposeDate(input: CustomDateInput) {
  return api.post<MatchView>('/api/matches/custom', input);
}

export function useProposeDate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: proposeDate, onSuccess: () => invalidateMatches(queryClient) });
}
