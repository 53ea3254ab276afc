/**
 * The identity API's stable error codes (product §8, the widget checklist §6.4). The server answers
 * `{ error: { code, message, details? } }` with one of these codes; the sign-in widget prefixes
 * them with `auth/` and maps them to its own strings, so a code never changes meaning.
 */
export const IDENTITY_ERROR_CODES = [
  'admin-restricted-operation',
  'captcha-check-failed',
  'code-expired',
  'credential-already-in-use',
  'email-already-in-use',
  'expired-action-code',
  'invalid-action-code',
  'invalid-email',
  'invalid-phone-number',
  'invalid-verification-code',
  'merge-conflict',
  'missing-phone-number',
  'missing-verification-code',
  'no-matching-tenant-for-email',
  'operation-not-allowed',
  'too-many-requests',
  'user-disabled',
  'user-not-found',
  'weak-password',
  'wrong-password',
  /** Enumeration protection's one answer to a failed password sign-in (Firebase's INVALID_LOGIN_CREDENTIALS). */
  'invalid-login-credentials',
  'account-exists-with-different-credential',
  'invalid-credential',
  'user-cancelled',
  'requires-recent-login',
  'unverified-email',
  'network-request-failed',
  'multi-factor-auth-required',
] as const;
export type IdentityErrorCode = (typeof IDENTITY_ERROR_CODES)[number];

/** The default message of each code: the widget's strings where product §8 / checklist §6.4 fix one. */
export const IDENTITY_ERROR_MESSAGES: Record<IdentityErrorCode, string> = {
  'admin-restricted-operation': 'This operation is restricted to administrators only.',
  'captcha-check-failed': 'Solve the reCAPTCHA',
  'code-expired': 'This code is no longer valid',
  'credential-already-in-use': 'This credential is already associated with a different user account.',
  'email-already-in-use': 'The email address is already used by another account',
  'expired-action-code': 'This code has expired.',
  'invalid-action-code': 'The action code is invalid. This can happen if the code is malformed, expired, or has already been used.',
  'invalid-email': 'The email provided does not match the current sign-in session.',
  'invalid-phone-number': 'Enter a valid phone number',
  'invalid-verification-code': 'Wrong code. Try again.',
  'merge-conflict':
    'The current anonymous user failed to upgrade. The non-anonymous credential is already associated with a different user account.',
  'missing-phone-number': 'Enter a valid phone number',
  'missing-verification-code': 'Wrong code. Try again.',
  'no-matching-tenant-for-email': 'No sign-in provider is available for the given email, please try with a different email.',
  'operation-not-allowed': 'This sign-in method is not enabled.',
  'too-many-requests': 'You have entered an incorrect password too many times. Please try again in a few minutes.',
  'user-disabled': 'The user account has been disabled by an administrator.',
  'user-not-found': "That email address doesn't match an existing account",
  'weak-password': 'Strong passwords have at least 6 characters and a mix of letters and numbers',
  'wrong-password': "The email and password you entered don't match",
  'invalid-login-credentials': 'Wrong e-mail or password.',
  'account-exists-with-different-credential': 'An account already exists with the same email address but different sign-in credentials.',
  'invalid-credential': 'The supplied credential is malformed or has expired.',
  'user-cancelled': 'Please authorize the required permissions to sign in to the application',
  'requires-recent-login': 'Please login again to perform this operation',
  'network-request-failed': 'A network error has occurred',
  'unverified-email': 'This operation requires a verified email.',
  'multi-factor-auth-required': 'Verify it’s you with your second factor to finish signing in.',
};
