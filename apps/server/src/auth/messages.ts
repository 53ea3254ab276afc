import { isErrorCode, type ErrorCode } from '@trailbuddy/shared/contracts/error-codes';
import { ACCOUNT_MESSAGES } from '@trailbuddy/shared/contracts/account';
import { IDENTITY_ERROR_MESSAGES, type IdentityErrorCode } from '@trailbuddy/shared/contracts/identity';
import { codeForStatus } from '../errors.js';

/** Our code with the product's message for it. */
const own = (code: IdentityErrorCode): [ErrorCode, string] => [code, IDENTITY_ERROR_MESSAGES[code]];
const userCancelled: [ErrorCode] = ['user-cancelled'];
const invalidCredential: [ErrorCode] = ['invalid-credential'];

/**
 * The one map of Better Auth's error codes (its own, its plugins', an OAuth callback's `?error=`)
 * to the server's vocabulary (contracts/error-codes.ts), and the message the product fixes for
 * some (product §5, FirebaseUI's words); the others keep Better Auth's message.
 */
const AUTH_ERRORS: Record<string, [ErrorCode, string?]> = {
  INVALID_EMAIL_OR_PASSWORD: ['wrong-password', 'Invalid email or password. Please try again.'],
  INVALID_PASSWORD: ['wrong-password'],
  INVALID_EMAIL: ['invalid-email'],
  USER_NOT_FOUND: ['user-not-found'],
  USER_ALREADY_EXISTS: own('email-already-in-use'),
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: own('email-already-in-use'),
  PASSWORD_TOO_SHORT: own('weak-password'),
  PASSWORD_TOO_LONG: ['weak-password'],
  PASSWORDS_DO_NOT_MATCH: ['invalid-argument', ACCOUNT_MESSAGES.passwordsDiffer],
  VALIDATION_ERROR: ['invalid-argument'],
  // The admin plugin's refusal of a disabled (banned) account's session (admin-accounts.ts).
  BANNED_USER: own('user-disabled'),
  EMAIL_NOT_VERIFIED: ['unverified-email'],
  EMAIL_PASSWORD_SIGN_UP_DISABLED: own('admin-restricted-operation'),
  INVALID_TOKEN: own('invalid-action-code'),
  TOKEN_EXPIRED: ['expired-action-code'],
  SESSION_EXPIRED: ['requires-recent-login'],
  // An OAuth callback where the person said no at the provider; any other `?error=` does not prove
  // who they are (oauthCallbackCode).
  access_denied: userCancelled,
  consent_required: userCancelled,
  interaction_required: userCancelled,
  login_required: userCancelled,
  // Phone and second-factor codes: a wrong one counts; one that is gone (never sent, superseded,
  // used, expired, burned by wrong guesses) sends the widget back a step ("This code is no longer valid").
  INVALID_OTP: own('invalid-verification-code'),
  OTP_NOT_FOUND: own('code-expired'),
  OTP_EXPIRED: own('code-expired'),
  TOO_MANY_ATTEMPTS: own('code-expired'),
  INVALID_CODE: own('invalid-verification-code'),
  INVALID_TWO_FACTOR_COOKIE: ['code-expired', 'This sign-in has expired. Sign in again.'],
  OTP_HAS_EXPIRED: own('code-expired'),
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: own('too-many-requests'),
  ACCOUNT_TEMPORARILY_LOCKED: own('too-many-requests'),
  TOTP_ALREADY_ENABLED: ['operation-not-allowed'],
  TOTP_NOT_ENABLED: invalidCredential,
  OTP_NOT_ENABLED: invalidCredential,
};

/** The product's messages for Better Auth's codes: the auth bridge rewrites them and keeps Better Auth's shape for its client. */
export const AUTH_MESSAGES: Record<string, string> = Object.fromEntries(
  Object.entries(AUTH_ERRORS).flatMap(([code, [, message]]) => (message ? [[code, message]] : [])),
);

/** The server's code for an error from Better Auth: ours as it is (hooks throw ours), its own translated, else by status. */
export function serverCodeFor(status: number, code: string | undefined): ErrorCode {
  if (code && isErrorCode(code)) return code;
  return (code && AUTH_ERRORS[code]?.[0]) || codeForStatus(status);
}

const isIdentityErrorCode = (code: string): code is IdentityErrorCode => Object.hasOwn(IDENTITY_ERROR_MESSAGES, code);

/**
 * An OAuth callback's `?error=` as the widget's code; anything else (a bad, used, expired or another
 * browser's state, a forged code, a profile that cannot be read) does not prove who the person is.
 */
export function oauthCallbackCode(error: string): IdentityErrorCode {
  const code = isIdentityErrorCode(error) ? error : AUTH_ERRORS[error]?.[0];
  return code && isIdentityErrorCode(code) ? code : 'invalid-credential';
}

/** The app's sign-up form sends a confirmation Better Auth does not know: a mismatch is refused before it (product §5). */
export function passwordConfirmationError(path: string, body: unknown): { code: string; message: string } | null {
  if (!path.endsWith('/sign-up/email') || typeof body !== 'object' || body === null) return null;
  const { password, confirmPassword } = body as { password?: unknown; confirmPassword?: unknown };
  if (confirmPassword === undefined || confirmPassword === password) return null;
  return { code: 'PASSWORDS_DO_NOT_MATCH', message: AUTH_MESSAGES.PASSWORDS_DO_NOT_MATCH! };
}
