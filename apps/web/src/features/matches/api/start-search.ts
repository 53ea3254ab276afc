import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchView, StartSearchRequest } from '@trailbuddy/shared/contracts/match';
import { api } from '../../../lib/api-client';
import { invalidateMatches } from './invalidate';

/** Find a buddy: starts my search for the trail and day, or returns the one I already have. */
export function startSearch(input: StartSearchRequest) {
  return api.post<{ match: MatchView; created: boolean }>('/api/matches/search', input);
}

export function useStartSearch() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startSearch, onSuccess: () => invalidateMatches(queryClient) });
}
