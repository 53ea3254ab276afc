import { z } from 'zod';
import { meetingPointInputSchema, tripPlanSchema } from '@trailbuddy/shared/contracts/trip';
import { requireUser } from '../../policies/session.js';
import { tripPageByToken } from '../../trips/trip-page.js';
import { checkIn, checkOut, getTripPlan, setMeetingPoint, shareTrip, type TripSettings } from '../../trips/trip-plan.js';
import { errors, uuidParams } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';
import { html } from '../../html.js';
import { definitionList, htmlPage, p, PRIVATE_PAGE_HEADERS } from './page.js';

const tags = ['trips'];
const planResponses = { 200: tripPlanSchema, 400: errors[400], 401: errors[401], 404: errors[404], 409: errors[409] };
const tokenParams = z.object({ token: z.string().min(1).max(200, 'Token is too long.') });

/**
 * The trip plan of a match (issue 14, ADR 0033): the meeting point, "Share my trip", check-in and
 * check-out, for the match's participants only (404 for anyone else); and the read-only trip page
 * the contact opens by its token alone.
 */
export function tripRoutesWith(settings: Omit<TripSettings, 'timeZone'>): RouteModule {
  return (app, { db, now, timeZone }) => {
    const r = typed(app);
    const full: TripSettings = { ...settings, timeZone };
    const action = (url: string, summary: string, run: (userId: string, matchId: string) => Promise<z.infer<typeof tripPlanSchema>>) =>
      r.post(
        url,
        { config: { access: 'signed-in' }, schema: { tags, summary, params: uuidParams('Match'), response: planResponses } },
        async (req) => run((await requireUser(req)).id, req.params.id),
      );

    r.get(
      '/api/matches/:id/trip',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'My trip plan of one of my matches (the meeting point once confirmed)',
          params: uuidParams('Match'),
          response: planResponses,
        },
      },
      async (req) => getTripPlan(db, (await requireUser(req)).id, req.params.id),
    );

    r.put(
      '/api/matches/:id/meeting-point',
      {
        config: { access: 'signed-in' },
        schema: {
          tags,
          summary: 'Set or clear the exact meeting point of a confirmed hike (or my custom event)',
          params: uuidParams('Match'),
          body: meetingPointInputSchema,
          response: planResponses,
        },
      },
      async (req) => setMeetingPoint(db, (await requireUser(req)).id, req.params.id, req.body.meetingPoint, now()),
    );

    action('/api/matches/:id/trip/share', 'Share my trip: mail my confirmed emergency contact the trip card', (userId, matchId) =>
      shareTrip(db, userId, matchId, full, now()),
    );
    action('/api/matches/:id/check-in', 'Check in at the start of a confirmed hike', (userId, matchId) =>
      checkIn(db, userId, matchId, now()),
    );
    action('/api/matches/:id/check-out', 'Check out at the end; both check-outs complete the match', (userId, matchId) =>
      checkOut(db, userId, matchId, now()),
    );

    r.get(
      '/trip/:token',
      // No access: the token is the credential (the contact has no account); hidden from the API document.
      { schema: { hide: true, params: tokenParams } },
      async (req, reply) => {
        const page = await tripPageByToken(db, req.params.token, { ...full, now: now() });
        reply.headers(PRIVATE_PAGE_HEADERS);
        if (!page) {
          return reply.status(404).send(htmlPage('Trip page not available', p('This trip page does not exist or has expired.')));
        }
        const { card } = page;
        const status = page.cancelled
          ? 'This hike was cancelled.'
          : page.checkedOutAt
            ? `${card.travellerName} checked out at ${page.checkedOutAt}.`
            : page.checkedInAt
              ? `${card.travellerName} checked in at ${page.checkedInAt} and has not checked out yet.`
              : `${card.travellerName} has not checked in yet.`;
        const photo = card.buddyPhoto ? html`<p><img src="${card.buddyPhoto}" alt="" width="72" height="72"></p>` : '';
        return reply.send(
          htmlPage(`${card.travellerName}'s hike`, [
            p(status),
            definitionList([
              ['Trail', card.trailName],
              ['Trailhead', card.trailhead],
              ['Meeting point', card.meetingPoint],
              ['Map', card.mapLink ? 'Open the map' : '', card.mapLink],
              ['Date', card.date],
              ['Start', card.startTime],
              ['Expected return', card.expectedReturn],
              ['Hiking with', card.buddyFirstName],
            ]),
            photo,
            p('This page is read-only and stops working a day after the expected return.'),
          ]),
        );
      },
    );
  };
}
