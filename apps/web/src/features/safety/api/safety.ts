import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedPerson, BlockInput, ReportInput } from '@trailbuddy/shared/contracts/safety';
import { api } from '../../../lib/api-client';
import { matchKeys } from '../../../lib/queries/matches';

const blockKeys = { mine: ['blocks', 'mine'] as const };

/**
 * Block a person (with the hike it was made from, when on a hike's card): what was open between us
 * is cancelled, so every match query is refreshed.
 */
export function useBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BlockInput) => api.post<{ blocked: true }>('/api/blocks', input),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: matchKeys.all }),
        queryClient.invalidateQueries({ queryKey: blockKeys.mine }),
      ]),
  });
}

export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<void>(`/api/blocks/${encodeURIComponent(userId)}`),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: matchKeys.all }),
        queryClient.invalidateQueries({ queryKey: blockKeys.mine }),
      ]),
  });
}

export const useBlockedPeople = () =>
  useQuery({
    queryKey: blockKeys.mine,
    queryFn: async ({ signal }) => (await api.get<{ people: BlockedPerson[] }>('/api/blocks', { signal })).people,
  });

export const useReport = () => useMutation({ mutationFn: (input: ReportInput) => api.post<{ id: string }>('/api/reports', input) });
