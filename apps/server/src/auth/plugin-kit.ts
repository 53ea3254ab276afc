/** What the Better Auth plugins of ours share: our errors as APIErrors, bodies checked with the shared schemas, their OpenAPI answers. */
import type { IdentityErrorCode } from '@trailbuddy/shared/contracts/identity';
import type { GenericEndpointContext } from 'better-auth';
import { APIError, createAuthMiddleware, getIP } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';
import { AppError, type FieldErrors } from '../errors.js';
import { identityError } from './errors.js';

/**
 * An error of the server's vocabulary as Better Auth's APIError, so a hook or endpoint of ours can
 * refuse with it: the `/api/auth/*` bridge answers it in the one error shape, its code unchanged.
 */
export function toAPIError({ status, code, message, fields, details }: AppError): APIError {
  return new APIError(status as ConstructorParameters<typeof APIError>[0], {
    code,
    message,
    ...(fields && { fields }),
    ...(details && { details }),
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

/** A hook of our plugins: `handler` as the middleware of Better Auth's endpoint `path` (or of the paths `path` accepts). */
export const onPath = (path: string | ((path: string) => boolean), handler: Parameters<typeof createAuthMiddleware>[0]) => ({
  matcher: (ctx: { path?: string }) => (typeof path === 'string' ? ctx.path === path : ctx.path !== undefined && path(ctx.path)),
  handler: createAuthMiddleware(handler),
});

/** Signs in an account our code resolved with a session of Better Auth's, so its session-create hooks (disabled, second factor) apply. */
export async function startSession(ctx: GenericEndpointContext, userId: string, missing: IdentityErrorCode = 'user-not-found') {
  const user = await ctx.context.internalAdapter.findUserById(userId);
  if (!user) throw toAPIError(identityError(missing));
  const session = await ctx.context.internalAdapter.createSession(user.id);
  await setSessionCookie(ctx, { session, user });
  return { session, user };
}

/** The client's address as Better Auth's limiter sees it ('' when unknown). */
export const clientIpOf = (ctx: { request?: Request; headers?: Headers; context: { options: Parameters<typeof getIP>[1] } }) => {
  const source = ctx.request ?? ctx.headers;
  return (source && getIP(source, ctx.context.options)) || '';
};

/** A request value that must be a string to count (a hook reads bodies and queries before any schema). */
export const stringOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A body checked with a shared contract's schema: a 400 naming every field at fault, as on our own routes. */
export function parseAuthBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields: FieldErrors = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  throw toAPIError(new AppError(400, 'invalid-argument', Object.values(fields)[0] ?? 'Invalid request.', fields));
}

const jsonContent = (schema: z.ZodType) => ({ 'application/json': { schema: z.toJSONSchema(schema) as Record<string, unknown> } });

/** The OpenAPI metadata of a plugin endpoint of ours whose answer (and body, if any) are shared contracts' schemas. */
export function contractMetadata(summary: string, answer: z.ZodType, body?: z.ZodType, answerDescription = summary) {
  return {
    openapi: {
      summary,
      ...(body && { requestBody: { content: jsonContent(body) } }),
      responses: { 200: { description: answerDescription, content: jsonContent(answer) } },
    },
  };
}

/**
 * The OpenAPI metadata of a plugin endpoint of ours: its summary, the description of each answer by
 * status (none: the generator's default), and a longer description where the summary is not enough.
 */
export function endpointDoc(summary: string, answers: Record<number, string>, description?: string) {
  const responses = Object.fromEntries(Object.entries(answers).map(([status, text]) => [status, { description: text }]));
  return { openapi: { summary, ...(description && { description }), ...(Object.keys(answers).length > 0 && { responses }) } };
}
