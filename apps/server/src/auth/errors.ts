import { IDENTITY_ERROR_MESSAGES, type IdentityErrorCode } from '@trailbuddy/shared/contracts/identity';
import { AppError, type FieldErrors } from '../errors.js';

const STATUS: Record<IdentityErrorCode, number> = {
  'admin-restricted-operation': 403,
  'captcha-check-failed': 400,
  'code-expired': 400,
  'credential-already-in-use': 409,
  'email-already-in-use': 409,
  'expired-action-code': 400,
  'invalid-action-code': 400,
  'invalid-email': 400,
  'invalid-phone-number': 400,
  'invalid-verification-code': 400,
  'merge-conflict': 409,
  'missing-phone-number': 400,
  'missing-verification-code': 400,
  'no-matching-tenant-for-email': 400,
  'operation-not-allowed': 403,
  'too-many-requests': 429,
  'user-disabled': 403,
  'user-not-found': 404,
  'weak-password': 400,
  'wrong-password': 400,
  'invalid-login-credentials': 401,
  'account-exists-with-different-credential': 409,
  'invalid-credential': 400,
  'user-cancelled': 400,
  'requires-recent-login': 401,
  /** The identity provider could not be reached (discovery, token or profile request). */
  'network-request-failed': 502,
  'unverified-email': 400,
  'multi-factor-auth-required': 403,
};

/**
 * An identity failure in the server's one error vocabulary: the code's HTTP status and default
 * message (product §8), optionally the field at fault and what the client needs to recover.
 */
export function identityError(
  code: IdentityErrorCode,
  opts: { message?: string; field?: string; details?: Record<string, unknown> } = {},
): AppError {
  const message = opts.message ?? IDENTITY_ERROR_MESSAGES[code];
  const fields: FieldErrors | undefined = opts.field ? { [opts.field]: message } : undefined;
  return new AppError(STATUS[code], code, message, fields, opts.details);
}
