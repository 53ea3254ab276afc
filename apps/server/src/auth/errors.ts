import { IDENTITY_ERROR_MESSAGES, type IdentityErrorCode } from '@trailbuddy/shared/contracts/identity';
import { AppError, type FieldErrors } from '../errors.js';

/** The HTTP status of each code that is not a 400. */
const STATUS: Partial<Record<IdentityErrorCode, number>> = {
  'admin-restricted-operation': 403,
  'credential-already-in-use': 409,
  'email-already-in-use': 409,
  'merge-conflict': 409,
  'operation-not-allowed': 403,
  'too-many-requests': 429,
  'user-disabled': 403,
  'user-not-found': 404,
  'invalid-login-credentials': 401,
  'account-exists-with-different-credential': 409,
  'requires-recent-login': 401,
  /** The identity provider could not be reached (discovery, token or profile request). */
  'network-request-failed': 502,
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
  return new AppError(STATUS[code] ?? 400, code, message, fields, opts.details);
}
