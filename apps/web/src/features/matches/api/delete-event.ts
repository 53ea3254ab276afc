import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { invalidateMatches } from './invalidate';

/** Deletes one of my created events (only those made with Propose a Date). */
export function deleteEvent(matchId: string) {
  return api.delete<void>(`/api/matches/${matchId}`);
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEvent, onSuccess: () => invalidateMatches(queryClient) });
}
