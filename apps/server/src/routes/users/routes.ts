import { publicProfileSchema } from '@trailbuddy/shared/contracts/profile';
import { maySeeProfile } from '../../policies/profile-visibility.js';
import { requireUser } from '../../policies/session.js';
import { getPublicProfile } from '../../profiles/profiles.js';
import { notFound } from '../../errors.js';
import { errors, idParams } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';

const tags = ['users'];

/**
 * Another person's public profile, never with an e-mail or phone, and only for someone with a
 * reason to see it (ADR 0030). No route lists the members.
 */
export const userRoutes: RouteModule = (app, deps) => {
  const r = typed(app);

  r.get(
    '/api/users/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          "Another user's public profile: for their match partners, the viewer of a search they are a Best Match of, and administrators",
        params: idParams('User'),
        response: { 200: publicProfileSchema, 401: errors[401], 404: errors[404] },
      },
    },
    async (req) => {
      const viewer = await requireUser(req);
      // Unknown and not yours to see answer alike: a 403 would confirm that the account exists.
      const profile = (await maySeeProfile(deps, viewer, req.params.id)) ? await getPublicProfile(deps.db, req.params.id) : null;
      if (!profile) throw notFound('Profile');
      return profile;
    },
  );
};
