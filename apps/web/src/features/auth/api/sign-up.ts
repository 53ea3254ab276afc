import { useMutation } from '@tanstack/react-query';
import { signUp } from '../../../lib/auth-client';
import { useRefreshAfterAuthChange } from '../../../lib/queries/me';

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}

type SignUpBody = Parameters<typeof signUp.email>[0];

export async function signUpWithEmail(input: SignUpInput): Promise<void> {
  // confirmPassword is not one of Better Auth's own fields; the server checks it too.
  const { error } = await signUp.email(input as SignUpBody);
  if (error) throw new Error(error.message || 'Something went wrong. Please try again.');
}

export function useSignUp({ onSuccess }: { onSuccess: () => void }) {
  const refresh = useRefreshAfterAuthChange();
  return useMutation({
    mutationFn: signUpWithEmail,
    onSuccess: async () => {
      await refresh();
      onSuccess();
    },
  });
}
