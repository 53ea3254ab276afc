import type { BetterAuthOptions } from 'better-auth';
import { freshSessionMiddleware, sensitiveSessionMiddleware, sessionMiddleware } from 'better-auth/api';
import { z } from 'zod';
import type { Auth } from '../auth/auth.js';
import { HOOKED_REQUEST_BODIES } from '../auth/request-bodies.js';
import { HTTP_METHODS, type AuthPart, type JsonObject, type OpenApiDocument } from './openapi-document.js';
import { deriveOperationId, SESSION_SCHEME } from './openapi-operations.js';

/** Where Better Auth is mounted (auth.ts `basePath`); its own document's paths are relative to it. */
const AUTH_BASE = '/api/auth';
const AUTH_TAG = { name: 'auth', description: 'Better Auth: e-mail and password sign-up and sign-in, sessions, passwords, e-mail.' };

/** Better Auth endpoints that refuse a request without a session: its middleware says so. */
const SESSION_MIDDLEWARES = new Set<unknown>([sessionMiddleware, freshSessionMiddleware, sensitiveSessionMiddleware]);
/**
 * Endpoints that look the session up in their handler instead (Better Auth's account.ts:
 * an HTTP caller without one gets a 401), and the one that works with or without a session.
 */
const HANDLER_CHECKS_SESSION = new Set(['/refresh-token', '/get-access-token', '/account-info']);
const SESSION_OPTIONAL = new Set(['/get-session']);

/**
 * The body of errors under /api/auth (plugins/auth-session.ts `authErrorBody`): the API's one error
 * body, with Better Auth's own code and message also at the top level for its client.
 */
const AUTH_ERROR_SCHEMA = {
  description: 'The body of errors under /api/auth: the one error body (ApiError), and Better Auth’s own code and message beside it.',
  allOf: [
    { $ref: '#/components/schemas/ApiError' },
    { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } }, required: ['code', 'message'] },
  ],
};

/** A request body Better Auth generated, with the fields our hooks read on that endpoint added (auth/request-bodies.ts). */
function withHookedFields(path: string, requestBody: unknown): unknown {
  const ours = HOOKED_REQUEST_BODIES[path];
  const generated = (requestBody as { content?: { 'application/json'?: { schema?: JsonObject } } } | undefined)?.content?.[
    'application/json'
  ]?.schema;
  if (!ours || !generated) return requestBody;
  const { properties, required } = z.toJSONSchema(ours, { target: 'draft-2020-12', io: 'input' }) as JsonObject;
  // A field both describe keeps Better Auth's description beside our rules.
  const theirs = (generated.properties ?? {}) as Record<string, JsonObject>;
  const merged = { ...theirs };
  for (const [name, field] of Object.entries(properties as Record<string, JsonObject>)) merged[name] = { ...theirs[name], ...field };
  const schema = { ...generated, properties: merged, required: required ?? [] };
  return { ...(requestBody as JsonObject), content: { 'application/json': { schema } } };
}

type Endpoint = { path?: string; options?: { use?: unknown[]; metadata?: { openapi?: { summary?: unknown } } } };

function sessionNeeds(auth: Auth): Map<string, 'required' | 'optional'> {
  const needs = new Map<string, 'required' | 'optional'>();
  for (const endpoint of Object.values(auth.api as Record<string, Endpoint>)) {
    const path = endpoint?.path;
    if (!path) continue;
    if (SESSION_OPTIONAL.has(path)) needs.set(path, 'optional');
    else if (HANDLER_CHECKS_SESSION.has(path) || endpoint.options?.use?.some((m) => SESSION_MIDDLEWARES.has(m)))
      needs.set(path, 'required');
  }
  return needs;
}

/** The summaries our plugins give their endpoints, which Better Auth's generator drops (it keeps only the description). */
function endpointSummaries(auth: Auth): Map<string, string> {
  const summaries = new Map<string, string>();
  for (const endpoint of Object.values(auth.api as Record<string, Endpoint>)) {
    const summary = endpoint?.options?.metadata?.openapi?.summary;
    if (endpoint?.path && typeof summary === 'string') summaries.set(endpoint.path, summary);
  }
  return summaries;
}

