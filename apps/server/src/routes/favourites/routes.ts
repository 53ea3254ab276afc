import { z } from 'zod';
import { trailListQuerySchema, trailPageSchema } from '@trailbuddy/shared/contracts/trail';
import { requireUser } from '../../policies/session.js';
import { addFavourite, listFavouriteTrailIds, removeFavourite } from '../../trails/favourites.js';
import { listTrailPage } from '../../trails/trails.js';
import { errors, uuidParams } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';

const tags = ['me'];

/** The trail-detail favourite toggle, persisted per user. */
export const favouriteRoutes: RouteModule = (app, { db, now }) => {
  const r = typed(app);

  r.get(
    '/api/me/favourites/trails',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'A page of my favourite trails, as GET /api/trails pages and filters them (Home’s Favourites filter)',
        querystring: trailListQuerySchema,
        response: { 200: trailPageSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (req) => listTrailPage(db, req.query, now(), (await requireUser(req)).id),
  );

  r.get(
    '/api/me/favourites',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'My favourite trails', response: { 200: z.object({ trailIds: z.array(z.string()) }), 401: errors[401] } },
    },
    async (req) => ({ trailIds: await listFavouriteTrailIds(db, (await requireUser(req)).id) }),
  );

  r.put(
    '/api/me/favourites/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Mark a trail as a favourite',
        params: uuidParams('Trail'),
        response: { 204: z.null(), 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (req, reply) => {
      await addFavourite(db, (await requireUser(req)).id, req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.delete(
    '/api/me/favourites/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Unmark a favourite trail',
        params: uuidParams('Trail'),
        response: { 204: z.null(), 400: errors[400], 401: errors[401] },
      },
    },
    async (req, reply) => {
      await removeFavourite(db, (await requireUser(req)).id, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
