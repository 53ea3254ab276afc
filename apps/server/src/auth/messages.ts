import { isErrorCode, type ErrorCode } from '@trailbuddy/shared/contracts/error-codes';
import { IDENTITY_ERROR_MESSAGES, type IdentityErrorCode } from '@trailbuddy/shared/contracts/identity';
import { codeForStatus } from '../errors.js';

/**
 * Better Auth's error codes whose message the product fixes (SPEC §5). The auth bridge rewrites
 * these messages and keeps Better Auth's response shape, so its client still reads them.
 */
export const AUTH_MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'Invalid email or password. Please try again.',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  USER_ALREADY_EXISTS: 'The email address is already used by another account',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'The email address is already used by another account',
  PASSWORD_TOO_SHORT: 'Strong passwords have at least 6 characters and a mix of letters and numbers',
  BANNED_USER: IDENTITY_ERROR_MESSAGES['user-disabled'],
  EMAIL_PASSWORD_SIGN_UP_DISABLED: IDENTITY_ERROR_MESSAGES['admin-restricted-operation'],
  INVALID_TOKEN: 'The action code is invalid. This can happen if the code is malformed, expired, or has already been used.',
  // The phone plugin's code checks, in FirebaseUI's words (checklist §5.6 finish page).
  INVALID_OTP: IDENTITY_ERROR_MESSAGES['invalid-verification-code'],
  OTP_NOT_FOUND: IDENTITY_ERROR_MESSAGES['code-expired'],
  OTP_EXPIRED: IDENTITY_ERROR_MESSAGES['code-expired'],
  TOO_MANY_ATTEMPTS: IDENTITY_ERROR_MESSAGES['code-expired'],
  // The twoFactor plugin's answers (second-factors.ts), in the widget's words.
  INVALID_CODE: IDENTITY_ERROR_MESSAGES['invalid-verification-code'],
  INVALID_TWO_FACTOR_COOKIE: 'This sign-in has expired. Sign in again.',
  OTP_HAS_EXPIRED: IDENTITY_ERROR_MESSAGES['code-expired'],
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: IDENTITY_ERROR_MESSAGES['too-many-requests'],
  ACCOUNT_TEMPORARILY_LOCKED: IDENTITY_ERROR_MESSAGES['too-many-requests'],
};

/**
 * Better Auth's error codes in the server's one vocabulary (contracts/error-codes.ts), so
 * `{ error: { code } }` means the same on /api/auth/* as on every other route.
 */
const AUTH_ERROR_CODES: Record<string, ErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: 'wrong-password',
  INVALID_PASSWORD: 'wrong-password',
  INVALID_EMAIL: 'invalid-email',
  USER_NOT_FOUND: 'user-not-found',
  USER_ALREADY_EXISTS: 'email-already-in-use',
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'email-already-in-use',
  PASSWORD_TOO_SHORT: 'weak-password',
  PASSWORD_TOO_LONG: 'weak-password',
  PASSWORDS_DO_NOT_MATCH: 'invalid-argument',
  VALIDATION_ERROR: 'invalid-argument',
  // The admin plugin's refusal of a disabled (banned) account's session (admin-accounts.ts).
  BANNED_USER: 'user-disabled',
  EMAIL_NOT_VERIFIED: 'unverified-email',
  EMAIL_PASSWORD_SIGN_UP_DISABLED: 'admin-restricted-operation',
  INVALID_TOKEN: 'invalid-action-code',
  TOKEN_EXPIRED: 'expired-action-code',
  SESSION_EXPIRED: 'requires-recent-login',
  // The `?error=` of an OAuth callback: the person said no at the provider …
  access_denied: 'user-cancelled',
  consent_required: 'user-cancelled',
  interaction_required: 'user-cancelled',
  login_required: 'user-cancelled',
  // … or the callback does not prove who they are (bad, used, expired or another browser's state, a forged code).
  state_mismatch: 'invalid-credential',
  state_not_found: 'invalid-credential',
  please_restart_the_process: 'invalid-credential',
  invalid_code: 'invalid-credential',
  no_code: 'invalid-credential',
  unable_to_get_user_info: 'invalid-credential',
  issuer_mismatch: 'invalid-credential',
  nonce_binding_missing: 'invalid-credential',
  // A wrong code counts; a code that is gone (never sent, superseded, used, expired, or burned
  // by too many wrong guesses) sends the widget back to the number with "This code is no longer valid".
  INVALID_OTP: 'invalid-verification-code',
  OTP_NOT_FOUND: 'code-expired',
  OTP_EXPIRED: 'code-expired',
  TOO_MANY_ATTEMPTS: 'code-expired',
  INVALID_CODE: 'invalid-verification-code',
  INVALID_TWO_FACTOR_COOKIE: 'code-expired',
  OTP_HAS_EXPIRED: 'code-expired',
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: 'too-many-requests',
  ACCOUNT_TEMPORARILY_LOCKED: 'too-many-requests',
  TOTP_ALREADY_ENABLED: 'operation-not-allowed',
  TOTP_NOT_ENABLED: 'invalid-credential',
  OTP_NOT_ENABLED: 'invalid-credential',
};

/** The server's code for an error from Better Auth: ours as it is (hooks throw ours), its own translated, else by status. */
export function serverCodeFor(status: number, code: string | undefined): ErrorCode {
  if (code && isErrorCode(code)) return code;
  return (code && AUTH_ERROR_CODES[code]) || codeForStatus(status);
}

const isIdentityErrorCode = (code: string): code is IdentityErrorCode => Object.hasOwn(IDENTITY_ERROR_MESSAGES, code);

/** An OAuth callback's `?error=` as the widget's code; anything unknown does not prove who the person is. */
export function oauthCallbackCode(error: string): IdentityErrorCode {
  if (isIdentityErrorCode(error)) return error;
  const code = AUTH_ERROR_CODES[error];
  return code && isIdentityErrorCode(code) ? code : 'invalid-credential';
}

/**
 * The app's sign-up form sends a confirmation Better Auth does not know about; a mismatch is
 * refused before the request reaches it, in Better Auth's error shape (SPEC §5).
 */
export function passwordConfirmationError(path: string, body: unknown): { code: string; message: string } | null {
  if (!path.endsWith('/sign-up/email') || typeof body !== 'object' || body === null) return null;
  const { password, confirmPassword } = body as { password?: unknown; confirmPassword?: unknown };
  if (confirmPassword === undefined || confirmPassword === password) return null;
  return { code: 'PASSWORDS_DO_NOT_MATCH', message: AUTH_MESSAGES.PASSWORDS_DO_NOT_MATCH! };
}
