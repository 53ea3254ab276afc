import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions, useRefreshAfterAuthChange } from './queries/me';

/** Loaded on use: sign-out is offered on every page, the auth client is not needed there until clicked. */
export async function signOutUser(): Promise<void> {
  const { signOut } = await import('./auth-client');
  const { error } = await signOut();
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
