import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { trailKeys } from '../../../lib/queries/trails';

/** Administrators: delete a trail for everyone. */
export function deleteTrail(trailId: string): Promise<void> {
  return api.delete<void>(`/api/trails/${encodeURIComponent(trailId)}`);
}

export function useDeleteTrail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTrail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trailKeys.lists }),
  });
}
