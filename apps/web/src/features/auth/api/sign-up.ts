import { useMutation } from '@tanstack/react-query';
import type { SignUpInput } from '@trailbuddy/shared/contracts/account';
import { signUp } from '../../../lib/auth-client';
import { useRefreshAfterAuthChange } from '../../../lib/queries/me';
import { FieldRefusal, fieldMessage, refusedField } from './account-errors';

export type SignUpField = keyof SignUpInput;

type SignUpBody = Parameters<typeof signUp.email>[0];

/**
 * Creates the account (Better Auth signs the person in and mails the verification link). A field
 * the server refuses comes back as a FieldRefusal with the product's message for that field.
 */
export async function signUpWithEmail(input: SignUpInput): Promise<void> {
  // confirmPassword is not one of Better Auth's own fields; the server checks it too.
  const { error } = await signUp.email(input as SignUpBody);
  if (!error) return;
  const field = refusedField(error);
  if (field) throw new FieldRefusal(field as SignUpField, fieldMessage(field));
  throw new Error(error.message || 'Something went wrong. Please try again.');
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
