import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions, useRefreshAfterAuthChange } from '../../../lib/queries/me';

/** Loaded on use: the header offers sign-out on every page, the auth client is not needed there until clicked. */
export async function signOutUser(): Promise<void> {
  const { signOut } = await import('../../../lib/auth-client');
  const { error } = await signOut();
  if (error) throw new Error(error.message || 'Something went wrong. Please try again.');
}

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
