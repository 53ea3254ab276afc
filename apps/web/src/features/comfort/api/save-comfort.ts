import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ComfortPreferences } from '@trailbuddy/shared/contracts/comfort';
import type { Me, OwnProfile } from '@trailbuddy/shared/contracts/profile';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/queries/me';

/** Saves the comfort preferences through the profile edit (ADR 0031). */
export const saveComfort = (comfort: ComfortPreferences) => api.patch<OwnProfile>('/api/me/profile', { comfort });

export function useSaveComfort() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveComfort,
    // The answer is the whole own profile: the cached `Me` takes it at once.
    onSuccess: (profile) => queryClient.setQueryData<Me | null>(meQueryOptions().queryKey, (me) => (me ? { ...me, profile } : me)),
  });
}