/** `nullable: true` is OpenAPI 3.0; Better Auth's 3.1 document still uses it in places. */
function toJsonSchema2020(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema2020);
  if (!value || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as JsonObject;
  const out: JsonObject = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, toJsonSchema2020(v)]));
  if (nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.type)) out.type = [...new Set([...(out.type as string[]), 'null'])];
    else return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

/** Better Auth's `{ message }` error schemas become references to the one AuthError schema. */
function fitResponses(responses: Record<string, JsonObject>): Record<string, JsonObject> {
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      if (Number(status) < 400) return [status, response];
      return [
        status,
        { description: response.description, content: { 'application/json': { schema: { $ref: '#/components/schemas/AuthError' } } } },
      ];
    }),
  );
}

/** Listed by Better Auth's generator whatever the configuration, but refused with 405 in ours. */
function answersOnlyNotAllowed(options: BetterAuthOptions, method: string, path: string) {
  return method === 'post' && path === '/get-session' && !options.session?.deferSessionRefresh;
}

/** Better Auth describes, but does not summarise: its description's first sentence is the summary. */
function summaryOf(description: string | undefined, method: string, path: string): string {
  const sentence = description?.split(/(?<=\.)\s/)[0]?.replace(/\.$/, '');
  return sentence || `${method.toUpperCase()} ${AUTH_BASE}${path}`;
}

/**
 * Better Auth's generated document (its `openAPI` plugin), fitted to ours: paths under
 * /api/auth, our session-cookie scheme instead of its bearer scheme, security per operation
 * from how each endpoint checks the session, an operationId on every operation, and its
 * error bodies as one schema.
 */
export async function loadAuthPart(auth: Auth): Promise<AuthPart> {
  const generated = (await auth.api.generateOpenAPISchema()) as unknown as OpenApiDocument;
  const context = await auth.$context;
  const needs = sessionNeeds(auth);
  const summaries = endpointSummaries(auth);
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, item] of Object.entries(generated.paths)) {
    // Better Auth writes `/reset-password/{token}`; its own routes are `/reset-password/:token`.
    const routePath = path.replace(/\{(\w+)\}/g, ':$1');
    const need = needs.get(routePath);
    const fitted: Record<string, JsonObject> = {};
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || answersOnlyNotAllowed(context.options, method, routePath)) continue;
      const { responses, parameters, requestBody, ...rest } = toJsonSchema2020(operation) as JsonObject;
      fitted[method] = {
        ...rest,
        ...(requestBody !== undefined && { requestBody: withHookedFields(routePath, requestBody) }),
        summary: summaries.get(routePath) ?? summaryOf(rest.description as string | undefined, method, path),
        ...(Array.isArray(parameters) && parameters.length > 0 ? { parameters } : {}),
        tags: [AUTH_TAG.name],
        operationId: (rest.operationId as string | undefined) ?? deriveOperationId(method, AUTH_BASE + path),
        security: need === 'required' ? [{ [SESSION_SCHEME]: [] }] : need === 'optional' ? [{}, { [SESSION_SCHEME]: [] }] : [],
        responses: fitResponses(responses as Record<string, JsonObject>),
      };
    }
    paths[AUTH_BASE + path] = fitted;
  }
  // Its models (User, Session, …) that no operation refers to would only be unused components.
  const referenced = JSON.stringify(paths);
  const models = Object.entries(toJsonSchema2020(generated.components.schemas) as JsonObject).filter(([name]) =>
    referenced.includes(`"#/components/schemas/${name}"`),
  );
  return {
    origin: new URL(context.baseURL).origin,
    sessionCookie: context.authCookies.sessionToken.name,
    paths,
    schemas: { ...Object.fromEntries(models), AuthError: AUTH_ERROR_SCHEMA },
    tags: [AUTH_TAG],
  };
}
