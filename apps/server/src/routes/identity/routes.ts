import { presentIdentityUser } from '../../identity/users.js';
import { requireUser } from '../../policies/session.js';
import { errors } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';
import { tokenRoutes } from './token.js';
import { emailRoutes } from './email.js';
import { assertSameOrigin, identityTags as tags, signedInResponse } from './kit.js';
import { emailChangeRoutes } from './email-change.js';

/**
 * The identity API the sign-in widget talks to (ADR 0008): sign-in methods, phone codes,
 *, federated providers and account actions, each answering the widget's error codes.
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

  await tokenRoutes(app, deps);
  await emailRoutes(app, deps);
  await emailChangeRoutes(app, deps);
};
