import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me, OwnProfile } from '@trailbuddy/shared/contracts/profile';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/queries/me';

export const markOnboardingSeen = () => api.patch<OwnProfile>('/api/me/profile', { hasSeenOnboarding: true });

/**
 * Records that the carousel was seen (product §4: onboarding shows until hasSeenOnboarding is
 * true). The cached `Me` is updated either way, so a failed write never traps someone in the
 * carousel; the next sign-in simply shows it again.
 */
export function useMarkOnboardingSeen() {
  const queryClient = useQueryClient();
  const { queryKey } = meQueryOptions();
  return useMutation({
    mutationFn: markOnboardingSeen,
    onSuccess: (profile) => queryClient.setQueryData<Me | null>(queryKey, (me) => (me ? { ...me, profile } : me)),
    onError: (error) => {
      console.warn('Could not record that onboarding was seen', error);
      queryClient.setQueryData<Me | null>(queryKey, (me) => (me ? { ...me, profile: { ...me.profile, hasSeenOnboarding: true } } : me));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
