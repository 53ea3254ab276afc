import { z } from 'zod';
import { publicProfileSchema } from '@trailbuddy/shared/contracts/profile';
import { requireUser } from '../../policies/session.js';
import { getPublicProfile, listPublicProfiles } from '../../services/profiles.js';
import { notFound } from '../../errors.js';
import { errors, idParams } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';

const tags = ['users'];

/** Other users' public profiles: signed-in users only, and never with an e-mail address. */
export const userRoutes: RouteModule = (app, { db }) => {
  const r = typed(app);

  r.get(
    '/api/users',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Public profiles of every registered user',
        response: { 200: z.object({ users: z.array(publicProfileSchema) }), 401: errors[401] },
      },
    },
    async (req) => {
      await requireUser(req);
      return { users: await listPublicProfiles(db) };
    },
  );

  r.get(
    '/api/users/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: "Another user's public profile",
        params: idParams('User'),
        response: { 200: publicProfileSchema, 401: errors[401], 404: errors[404] },
      },
    },
    async (req) => {
      await requireUser(req);
      const profile = await getPublicProfile(db, req.params.id);
      if (!profile) throw notFound('Profile');
      return profile;
    },
  );
};
