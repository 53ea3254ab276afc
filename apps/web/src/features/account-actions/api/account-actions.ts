import { authClient } from '../../../lib/auth-client';

/** Applies the code of an e-mailed verification link (`/auth?mode=verifyEmail&oobCode=…`). */
export async function applyEmailVerification(oobCode: string): Promise<void> {
  const { error } = await authClient.verifyEmail({ query: { token: oobCode } });
  if (error) throw new Error(error.message ?? 'verification failed');
}

/** Sets a new password with the code of an e-mailed reset link (`/auth?mode=resetPassword&oobCode=…`). */
export async function confirmPasswordReset(oobCode: string, newPassword: string): Promise<void> {
  const { error } = await authClient.resetPassword({ token: oobCode, newPassword });
  if (error) throw Object.assign(new Error(error.message ?? 'reset failed'), { code: error.code });
}
