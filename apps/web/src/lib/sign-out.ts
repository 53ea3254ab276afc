import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions, useRefreshAfterAuthChange } from './queries/me';
import { deletePersonCaches } from './service-worker-offline';

/** How long sign-out waits for this browser's push subscription to be dropped before going on. */
const PUSH_OFF_TIMEOUT_MS = 3000;

/**
 * Loaded on use: sign-out is offered on every page, the auth client is not needed there until
 * clicked. Before the session ends, this browser stops receiving the person's push
 * notifications (the server only removes a subscription for its owner); after, what the
 * service worker kept of the person for offline use is deleted (ADR 0024).
 */
export async function signOutUser(): Promise<void> {
  await import('./push').then(({ disablePush }) => disablePush(AbortSignal.timeout(PUSH_OFF_TIMEOUT_MS))).catch(() => undefined); // a push service or network failure must not keep the person signed in
  const { signOut } = await import('./auth-client');
  const { error } = await signOut();
  // What the service worker kept of the person (profile, upcoming hikes, pictures): the page reaches the same caches.
  if (typeof caches !== 'undefined') await deletePersonCaches(caches);
  if (error) throw new Error(error.message || 'Something went wrong. Please try again.');
}

/** Signing out from the header or from the registration form that cannot be dismissed. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterAuthChange();
  return useMutation({
    mutationFn: signOutUser,
    onSuccess: async () => {
      // Show the signed-out state at once rather than after the refetch comes back.
      queryClient.setQueryData(meQueryOptions().queryKey, null);
      await refresh();
    },
  });
}
