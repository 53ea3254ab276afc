import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryOptions } from '../../../lib/queries/me';

/**
 * The registration form cannot be dismissed, so it offers signing out instead. The auth client
 * is loaded only when this is used.
 */
async function signOutUser(): Promise<void> {
  const { signOut } = await import('../../../lib/auth-client');
  const { error } = await signOut();
  if (error) throw new Error(error.message || 'Something went wrong. Please try again.');
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutUser,
    onSuccess: async () => {
      queryClient.setQueryData(meQueryOptions().queryKey, null);
      // Every cached answer belonged to the person who just left.
      await queryClient.invalidateQueries();
    },
  });
}
