import { useMutation } from '@tanstack/react-query';
import { authClient } from '../../../lib/auth-client';

export const RESEND_FAILED = 'We could not send the e-mail. Please try again in a few minutes.';

/** Better Auth mails a new verification link to the signed-in account's address. */
export async function resendVerificationEmail(email: string): Promise<void> {
  const { error } = await authClient.sendVerificationEmail({ email });
  if (error) throw new Error(RESEND_FAILED);
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
