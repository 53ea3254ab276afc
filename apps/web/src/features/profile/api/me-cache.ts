import type { QueryClient } from '@tanstack/react-query';
import type { Me, OwnProfile } from '@trailbuddy/shared/contracts/profile';
import { meQueryOptions } from '../../../lib/queries/me';

/**
 * Puts the profile the server just returned into the cached `Me` at once (so the screen does
 * not wait for the refetch), then refetches who is signed in.
 */
export async function refreshMe(queryClient: QueryClient, profile?: OwnProfile): Promise<void> {
  const { queryKey } = meQueryOptions();
  if (profile) queryClient.setQueryData<Me | null>(queryKey, (me) => (me ? { ...me, profile } : me));
  await queryClient.invalidateQueries({ queryKey });
}
