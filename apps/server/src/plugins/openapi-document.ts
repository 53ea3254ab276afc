import { z } from 'zod';
import { apiErrorSchema } from '@trailbuddy/shared/contracts/errors';
import { API_ERROR_MARK, ERROR_RESPONSES, SESSION_SCHEME } from './openapi-operations.js';

/** The parts of an OpenAPI 3.1 document this module reads and writes. */
export type JsonObject = Record<string, unknown>;
export interface OpenApiDocument extends JsonObject {
  openapi: string;
  info: JsonObject & { title: string; version: string };
  paths: Record<string, Record<string, JsonObject>>;
  components: JsonObject & { schemas?: JsonObject; responses?: JsonObject; securitySchemes?: JsonObject };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
}

/** Better Auth's part of the document, already fitted to ours (openapi-auth.ts). */
export interface AuthPart {
  origin: string;
  sessionCookie: string;
  paths: OpenApiDocument['paths'];
  schemas: JsonObject;
  tags: { name: string; description: string }[];
}

export const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Each operation of a document, with its path and method. */
export function* operations(paths: OpenApiDocument['paths']) {
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) if (HTTP_METHODS.has(method)) yield { path, method, operation };
  }
}

const TAGS: Record<string, string> = {
  health: 'Whether the server and its database answer.',
  me: 'The signed-in member: profile, photo, avatar and favourite trails.',
  users: 'Public profiles of other members.',
  trails: 'The listed trails (weekly sessions); administrators add and remove them.',
  matches: 'Finding a buddy: searches, invitations, requests, the agenda, feedback.',
  files: 'Stored images and their narrower copies.',
  events: 'Live updates as Server-Sent Events.',
  push: 'Web push: the server’s VAPID key and this browser’s subscription (ADR 0024).',
  account: 'Your account, your data: the JSON archive of what TrailBuddy holds about you, and deleting your account (ADR 0034).',
  vitals: 'Web-vitals beacons from the web app.',
  identity: 'The sign-in widget’s identity API (ADR 0008).',
  admin: 'Administrators’ account controls.',
  development: 'Development-only helpers (absent in production).',
};

/**
 * The finished document: servers, licence and contact, the session cookie's security scheme,
 * the shared error body as one schema and one response per status, and Better Auth's
 * endpoints beside ours, so one document describes everything the server answers.
 */
export function finishDocument(doc: OpenApiDocument, auth: AuthPart): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const [path, item] of Object.entries(doc.paths)) paths[path] = { ...item };
  for (const { operation } of operations(paths)) useSharedErrorResponses(operation);
  for (const [path, item] of Object.entries(auth.paths)) {
    if (paths[path]) throw new Error(`OpenAPI: ${path} is both ours and Better Auth's`);
    paths[path] = item;
  }
  assertUniqueOperationIds(paths);

  const usedTags = new Set([...operations(paths)].flatMap(({ operation }) => (operation.tags as string[] | undefined) ?? []));
  return {
    ...doc,
    info: {
      ...doc.info,
      contact: { name: 'TrailBuddy', url: `${auth.origin}/` },
      // The project publishes no licence: its API description is all rights reserved.
      license: { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-TrailBuddy-Proprietary' },
    },
    servers: [{ url: auth.origin, description: 'This server' }],
    tags: [
      ...Object.entries(TAGS)
        .filter(([name]) => usedTags.has(name))
        .map(([name, description]) => ({ name, description })),
      ...auth.tags,
    ],
    paths,
    components: {
      ...doc.components,
      securitySchemes: sessionSecuritySchemes(auth.sessionCookie),
      schemas: { ...doc.components.schemas, ...auth.schemas, ApiError: apiErrorJsonSchema() },
      responses: Object.fromEntries(
        Object.values(ERROR_RESPONSES).map(({ name, description }) => [
          name,
          { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } },
        ]),
      ),
    },
  };
}

/** The one security scheme: Better Auth's session cookie, under the name Better Auth gives it. */
export const sessionSecuritySchemes = (cookieName: string) => ({
  [SESSION_SCHEME]: {
    type: 'apiKey' as const,
    in: 'cookie',
    name: cookieName,
    description: 'Better Auth’s session cookie, set by sign-up and sign-in (`/api/auth/*`) and by the identity API.',
  },
});

/** `{ error: { code, message, fields?, details? } }` as JSON Schema, from the one zod schema. */
function apiErrorJsonSchema(): JsonObject {
  const { $schema: _drop, ...schema } = z.toJSONSchema(apiErrorSchema, { target: 'draft-2020-12', io: 'output' });
  return { ...schema, description: 'The body of every error the TrailBuddy API (not /api/auth) answers.' };
}

/** A response the route transform marked as the shared error body becomes a reference to it. */
function useSharedErrorResponses(operation: JsonObject) {
  const responses = operation.responses as Record<string, JsonObject> | undefined;
  for (const [status, response] of Object.entries(responses ?? {})) {
    const content = response.content as Record<string, { schema?: JsonObject }> | undefined;
    if (!content?.['application/json']?.schema?.[API_ERROR_MARK]) continue;
    const shared = ERROR_RESPONSES[Number(status) as keyof typeof ERROR_RESPONSES];
    if (!shared) throw new Error(`OpenAPI: no shared error response for status ${status}`);
    responses![status] = { $ref: `#/components/responses/${shared.name}` };
  }
}

function assertUniqueOperationIds(paths: OpenApiDocument['paths']) {
  const seen = new Map<string, string>();
  for (const { path, method, operation } of operations(paths)) {
    const id = operation.operationId as string;
    const where = `${method.toUpperCase()} ${path}`;
    if (seen.has(id)) throw new Error(`OpenAPI: operationId ${id} of ${where} is also that of ${seen.get(id)}`);
    seen.set(id, where);
  }
}
