import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every other
 * non-API path, since the SPA routes in the browser (/admin, /auth, /...).
 */
export const staticPlugin = fp(async (app: FastifyInstance, opts: { root: string }) => {
  if (!existsSync(join(opts.root, 'index.html'))) {
    app.log.warn({ root: opts.root }, 'the web app is not built; run `npm run build` (npm start does it for you)');
    return;
  }
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    // The build writes .br and .gz beside each asset (scripts/build.mjs).
    preCompressed: true,
    setHeaders: (reply, path) => {
      const immutable = path.includes(`${join(opts.root, 'assets')}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { schema: { hide: true }, config: { rateLimit: false } }, (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/')) {
      return reply.status(404).send({ error: { code: 'not-found', message: `No route for ${req.method} ${path}.` } });
    }
    // A missing asset is a 404, not the app page (a stale tab asking for an old chunk).
    if (/\.[a-z0-9]+$/i.test(path)) return reply.status(404).send({ error: { code: 'not-found', message: 'File not found.' } });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
