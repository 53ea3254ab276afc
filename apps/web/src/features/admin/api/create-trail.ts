import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTrailInput, Trail } from '@trailbuddy/shared/contracts/trail';
import { api } from '../../../lib/api-client';
import { trailsQueryOptions } from '../../../lib/queries/trails';

export interface CreateTrailBody extends CreateTrailInput {
  /** Keys returned by the image uploads. */
  image?: string;
  map?: string;
}

/** Administrators: add a trail as the coming weekend's session (ARCHITECTURE §5). */
export function createTrail(body: CreateTrailBody): Promise<Trail> {
  return api.post<Trail>('/api/trails', body);
}

export function useCreateTrail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTrail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: trailsQueryOptions().queryKey }),
  });
}
