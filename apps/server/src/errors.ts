import { ERROR_MESSAGES, type ErrorCode } from '@trailbuddy/shared/contracts/error-codes';

export type { ErrorCode };

/**
 * The one error vocabulary of the server. Every failure a client can see is an AppError:
 * an HTTP status, a stable machine-readable `code` (one of the shared ErrorCodes), a human
 * message and, for bad input, the fields at fault. The error plugin turns it into
 * `{ error: { code, message, fields? } }`.
 */
export type FieldErrors = Record<string, string>;

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    /** Extra machine-readable data a client needs to recover (for example a merge conflict's credential). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The error body for the few answers sent without throwing an AppError (404 of unknown routes, 429). */
export const errorBody = (code: ErrorCode, message: string = ERROR_MESSAGES[code], fields?: FieldErrors) => ({
  error: { code, message, fields },
});

export { codeForStatus } from '@trailbuddy/shared/contracts/error-codes';

export const badRequest = (message: string, fields?: FieldErrors, code: ErrorCode = 'invalid-argument') =>
  new AppError(400, code, message, fields);

/** A 400 for one bad field, the most common case: the message names the field. */
export const invalidField = (field: string, message: string) => badRequest(message, { [field]: message });

export const unauthenticated = (message = ERROR_MESSAGES.unauthenticated) => new AppError(401, 'unauthenticated', message);

export const forbidden = (message = ERROR_MESSAGES['permission-denied']) => new AppError(403, 'permission-denied', message);

export const notFound = (what: string) => new AppError(404, 'not-found', `${what} not found.`);

export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(409, code, message);

/** A per-account allowance used up: 429, naming the field whose value asked for one more. */
export const tooManyRequests = (field: string, message: string) => new AppError(429, 'too-many-requests', message, { [field]: message });

/** A refusal for the moment: the instance is behind on its writes (ADR 0082); the error plugin adds Retry-After. */
export const busy = () => new AppError(503, 'busy', ERROR_MESSAGES.busy);

export const payloadTooLarge = (field: string, message: string) => new AppError(413, 'payload-too-large', message, { [field]: message });
