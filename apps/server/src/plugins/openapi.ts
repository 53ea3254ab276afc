import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@trailbuddy/shared/contracts/errors';
import { loadAuthPart } from './openapi-auth.js';
import { finishDocument, sessionSecuritySchemes, type AuthPart, type OpenApiDocument } from './openapi-document.js';
import { API_ERROR_MARK, describeOperation, WILDCARD_PARAM } from './openapi-operations.js';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, unknown>; additionalProperties?: unknown };

/** Fastify's wildcard parameter `*` gets the document's name for it. */
function nameWildcard(url: string, params: JsonSchema | undefined) {
  if (!url.endsWith('*') || !params?.properties?.['*']) return { url, params };
  const { '*': value, ...rest } = params.properties;
  const required = (params.required as string[] | undefined)?.map((p) => (p === '*' ? WILDCARD_PARAM : p));
  return {
    url: `${url.slice(0, -1)}:${WILDCARD_PARAM}`,
    params: { ...params, properties: { ...rest, [WILDCARD_PARAM]: value }, ...(required ? { required } : {}) },
  };
}

/**
 * A query that takes any names (a zod record) is one free-form parameter; listed as it is, its
 * JSON Schema's keywords (`type`, `additionalProperties`) would read as parameter names.
 */
function freeFormQuery(querystring: JsonSchema | undefined): JsonSchema | undefined {
  if (!querystring || querystring.properties || !querystring.additionalProperties) return querystring;
  return { type: 'object', properties: { query: querystring } };
}

/** OpenAPI at /api/openapi.json and Swagger UI at /api/docs, for our routes and Better Auth's. */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    // Better Auth's part is generated once, when every route (and app.auth) exists.
    let authPart: AuthPart | undefined;
    app.addHook('onReady', async () => {
      authPart = await loadAuthPart(app.auth);
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'TrailBuddy API',
          version: '0.1.0',
          description:
            'Weekend trail buddies: trails, profiles and matches, the identity API of the sign-in widget, and Better Auth under ' +
            '`/api/auth`. Protected operations need the session cookie that sign-up and sign-in set. Every error outside ' +
            '`/api/auth` has the body `{ error: { code, message, fields? } }`.',
        },
        // Named here for @fastify/swagger; the document gets Better Auth's actual cookie name.
        components: { securitySchemes: sessionSecuritySchemes('better-auth.session_token') },
      },
      transform: ({ schema, url, route, ...document }) => {
        if (!schema || (schema as { hide?: boolean }).hide) return jsonSchemaTransform({ schema, url, route, ...document });
        const described = describeOperation(route, schema as Record<string, unknown>);
        const errorStatuses = Object.entries(described.response ?? {})
          .filter(([, s]) => s === apiErrorSchema)
          .map(([status]) => status);
        const json = jsonSchemaTransform({ schema: described as FastifySchema, url, route, ...document });
        const out = json.schema as Record<string, unknown> & { response?: Record<string, JsonSchema> };
        for (const status of errorStatuses) out.response![status] = { ...out.response![status], [API_ERROR_MARK]: true };
        // Without a response schema @fastify/swagger documented a plain 200; the derived errors keep it.
        if (!schema.response) out.response!['200'] = { type: 'null', description: 'Default Response' };
        const wildcard = nameWildcard(json.url, out.params as JsonSchema | undefined);
        return {
          url: wildcard.url,
          schema: { ...out, params: wildcard.params, querystring: freeFormQuery(out.querystring as JsonSchema | undefined) },
        };
      },
      transformObject: (document) => {
        if (!authPart) throw new Error('The OpenAPI document is built once the app is ready.');
        return finishDocument(jsonSchemaTransformObject(document) as unknown as OpenApiDocument, authPart);
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      transformStaticCSP: (header) => header,
    });
    app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  },
  // Reads app.auth (Better Auth's own document) once the app is ready.
  { name: 'openapi', dependencies: ['auth-session'] },
);
