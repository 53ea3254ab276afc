/** What the Better Auth plugins of ours share: our errors as APIErrors, bodies checked with the shared schemas, their OpenAPI answers. */
import { APIError } from 'better-auth/api';
import type { z } from 'zod';
import { AppError, type FieldErrors } from '../errors.js';

type Status = ConstructorParameters<typeof APIError>[0];

/**
 * An error of the server's vocabulary (AppError: code, message, fields, details) as Better Auth's
 * APIError, so a plugin of ours can refuse a request in a hook or endpoint: the `/api/auth/*`
 * bridge then answers it in the one error shape, the code unchanged (messages.ts `serverCodeFor`).
 */
export function toAPIError(error: AppError): APIError {
  return new APIError(error.status as Status, {
    code: error.code,
    message: error.message,
    ...(error.fields && { fields: error.fields }),
    ...(error.details && { details: error.details }),
  });
}

/** Runs a plugin step, turning the AppErrors of the identity modules it calls into APIErrors. */
export async function inAuthErrors<T>(step: () => Promise<T> | T): Promise<T> {
  try {
    return await step();
  } catch (error) {
    throw error instanceof AppError ? toAPIError(error) : error;
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
  throw toAPIError(new AppError(400, 'invalid-argument', Object.values(fields)[0] ?? 'Invalid request.', fields));
}

/** An OpenAPI 200 answer of a plugin endpoint of ours: a JSON object with these required properties. */
export function jsonResponse(description: string, properties: Record<string, 'boolean' | 'integer' | 'string' | 'object'>) {
  return {
    description,
    content: {
      'application/json': {
        schema: {
          type: 'object' as const,
          properties: Object.fromEntries(Object.entries(properties).map(([name, type]) => [name, { type }])),
          required: Object.keys(properties),
        },
      },
    },
  };
}
