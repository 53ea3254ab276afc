import { z } from 'zod';
import { cancelMatchSchema, matchViewSchema } from '@trailbuddy/shared/contracts/match';
import { acceptJoinRequest, declineJoinRequest, requestToJoin } from '../../matches/hike-joins.js';
import { cancelMatch, findSomeoneElse, getMyMatch, listChangedPlans, withdrawMatch } from '../../matches/match-plans.js';
import { errors, uuidParams } from '../schemas.js';
import { matchContextOf } from './context.js';
import { typed, type RouteModule } from '../types.js';

const tags = ['matches'];
const matchResponses = { 200: matchViewSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] };

/** Changing plans (issue 13, ADR 0027): withdraw a request, cancel a confirmed hike, see what happened. */
export const matchPlanRoutes: RouteModule = (app, deps) => {
  const r = typed(app);
  const context = matchContextOf(deps);

  r.post(
    '/api/matches/:id/withdraw',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Withdraw a request or invitation I sent, while it is pending',
        params: uuidParams('Match'),
        response: matchResponses,
      },
    },
    async (req) => (await withdrawMatch(deps.db, await context(req), req.params.id)).match,
  );

  r.post(
    '/api/matches/:id/cancellation',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Cancel a confirmed hike before it starts, with a short reason for my buddy',
        params: uuidParams('Match'),
        body: cancelMatchSchema,
        response: matchResponses,
      },
    },
    async (req) => (await cancelMatch(deps.db, await context(req), req.params.id, req.body)).match,
  );

  r.post(
    '/api/matches/:id/find-someone-else',
    {
      config: { access: 'may-match' },
      schema: {
        tags,
        summary: 'My buddy cancelled our hike: re-open my search for that slot at once',
        params: uuidParams('Match'),
        response: matchResponses,
      },
    },
    async (req) => findSomeoneElse(deps.db, await context(req), req.params.id),
  );

  // Joining a hike with room (ADR 0054).
  r.post(
    '/api/matches/:id/join-requests',
    {
      config: { access: 'may-match' },
      schema: {
        tags,
        summary: 'Ask to join a confirmed hike that has places left',
        params: uuidParams('Match'),
        response: {
          201: z.object({ requestId: z.string() }),
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
          409: errors[409],
        },
      },
    },
    async (req, reply) => reply.status(201).send(await requestToJoin(deps.db, await context(req), req.params.id)),
  );

  r.post(
    '/api/join-requests/:id/accept',
    {
      config: { access: 'may-match' },
      schema: { tags, summary: 'Accept a request to join a hike I am on', params: uuidParams('Request'), response: matchResponses },
    },
    async (req) => acceptJoinRequest(deps.db, await context(req), req.params.id),
  );

  r.post(
    '/api/join-requests/:id/decline',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Decline a request to join a hike I am on, or withdraw my own',
        params: uuidParams('Request'),
        response: {
          200: z.object({ ok: z.literal(true) }),
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
          409: errors[409],
        },
      },
    },
    async (req) => declineJoinRequest(deps.db, await context(req), req.params.id),
  );

  r.get(
    '/api/matches/changed-plans',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Requests and hikes my partners withdrew, rejected or cancelled lately',
        response: { 200: z.object({ matches: z.array(matchViewSchema) }), 401: errors[401] },
      },
    },
    async (req) => {
      const ctx = await context(req);
      return { matches: await listChangedPlans(deps.db, ctx.userId, ctx.now) };
    },
  );

  r.get(
    '/api/matches/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'One of my matches in any state, cancelled ones with why',
        params: uuidParams('Match'),
        response: { 200: matchViewSchema, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (req) => {
      const { userId, now } = await context(req);
      return getMyMatch(deps.db, userId, req.params.id, now);
    },
  );
};
