import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { AppError, badRequest, invalidField } from '../errors.js';
import { fieldWithNul, jsonNestedDeeperThan, MAX_JSON_DEPTH } from './untrusted-input.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `data`: the route only ever answers JSON, which a browser never renders as a document, so
     * it gets the two headers that protect such a body (no MIME sniffing, no cross-site reads)
     * instead of the document headers (CSP, framing, referrer…). For hot public reads (ADR 0015).
     */
    securityHeaders?: 'document' | 'data';
  }
}

/**
 * Security headers with a real Content-Security-Policy (the SPA loads only its own scripts,
 * styles and images; uploaded images come from /api/files on the same origin) and a per-IP
 * request limit on the API. Swagger UI needs inline styles and scripts, so /api/docs gets a
 * looser policy of its own (see openapi.ts).
 *
 * Input no route should have to think about is refused here, before validation, for every
 * route (Better Auth's included): JSON nested deeper than MAX_JSON_DEPTH and any NUL character.
 */
async function security(app: FastifyInstance, opts: { rateLimitMax: number }) {
  // helmet's middleware, built once. @fastify/helmet rebuilds it (parsing the whole policy) on
  // every request, which cost GET /api/trails about a tenth of its throughput (ADR 0015); we use
  // none of what it adds (per-route options, CSP nonces).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Trail images may be shown by other origins' link previews; the API is same-origin anyway.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  const dataHeaders = helmet({
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    const headers = req.routeOptions.config.securityHeaders === 'data' ? dataHeaders : securityHeaders;
    headers(req.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  await app.register(rateLimit, {
    global: true,
    max: opts.rateLimitMax,
    timeWindow: '1 minute',
    // Static files of the SPA are not worth counting; the API is.
    allowList: (req) => !req.url.startsWith('/api/'),
    // What this returns is thrown: an AppError reaches the error handler as the one error shape.
    errorResponseBuilder: (_req, ctx) => new AppError(429, 'too-many-requests', `Too many requests. Try again in ${ctx.after}.`),
  });

  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonNestedDeeperThan(body as string, MAX_JSON_DEPTH)) {
      return done(badRequest(`The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`, { body: 'Nested too deeply.' }));
    }
    return parseJson(req, body as string, done);
  });

  app.addHook('preValidation', async (req: FastifyRequest) => {
    for (const part of [req.params, req.query, req.body]) {
      const field = fieldWithNul(part);
      if (field !== null) throw invalidField(field || 'body', `${field || 'The request body'} must not contain a NUL character.`);
    }
  });
}

export const securityPlugin = fp(security, { name: 'security', dependencies: ['errors'], fastify: '5.x' });
