import { useMutation } from '@tanstack/react-query';
import { requestPasswordReset } from '../../../lib/auth-client';

export const RESET_FAILED = 'Error sending password reset email. Please try again.';
export const RESET_SENT = 'Password reset email sent! Please check your inbox.';

/** The e-mailed link lands on the sign-in widget at /auth, which sets the new password. */
export const RESET_REDIRECT = '/auth';

export async function sendPasswordReset(email: string): Promise<void> {
  const { error } = await requestPasswordReset({ email, redirectTo: RESET_REDIRECT });
  if (error) throw new Error(RESET_FAILED);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: sendPasswordReset });
}
