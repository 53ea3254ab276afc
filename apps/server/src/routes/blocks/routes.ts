import { blockedPersonSchema, blockInputSchema } from '@trailbuddy/shared/contracts/safety';
import { z } from 'zod';
import { requireUser } from '../../policies/session.js';
import { blockPerson, listBlocked, unblockPerson } from '../../safety/blocks.js';
import { errors, idParams } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';

const tags = ['safety'];

/** Blocking (issue 14, ADR 0032): a person blocks, lists and unblocks only their own blocks. */
export const blockRoutes: RouteModule = (app, deps) => {
  const r = typed(app);

  r.post(
    '/api/blocks',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'Block a person: neither sees the other in Best Matches nor can request, invite or write; what was open between them is cancelled. With matchId (from a hike’s card), both must be on that hike',
        body: blockInputSchema,
        response: { 201: z.object({ blocked: z.literal(true) }), 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (req, reply) => {
      const user = await requireUser(req);
      await blockPerson(deps.db, user.id, req.body.userId, deps.now(), req.body.matchId);
      return reply.status(201).send({ blocked: true as const });
    },
  );

  r.get(
    '/api/blocks',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The people I blocked, most recent first',
        response: { 200: z.object({ people: z.array(blockedPersonSchema) }), 401: errors[401] },
      },
    },
    async (req) => ({ people: await listBlocked(deps.db, (await requireUser(req)).id) }),
  );

  r.delete(
    '/api/blocks/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Unblock a person I blocked',
        params: idParams('User'),
        response: { 204: z.null(), 400: errors[400], 401: errors[401] },
      },
    },
    async (req, reply) => {
      await unblockPerson(deps.db, (await requireUser(req)).id, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
