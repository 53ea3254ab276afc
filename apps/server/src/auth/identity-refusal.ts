import { APIError } from 'better-auth/api';
import { AppError } from '../errors.js';

/**
 * An AppError (the server's one vocabulary: code, status, fields, details) as Better Auth's
 * APIError, so a hook or endpoint of ours refuses in the shape the /api/auth bridge turns into
 * `{ error: { code, message, fields?, details? } }`. Anything thrown that is not an APIError
 * would be a 500 there.
 */
export function toAuthRefusal(err: AppError): APIError {
  return new APIError(err.status as 400, {
    code: err.code,
    message: err.message,
    ...(err.fields && { fields: err.fields }),
    ...(err.details && { details: err.details }),
  });
}

/** Runs `work`, turning the AppErrors of the identity services it calls into Better Auth refusals. */
export async function refusingAsAuth<T>(work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw toAuthRefusal(err);
    throw err;
  }
}
