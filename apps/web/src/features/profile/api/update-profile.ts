import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, UpdateProfileInput } from '@trailbuddy/shared/contracts/profile';
import { api } from '../../../lib/api-client';
import { refreshMe } from './me-cache';

/** product §8 alert. */
export const UPDATE_PROFILE_FAILED = 'Failed to update profile. Please try again.';

export const updateProfile = (input: UpdateProfileInput) => api.patch<OwnProfile>('/api/me/profile', input);

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => refreshMe(queryClient, profile),
  });
}
