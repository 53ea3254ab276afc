import { z } from 'zod';
import { calendarFeedCreatedSchema, calendarFeedStatusSchema } from '@trailbuddy/shared/contracts/calendar';
import { createOrRotateFeed, feedMatches, feedOwner, feedStatus, revokeFeed } from '../../calendar/feeds.js';
import { firstName, matchesCalendar } from '../../calendar/ics.js';
import { conflict, notFound } from '../../errors.js';
import { requireUser } from '../../policies/session.js';
import { getMyMatch } from '../../matches/match-plans.js';
import { errors, uuidParams } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';

const tags = ['calendar'];
const ICS = 'text/calendar; charset=utf-8';
/** Calendar apps poll a subscription; this is the pace we ask for (they may poll less often). */
const FEED_REFRESH_SECONDS = 60 * 60;
const icsResponse = (description: string) => ({ description, content: { 'text/calendar': { schema: z.string() } } });

/** A file name a download can carry: the trail's name in plain letters, digits and dashes. */
const fileNameOf = (trailName: string | undefined) =>
  `trailbuddy-${(trailName ?? 'hike')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()}.ics`;

/**
 * "Add to calendar" for a confirmed match, and the personal calendar feed (ADR 0027): a secret
 * subscription URL whose token only its hash in the database can recognise.
 */
export function calendarRoutesWith({ appUrl }: { appUrl: string }): RouteModule {
  return (app, { db, now }) => {
    const r = typed(app);

    r.get(
      '/api/calendar/matches/:id',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Add to calendar: one confirmed match as an .ics file, with a reminder alarm',
          params: uuidParams('Match'),
          response: { 200: icsResponse('An iCalendar file'), 400: errors[400], 401: errors[401], 404: errors[404], 409: errors[409] },
        },
      },
      async (req, reply) => {
        const user = await requireUser(req);
        const at = now();
        const match = await getMyMatch(db, user.id, req.params.id, at);
        if (match.status !== 'confirmed' && match.status !== 'completed') {
          throw conflict('Only a confirmed hike can be added to a calendar.', 'failed-precondition');
        }
        const name = match.partner ? `Hike with ${firstName(match.partner.name)}` : 'TrailBuddy hike';
        const body = matchesCalendar([match], { appUrl, name, now: at });
        return reply
          .header('content-type', ICS)
          .header('content-disposition', `attachment; filename="${fileNameOf(match.trail?.name)}"`)
          .header('cache-control', 'private, no-store')
          .send(body);
      },
    );

    r.get(
      '/api/calendar/feed',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Whether my calendar feed exists (its URL is shown only when made)',
          response: { 200: calendarFeedStatusSchema, 401: errors[401] },
        },
      },
      async (req) => feedStatus(db, (await requireUser(req)).id),
    );

    r.post(
      '/api/calendar/feed',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Create my calendar feed, or rotate it (the previous URL stops working)',
          response: { 200: calendarFeedCreatedSchema, 401: errors[401] },
        },
      },
      async (req) => createOrRotateFeed(db, (await requireUser(req)).id, appUrl, now()),
    );

    r.delete(
      '/api/calendar/feed',
      {
        config: { access: 'signed-in' },
        schema: { tags, summary: 'Revoke my calendar feed', response: { 204: z.null(), 401: errors[401] } },
      },
      async (req, reply) => {
        await revokeFeed(db, (await requireUser(req)).id);
        return reply.status(204).send(null);
      },
    );

    r.get(
      '/api/calendar/feed/:token',
      {
        // No access: the token is the credential, since calendar apps subscribe without a session.
        schema: {
          tags,
          summary: 'A personal calendar feed (subscribe by URL): searching, pending, confirmed and recently cancelled sessions',
          params: z.object({ token: z.string().max(200, 'Token is too long.') }),
          response: { 200: icsResponse('An iCalendar feed'), 400: errors[400], 404: errors[404] },
        },
      },
      async (req, reply) => {
        // Unknown, rotated and revoked tokens get the same 404: the answer says nothing of which.
        const owner = await feedOwner(db, req.params.token.replace(/\.ics$/, ''));
        if (!owner) throw notFound('Calendar feed');
        const at = now();
        const body = matchesCalendar(await feedMatches(db, owner, at), {
          appUrl,
          name: 'TrailBuddy',
          now: at,
          refreshSeconds: FEED_REFRESH_SECONDS,
        });
        return reply
          .header('content-type', ICS)
          .header('cache-control', 'private, no-cache')
          .header('referrer-policy', 'no-referrer')
          .send(body);
      },
    );
  };
}
