import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from '@trailbuddy/shared/contracts/profile';
import { api } from '../../../lib/api-client';
import { refreshMe } from './me-cache';

/** product §8 alert. */
export const SET_AVATAR_FAILED = 'Failed to update avatar. Please try again.';

/** Chooses one of the six preset avatars, numbered 1 to 6. */
export const setAvatar = (avatar: number) => api.put<OwnProfile>('/api/me/avatar', { avatar });

export function useSetAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAvatar,
    onSuccess: (profile) => refreshMe(queryClient, profile),
  });
}
