import { z } from 'zod';
import {
  type MatchView,
  bestMatchesQuerySchema,
  bestMatchPageSchema,
  customDateSchema,
  inviteSchema,
  matchViewSchema,
  pastPartnerSchema,
  startSearchSchema,
} from '@trailbuddy/shared/contracts/match';
import { feedbackInputSchema } from '@trailbuddy/shared/domain/feedback';
import { bestMatches } from '../../matches/best-matches.js';
import { giveFeedback, pendingFeedbackPrompt } from '../../matches/feedback.js';
import { hikesCancelledByMyBlock } from '../../safety/blocks.js';
import {
  acceptMatch,
  cancelSearch,
  deleteCreatedEvent,
  invite,
  listMyMatches,
  listPastPartners,
  proposeDate,
  rejectMatch,
  requestMatch,
  startSearch,
  type MatchContext,
} from '../../matches/matches.js';
import { errors, uuidParams } from '../schemas.js';
import { matchContextOf } from './context.js';
import { matchPlanRoutes } from './plans.js';
import { typed, type RouteDeps, type RouteModule } from '../types.js';

const tags = ['matches'];
const matchResponses = { 200: matchViewSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] };

export const matchRoutes: RouteModule = (app, deps) => {
  const r = typed(app);
  const context = matchContextOf(deps);

  r.post(
    '/api/matches/search',
    {
      config: { access: 'may-match' },
      schema: {
        tags,
        summary: 'Find a buddy: start (or return) my search for a trail and day',
        body: startSearchSchema,
        response: {
          200: z.object({ match: matchViewSchema, created: z.boolean() }),
          400: errors[400],
          401: errors[401],
          403: errors[403],
          404: errors[404],
          409: errors[409],
        },
      },
    },
    async (req) => startSearch(deps.db, await context(req), req.body),
  );

  r.get(
    '/api/trails/:id/best-matches',
    {
      config: { access: 'may-match' },
      schema: {
        tags,
        summary: 'A page of other users ranked for this trail and day: everyone searching it, then the best-fitting others',
        params: uuidParams('Trail'),
        querystring: bestMatchesQuerySchema,
        response: { 200: bestMatchPageSchema, 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404] },
      },
    },
    async (req) => {
      const ctx = await context(req);
      return bestMatches(deps.db, ctx.userId, req.params.id, req.query, deps.timeZone, ctx.now);
    },
  );

  r.post(
    '/api/matches/invite',
    {
      config: { access: 'may-match' },
      schema: {
        tags,
        summary: 'Invite to Hike: invite a user to my search for a trail and day',
        body: inviteSchema,
        response: matchResponses,
      },
    },
    async (req) => invite(deps.db, await context(req), req.body),
  );

  r.post(
    '/api/matches/custom',
    {
      config: { access: 'may-match' },
      schema: { tags, summary: 'Propose a Date: a 2-hour event of my own on a trail', body: customDateSchema, response: matchResponses },
    },
    async (req) => proposeDate(deps.db, await context(req), req.body),
  );

  // Pairing up (request, accept) is matching (ADR 0030); backing out never waits for a verification.
  const transition = (
    path: string,
    summary: string,
    access: 'may-match' | 'signed-in',
    run: (deps: RouteDeps, ctx: MatchContext, id: string) => Promise<MatchView>,
  ) =>
    r.post(path, { config: { access }, schema: { tags, summary, params: uuidParams('Match'), response: matchResponses } }, async (req) =>
      run(deps, await context(req), req.params.id),
    );
  transition('/api/matches/:id/request', "Send a request to another user's search", 'may-match', (d, ctx, id) =>
    requestMatch(d.db, ctx, id),
  );
  transition('/api/matches/:id/accept', 'Accept a pending match', 'may-match', (d, ctx, id) => acceptMatch(d.db, ctx, id));
  transition('/api/matches/:id/reject', 'Reject a pending match', 'signed-in', (d, ctx, id) => rejectMatch(d.db, ctx, id));
  transition('/api/matches/:id/cancel', 'Cancel Search', 'signed-in', (d, ctx, id) => cancelSearch(d.db, ctx, id));

  r.delete(
    '/api/matches/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Delete one of my created events',
        params: uuidParams('Match'),
        response: { 204: z.null(), 400: errors[400], 401: errors[401], 403: errors[403], 404: errors[404], 409: errors[409] },
      },
    },
    async (req, reply) => {
      await deleteCreatedEvent(deps.db, await context(req), req.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/api/matches/mine',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary:
          'My matches (all but cancelled, except a confirmed hike my own block cancelled, until it ends), for the agenda and the matches page',
        response: { 200: z.object({ matches: z.array(matchViewSchema) }), 401: errors[401] },
      },
    },
    async (req) => {
      const { userId, now } = await context(req);
      // The hikes my block ended stay on their card, saying so with the way back (ADR 0067).
      return { matches: [...(await listMyMatches(deps.db, userId, now)), ...(await hikesCancelledByMyBlock(deps.db, userId, now))] };
    },
  );

  r.get(
    '/api/matches/partners',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'My past partners with their compatibility',
        response: { 200: z.object({ partners: z.array(pastPartnerSchema) }), 401: errors[401] },
      },
    },
    async (req) => {
      const ctx = await context(req);
      return { partners: await listPastPartners(deps.db, ctx.userId, ctx.now) };
    },
  );

  r.get(
    '/api/matches/feedback-prompt',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The match I should give feedback on now, if any',
        response: { 200: z.object({ match: matchViewSchema.nullable() }), 401: errors[401] },
      },
    },
    async (req) => {
      const ctx = await context(req);
      return { match: await pendingFeedbackPrompt(deps.db, ctx.userId, ctx.now) };
    },
  );

  r.post(
    '/api/matches/:id/feedback',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Give feedback on a finished match',
        params: uuidParams('Match'),
        body: feedbackInputSchema,
        response: matchResponses,
      },
    },
    async (req) => giveFeedback(deps.db, await context(req), req.params.id, req.body),
  );

  r.post(
    '/api/matches/:id/feedback/skip',
    {
      config: { access: 'signed-in' },
      schema: { tags, summary: 'Skip feedback on a finished match', params: uuidParams('Match'), response: matchResponses },
    },
    async (req) => giveFeedback(deps.db, await context(req), req.params.id, { skipped: true }),
  );

  matchPlanRoutes(app, deps);
};
