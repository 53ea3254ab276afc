import { APIError } from 'better-auth/api';
import type { z } from 'zod';
import { AppError, type FieldErrors } from '../errors.js';

/** An AppError of the identity services as Better Auth's APIError, keeping its status, code, fields and details. */
export function toAuthApiError(err: AppError): APIError {
  return new APIError(err.status as never, {
    code: err.code,
    message: err.message,
    ...(err.fields && { fields: err.fields }),
    ...(err.details && { details: err.details }),
  });
}

/**
 * Runs the identity services inside a Better Auth endpoint or hook: their failures leave as
 * APIErrors, which the /api/auth bridge answers in the one error shape like every other route.
 */
export async function answeringAsAuth<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw err instanceof AppError ? toAuthApiError(err) : err;
  }
}

/**
 * A request body checked with one of the shared contracts' schemas: a 400 naming every field at
 * fault, as Fastify's validation answers on our own routes (Better Auth's names none).
 */
export function parseAuthBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  throw toAuthApiError(new AppError(400, 'invalid-argument', Object.values(fields)[0] ?? 'Invalid request.', fields));
}
