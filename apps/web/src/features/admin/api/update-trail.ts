import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Trail, UpdateTrailRequest } from '@trailbuddy/shared/contracts/trail';
import { api } from '../../../lib/api-client';
import { trailKeys } from '../../../lib/queries/trails';

/** Administrators: edit a trail (issue 23); its day and start stay. */
export function updateTrail({ id, body }: { id: string; body: UpdateTrailRequest }): Promise<Trail> {
  return api.put<Trail>(`/api/trails/${encodeURIComponent(id)}`, body);
}

export function useUpdateTrail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrail,
    onSuccess: (trail) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: trailKeys.lists }),
        queryClient.invalidateQueries({ queryKey: trailKeys.detail(trail.id) }),
      ]),
  });
}
