import { z } from 'zod';
import { mintIdToken, verifyIdToken } from '../../identity/id-token.js';
import { identityError } from '../../identity/errors.js';
import { tenantOfUser } from '../../identity/users.js';
import { requireUser } from '../../policies/session.js';
import { errors } from '../schemas.js';
import type { RouteModule } from '../types.js';
import { typed } from '../types.js';
import { identityTags as tags } from './kit.js';

const tokenResponse = z.object({
  token: z.string(),
  issuedAt: z.string(),
  /** Where the client syncs it and the oldest token it may send; null when sync is off. */
  sync: z.object({ url: z.string(), maxAgeS: z.number().int() }).nullable(),
});

/** Session token sync (SPEC §7): ID tokens for the signed-in user and the default sync target. */
export const tokenRoutes: RouteModule = (app, deps) => {
  const r = typed(app);
  const { tokenSecret, tokenSync } = deps.identity;

  r.get(
    '/api/identity/token',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'A fresh ID token for the signed-in user', response: { 200: tokenResponse, 401: errors[401] } },
    },
    async (req) => {
      const user = await requireUser(req);
      const now = deps.now();
      // A tenant account's address is its real one, not the users.email placeholder (ADR 0009).
      const tenant = await tenantOfUser(deps.db, user.id);
      const email = tenant?.tenantId ? tenant.contactEmail : user.isAnonymous ? null : user.email;
      return {
        token: await mintIdToken(tokenSecret, { id: user.id, email, tenantId: tenant?.tenantId ?? null }, now),
        issuedAt: now.toISOString(),
        sync: tokenSync.url ? { url: tokenSync.url, maxAgeS: tokenSync.maxAgeS } : null,
      };
    },
  );

  r.post(
    '/api/identity/token-sync',
    {
      schema: {
        tags,
        summary: 'Token sync target: verifies the bearer ID token',
        response: { 200: z.object({ uid: z.string() }), 400: errors[400] },
      },
    },
    async (req) => {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const claims = bearer ? await verifyIdToken(tokenSecret, bearer, deps.now(), tokenSync.maxAgeS) : null;
      if (!claims) throw identityError('invalid-credential', { field: 'authorization' });
      return { uid: claims.sub };
    },
  );

  r.delete(
    '/api/identity/token-sync',
    { schema: { tags, summary: 'Token sync target: the client signed out', response: { 204: z.null() } } },
    async (_req, reply) => reply.status(204).send(null),
  );
};
