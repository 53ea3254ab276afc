import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, OwnProfile } from '@trailbuddy/shared/contracts/profile';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/queries/me';

/** Saves "how far will you travel to a trailhead" through the profile edit (ADR 0057). */
export const saveTravelDistance = (maxTravelKm: number) => api.patch<OwnProfile>('/api/me/profile', { maxTravelKm });

export function useSaveTravelDistance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTravelDistance,
    // The answer is the whole own profile: the cached `Me` takes it at once.
    onSuccess: (profile) => queryClient.setQueryData<Me | null>(meQueryOptions().queryKey, (me) => (me ? { ...me, profile } : me)),
  });
}
