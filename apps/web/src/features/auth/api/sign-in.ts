import { useMutation } from '@tanstack/react-query';
import type { SignInInput } from '@trailbuddy/shared/contracts/account';
import { signIn } from '../../../lib/auth-client';
import { useRefreshAfterAuthChange } from '../../../lib/queries/me';

export const SIGN_IN_FAILED = 'Invalid email or password. Please try again.';

export async function signInWithEmail({ email, password }: SignInInput): Promise<void> {
  const { error } = await signIn.email({ email, password });
  if (!error) return;
  // Any failure gets the one message the spec fixes, except an unverified account (403) or
  // too many attempts (429): there "invalid password" would send the user the wrong way.
  const explainable = (error.status === 403 || error.status === 429) && error.message;
  throw new Error(explainable ? error.message : SIGN_IN_FAILED);
}

export function useSignIn({ onSuccess }: { onSuccess: () => void }) {
  const refresh = useRefreshAfterAuthChange();
  return useMutation({
    mutationFn: signInWithEmail,
    onSuccess: async () => {
      await refresh();
      onSuccess();
    },
  });
}
