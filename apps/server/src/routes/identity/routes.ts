import { tenantFieldSchema } from '@trailbuddy/shared/contracts/identity-tenants';
import { z } from 'zod';
import { completeMerge, createAnonymousUser } from '../../identity/anonymous.js';
import { presentIdentityUser } from '../../identity/users.js';
import { requireUser } from '../../policies/session.js';
import { errors } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';
import { tokenRoutes } from './token.js';
import { emailRoutes } from './email.js';
import { emailLinkRoutes } from './email-link.js';
import {
  assertSameOrigin,
  identityTags as tags,
  limitPerClient,
  requestTenant,
  respondSignedIn,
  signedInResponse,
  upgradableGuest,
} from './kit.js';
import { emailChangeRoutes } from './email-change.js';
import { secondFactorRoutes } from './second-factor.js';
import { phoneRoutes } from './phone.js';
import { federatedRoutes } from './federated.js';
import { tenantRoutes } from './tenants.js';

/**
 * The identity API the sign-in widget talks to (ADR 0008): sign-in methods, guests, e-mail links,
 * phone codes, federated providers and account actions, each answering the widget's error codes.
 * Each method family registers its routes from its own module below.
 */
export const identityRoutes: RouteModule = async (app, deps) => {
  app.addHook('preHandler', async (req) => assertSameOrigin(req, deps));
  const r = typed(app);

  r.get(
    '/api/identity/user',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'The signed-in identity', response: { 200: signedInResponse, 401: errors[401] } },
    },
    async (req) => ({ user: await presentIdentityUser(deps.db, (await requireUser(req)).id) }),
  );

  r.post(
    '/api/identity/anonymous',
    {
      schema: {
        tags,
        summary: 'Continue as guest (an existing guest session of the same tenant is kept)',
        description: 'With tenantId, the guest belongs to that tenant, which must offer the anonymous sign-in option.',
        body: tenantFieldSchema.nullish(),
        response: { 200: signedInResponse, 400: errors[400], 403: errors[403], 429: errors[400] },
      },
    },
    async (req, reply) => {
      const tenantId = requestTenant(deps, req.body?.tenantId, 'anonymous')?.id ?? null;
      const guestId = await upgradableGuest(req, deps, tenantId);
      if (guestId) return { user: await presentIdentityUser(deps.db, guestId) };
      await limitPerClient(req, deps, 'anonymous');
      return respondSignedIn(req, reply, deps, await createAnonymousUser(deps.db, tenantId));
    },
  );

  r.post(
    '/api/identity/merge',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Finish a merge conflict: move the guest's data to the existing account and sign in to it",
        body: z.object({ mergeToken: z.string().min(1, 'mergeToken is required.') }),
        response: { 200: signedInResponse, 400: errors[400], 401: errors[401] },
      },
    },
    async (req, reply) => {
      const guest = await requireUser(req);
      const existingUserId = await completeMerge(deps.db, req.body.mergeToken, guest.id, deps.now());
      return respondSignedIn(req, reply, deps, existingUserId);
    },
  );

  await tokenRoutes(app, deps);
  await emailRoutes(app, deps);
  await emailLinkRoutes(app, deps);
  await emailChangeRoutes(app, deps);
  await secondFactorRoutes(app, deps);
  await phoneRoutes(app, deps);
  await federatedRoutes(app, deps);
  await tenantRoutes(app, deps);
};
