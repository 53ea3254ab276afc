import type { RouteOptions } from 'fastify';
import { apiErrorSchema } from '@trailbuddy/shared/contracts/errors';
import { changesState, OWN_CHECK_ROUTES } from './cross-site.js';

/**
 * What every operation of the document gets from how its route is declared, so that no route
 * file has to repeat it (ADR 0013): an operationId, its security, and the error responses its
 * kind can give, each with the one error body `{ error: { code, message, fields? } }`.
 */

/** The security scheme of Better Auth's session cookie, as the document names it. */
export const SESSION_SCHEME = 'session';

/** Where a route's own error responses point: components.responses, one per status. */
export const ERROR_RESPONSES = {
  400: { name: 'BadRequest', description: 'The input is invalid; `fields` names each field at fault.' },
  401: { name: 'Unauthenticated', description: 'No valid session cookie: sign in first.' },
  403: {
    name: 'Forbidden',
    description:
      'Not allowed: signed in without the right to do this, or (`cross-site-request`) a change sent by a page of another site or of another port of ours (ADR 0052).',
  },
  404: { name: 'NotFound', description: 'Nothing has this id.' },
  409: { name: 'Conflict', description: 'The current state does not allow this (for example the match is no longer pending).' },
  413: { name: 'PayloadTooLarge', description: 'The upload or body is too large.' },
  429: { name: 'TooManyRequests', description: 'Too many requests from this client; try again later.' },
  503: {
    name: 'Busy',
    description: 'The instance is behind on its writes (`busy`, ADR 0082): send the same request again after `Retry-After` seconds.',
  },
} as const;
export type ErrorStatus = keyof typeof ERROR_RESPONSES;
const isErrorStatus = (status: string): status is `${ErrorStatus}` => status in ERROR_RESPONSES;

/** Marks, in the route's JSON schema, a response that is the shared error body (see openapi-document.ts). */
export const API_ERROR_MARK = 'x-trailbuddy-api-error';

type Schema = Record<string, unknown> & { response?: Record<string, unknown>; operationId?: string; security?: unknown };

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const camel = (segment: string) =>
  segment
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map(capitalise)
    .join('');

/**
 * `GET /api/trails/:id/best-matches` → `getTrailsByIdBestMatches`: the method, then the path
 * without its `/api` prefix, a parameter read as "By<Name>". Unique because method and path are.
 */
export function deriveOperationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^[:{](\w+)}?$/.exec(segment);
      return param ? `By${capitalise(param[1]!)}` : camel(segment);
    });
  return method.toLowerCase() + words.join('');
}

/** A wildcard's value has no name in Fastify (`*`); the document calls it `path`. */
export const WILDCARD_PARAM = 'path';

type Route = Pick<RouteOptions, 'url' | 'config' | 'method'>;

const methodsOf = (route: Partial<Pick<RouteOptions, 'method'>>) => [route.method ?? []].flat();

/** The access a route may state in `config.access` ('signed-in' or 'admin'). */
const declaredAccess = (route: Pick<RouteOptions, 'config'>) => (route.config as { access?: string } | undefined)?.access;

/**
 * A route needs a session when it states an access in `config.access` or documents the 401 its
 * policy (`requireUser`, `requireAdmin`) throws.
 */
const needsSession = (route: Pick<RouteOptions, 'config'>, schema: Schema) =>
  declaredAccess(route) !== undefined || (schema.response !== undefined && '401' in schema.response);

/** The statuses an operation can answer with the error body, from the kind of route it is. */
export function errorStatuses(
  route: Pick<RouteOptions, 'url' | 'config'> & Partial<Pick<RouteOptions, 'method'>>,
  schema: Schema,
): Set<ErrorStatus> {
  const statuses = new Set(
    Object.keys(schema.response ?? {})
      .filter(isErrorStatus)
      .map(Number) as ErrorStatus[],
  );
  if (needsSession(route, schema)) statuses.add(401);
  if (declaredAccess(route) === 'admin') statuses.add(403);
  // The cross-site rule (plugins/cross-site.ts) can refuse any change outside Better Auth's routes.
  if (methodsOf(route).some(changesState) && !OWN_CHECK_ROUTES.includes(route.url)) statuses.add(403);
  // Input is validated: a body, a query or path parameters can be refused.
  if (schema.body || schema.querystring || schema.params) statuses.add(400);
  // A path parameter names something that is looked up.
  if (/[:*]/.test(route.url)) statuses.add(404);
  // Every /api route counts against the per-client limit unless it opts out (security.ts).
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit !== false) statuses.add(429);
  return statuses;
}

/** The session cookie for a route that needs a session, none for a public one; `schema.security` overrides. */
export function operationSecurity(route: Pick<RouteOptions, 'config'>, schema: Schema): unknown[] {
  if (schema.security !== undefined) return schema.security as unknown[];
  return needsSession(route, schema) ? [{ [SESSION_SCHEME]: [] }] : [];
}

/**
 * Fills in a route's OpenAPI schema, still in zod form (before the zod → JSON Schema transform):
 * operationId, security and the derived error responses, each the shared error schema.
 */
export function describeOperation(route: Route, schema: Schema): Schema {
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const response: Record<string, unknown> = { ...schema.response };
  for (const status of errorStatuses(route, schema)) response[status] ??= apiErrorSchema;
  return {
    ...schema,
    operationId: schema.operationId ?? deriveOperationId(method, route.url.replace(/\*$/, `:${WILDCARD_PARAM}`)),
    security: operationSecurity(route, schema),
    response,
  };
}
