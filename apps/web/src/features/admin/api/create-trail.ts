import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTrailRequest, Trail } from '@trailbuddy/shared/contracts/trail';
import { api } from '../../../lib/api-client';
import { trailKeys } from '../../../lib/queries/trails';

/** The form's fields and the keys the image uploads returned (the shared request schema). */
export type CreateTrailBody = CreateTrailRequest;

/** Administrators: add a trail as the coming weekend's session (architecture §5). */
export function createTrail(body: CreateTrailBody): Promise<Trail> {
  return api.post<Trail>('/api/trails', body);
}

export function useCreateTrail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trailKeys.lists }),
  });
}
