import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, notifications } from '../../db/schema/index.js';
import { queuedMail } from '../../test/queued-jobs.js';
import { anaBrunoCarla, api, createMatchWorld, registeredUser, WEDNESDAY, type MatchWorld } from '../../test/match-fixtures.js';
import type { TestUser } from '../../test/test-app.js';

let w: MatchWorld;
let ana: TestUser;
let bruno: TestUser;
let carla: TestUser;
beforeAll(async () => {
  w = await createMatchWorld();
  ({ ana, bruno, carla } = await anaBrunoCarla(w.t));
});
afterAll(async () => w.t.close());

const SATURDAY_10_LISBON = '2026-11-21T10:00:00.000Z';
const SUNDAY_10_LISBON = '2026-11-22T10:00:00.000Z';

describe('the whole journey: search, request, accept, mails, feedback, completed', () => {
  let searchId: string;

  it('starts a search for the chosen day, and returns the same one when asked again', async () => {
    const first = await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      created: true,
      match: { status: 'searching', startTime: SATURDAY_10_LISBON, role: 'creator', partner: null },
    });
    searchId = first.json().match.id;
    const again = await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' });
    expect(again.json()).toMatchObject({ created: false, match: { id: searchId } });
    const sunday = await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' });
    expect(sunday.json()).toMatchObject({ created: true, match: { startTime: SUNDAY_10_LISBON } });
  });

  it('shows Ana first in Bruno’s Best Matches, with her search and their compatibility', async () => {
    const res = await api(w.t, bruno).get(`/api/trails/${w.trailId}/best-matches?day=saturday`);
    expect(res.statusCode).toBe(200);
    const [first, ...rest] = res.json().candidates;
    // hiking advanced vs intermediate: skill 50; pace and adventure equal: 50 + 20 + 15 = 85 → round(67.5) = 68.
    expect(first).toMatchObject({ profile: { id: ana.id, name: 'ana' }, searchingMatchId: searchId, compatibility: 68 });
    expect(rest.map((c: { profile: { id: string } }) => c.profile.id)).not.toContain(bruno.id);
    expect(JSON.stringify(res.json())).not.toContain('@example.com');
  });

  it('refuses a request to one’s own search', async () => {
    const res = await api(w.t, ana).post(`/api/matches/${searchId}/request`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You cannot confirm a match with yourself.');
  });

  it('turns the search pending when Bruno sends a request', async () => {
    const res = await api(w.t, bruno).post(`/api/matches/${searchId}/request`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', role: 'partner', partner: { id: ana.id }, awaitingMyAnswer: false });
    const anaView = (await api(w.t, ana).get('/api/matches/mine')).json().matches.find((m: { id: string }) => m.id === searchId);
    expect(anaView).toMatchObject({ status: 'pending', awaitingMyAnswer: true, partner: { id: bruno.id } });
  });

  it('does not let the requester accept his own request, nor an outsider reject it', async () => {
    const self = await api(w.t, bruno).post(`/api/matches/${searchId}/accept`);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe('You cannot confirm a match with yourself.');
    const outsider = await api(w.t, carla).post(`/api/matches/${searchId}/reject`);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().error.message).toBe('Only a participant may cancel or reject this match.');
    expect((await api(w.t, carla).post(`/api/matches/${searchId}/accept`)).statusCode).toBe(403);
  });

  it('confirms on Ana’s accept: compatibility, no new search for her (ADR 0054), her match-confirmed mail and Bruno’s notification', async () => {
    const res = await api(w.t, ana).post(`/api/matches/${searchId}/accept`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'confirmed', compatibility: 68 });
    expect(res.json().confirmedAt).toBe(WEDNESDAY.toISOString());

    // Accepting opens no new search (ADR 0054 replaces product §4's rule): one hike at a time.
    const fresh = await w.t.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.id1, ana.id), eq(matches.status, 'searching'), eq(matches.startTime, new Date(SATURDAY_10_LISBON))));
    expect(fresh).toEqual([]);
    expect(res.json()).toMatchObject({ capacity: 2, placesLeft: 0, people: [expect.objectContaining({ compatibility: 68 })] });

    // Bruno, who asked, hears through the notifications (ADR 0025); Ana gets the mail of product §7 at once.
    const mails = await queuedMail(w.t.database.db, { template: 'match-confirmed' });
    expect(mails.map((m) => m.to)).toEqual(['ana@example.com']);
    const [toBruno] = await w.t.database.db.select().from(notifications).where(eq(notifications.recipientId, bruno.id));
    expect(toBruno).toMatchObject({ kind: 'match-accepted', matchId: searchId, actorId: ana.id, mailStatus: 'pending' });
    const toAna = mails.find((m) => m.to === 'ana@example.com')!;
    expect(toAna.params).toMatchObject({
      to_email: 'ana@example.com',
      to_name: 'ana',
      partner_name: 'bruno',
      partner_bio: 'Weekend hiker who loves a good view.',
      partner_skill_level: 'Intermediate',
      trail_name: 'Arrábida Ridge',
      location: 'Setúbal, Portugal',
    });
    expect(toAna.params.start_time).toContain('10:00');
    expect(toAna.params.end_time).toContain('13:00');

    const again = await api(w.t, ana).post(`/api/matches/${searchId}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('confirmed');
  });

  it('asks for feedback only after the end, and completes once both answered', async () => {
    expect((await api(w.t, ana).get('/api/matches/feedback-prompt')).json()).toEqual({ match: null });
    const early = await api(w.t, ana).post(`/api/matches/${searchId}/feedback`, { attended: true, rating: 4 });
    expect(early.statusCode).toBe(409);

    w.clock.now = new Date('2026-11-21T14:00:00Z');
    const prompt = (await api(w.t, ana).get('/api/matches/feedback-prompt')).json();
    expect(prompt.match).toMatchObject({ id: searchId, status: 'confirmed' });

    const missing = await api(w.t, ana).post(`/api/matches/${searchId}/feedback`, { rating: 4 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields).toHaveProperty('attended');

    const given = await api(w.t, ana).post(`/api/matches/${searchId}/feedback`, {
      attended: true,
      rating: 4,
      wouldHikeAgain: true,
      comment: 'Great pace!',
    });
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({
      status: 'confirmed',
      myFeedback: { attended: true, rating: 4, wouldHikeAgain: true, comment: 'Great pace!', skipped: false },
    });
    expect((await api(w.t, ana).get('/api/matches/feedback-prompt')).json()).toEqual({ match: null });
    expect((await api(w.t, ana).post(`/api/matches/${searchId}/feedback`, { attended: true })).statusCode).toBe(409);
    expect((await api(w.t, carla).post(`/api/matches/${searchId}/feedback/skip`)).statusCode).toBe(403);

    const skipped = await api(w.t, bruno).post(`/api/matches/${searchId}/feedback/skip`);
    expect(skipped.json()).toMatchObject({ status: 'completed', myFeedback: { skipped: true } });
  });

  it('lists past partners with their percent', async () => {
    const res = await api(w.t, bruno).get('/api/matches/partners');
    expect(res.json().partners).toEqual([
      expect.objectContaining({ profile: expect.objectContaining({ id: ana.id }), compatibility: 68, matchId: searchId }),
    ]);
  });
});

describe('invite, custom dates, cancel and delete', () => {
  it('invites a user from a profile; the invitee accepts', async () => {
    w.clock.now = WEDNESDAY;
    const invited = await api(w.t, carla).post('/api/matches/invite', { userId: bruno.id, trailId: w.trailId, day: 'sunday' });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toMatchObject({ status: 'pending', role: 'creator', partner: { id: bruno.id }, startTime: SUNDAY_10_LISBON });
    const selfInvite = await api(w.t, carla).post('/api/matches/invite', { userId: carla.id, trailId: w.trailId, day: 'sunday' });
    expect(selfInvite.json().error.message).toBe('You cannot confirm a match with yourself.');
    const accepted = await api(w.t, bruno).post(`/api/matches/${invited.json().id}/accept`);
    expect(accepted.json()).toMatchObject({ status: 'confirmed', role: 'partner' });
  });

  it('rejects a pending match as user_cancelled, and hides it', async () => {
    const invited = await api(w.t, carla).post('/api/matches/invite', { userId: ana.id, trailId: w.trailId, day: 'saturday' });
    const rejected = await api(w.t, ana).post(`/api/matches/${invited.json().id}/reject`);
    expect(rejected.json()).toMatchObject({ status: 'cancelled' });
    const [row] = await w.t.database.db.select().from(matches).where(eq(matches.id, invited.json().id));
    expect(row?.cancelReason).toBe('user_cancelled');
    const mine = (await api(w.t, ana).get('/api/matches/mine')).json().matches;
    expect(mine.map((m: { id: string }) => m.id)).not.toContain(invited.json().id);
  });

  it('cancels a search (searcher only) and refuses to cancel a non-searching match', async () => {
    const search = (await api(w.t, carla).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' })).json().match;
    expect((await api(w.t, bruno).post(`/api/matches/${search.id}/cancel`)).statusCode).toBe(403);
    const cancelled = await api(w.t, carla).post(`/api/matches/${search.id}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const again = await api(w.t, carla).post(`/api/matches/${search.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('cancelled');
  });

  it('proposes a custom date as a manual event as long as the trail, that only its creator can delete', async () => {
    const past = await api(w.t, ana).post('/api/matches/custom', { trailId: w.trailId, startTime: '2026-11-01T10:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toHaveProperty('startTime');
    const created = await api(w.t, ana).post('/api/matches/custom', { trailId: w.trailId, startTime: '2026-11-28T09:30:00Z' });
    expect(created.json()).toMatchObject({
      status: 'active',
      createdManually: true,
      startTime: '2026-11-28T09:30:00.000Z',
      // The trail's own duration, 3 hours (ADR 0054), not a fixed 2.
      endTime: '2026-11-28T12:30:00.000Z',
    });
    const id = created.json().id;
    expect((await api(w.t, bruno).delete(`/api/matches/${id}`)).statusCode).toBe(403);
    expect((await api(w.t, ana).delete(`/api/matches/${id}`)).statusCode).toBe(204);
    expect((await api(w.t, ana).delete(`/api/matches/${id}`)).statusCode).toBe(404);
  });

  it('refuses deleting a match that is not a created event', async () => {
    const search = (await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' })).json().match;
    const res = await api(w.t, ana).delete(`/api/matches/${search.id}`);
    expect(res.statusCode).toBe(409);
  });
});

describe('input and access', () => {
  it.each([
    ['/api/matches/search', { trailId: 'nope', day: 'saturday' }, 'trailId'],
    ['/api/matches/search', { trailId: '00000000-0000-4000-8000-000000000000', day: 'monday' }, 'day'],
    ['/api/matches/invite', { trailId: '00000000-0000-4000-8000-000000000000', day: 'sunday' }, 'userId'],
    ['/api/matches/custom', { trailId: '00000000-0000-4000-8000-000000000000', startTime: 'tomorrow' }, 'startTime'],
  ])('POST %s refuses bad input naming the field', async (url, payload, field) => {
    const res = await api(w.t, ana).post(url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('answers 404 for unknown trails and matches', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await api(w.t, ana).post('/api/matches/search', { trailId: missing, day: 'saturday' })).statusCode).toBe(404);
    expect((await api(w.t, ana).post(`/api/matches/${missing}/accept`)).statusCode).toBe(404);
    expect((await api(w.t, ana).get(`/api/trails/${missing}/best-matches?day=saturday`)).statusCode).toBe(404);
  });

  it.each([
    ['POST', '/api/matches/search'],
    ['GET', '/api/matches/mine'],
    ['GET', '/api/matches/partners'],
    ['GET', '/api/matches/feedback-prompt'],
    ['POST', '/api/matches/00000000-0000-4000-8000-000000000000/accept'],
  ])('%s %s refuses visitors', async (method, url) => {
    const payload = method === 'POST' ? { trailId: '00000000-0000-4000-8000-000000000000', day: 'saturday' } : undefined;
    const res = await w.t.app.inject({ method: method as 'GET' | 'POST', url, payload });
    expect(res.statusCode).toBe(401);
  });
});

describe('rejecting and past partners, as a new user meets them', () => {
  let dora: TestUser;
  let emil: TestUser;
  beforeAll(async () => {
    w.clock.now = WEDNESDAY;
    dora = await registeredUser(w.t, 'dora@example.com');
    emil = await registeredUser(w.t, 'emil@example.com');
  });

  const searchesOf = (user: TestUser) =>
    w.t.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.id1, user.id), eq(matches.status, 'searching')));

  it('rejecting a request to my search rejects only the request: my search goes on', async () => {
    w.clock.now = WEDNESDAY;
    const search = (await api(w.t, dora).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' })).json().match;
    expect((await api(w.t, emil).post(`/api/matches/${search.id}/request`)).json()).toMatchObject({ status: 'pending' });

    const rejected = await api(w.t, dora).post(`/api/matches/${search.id}/reject`);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'cancelled' });

    const open = await searchesOf(dora);
    expect(open).toEqual([
      expect.objectContaining({ trailId: w.trailId, startTime: new Date(SATURDAY_10_LISBON), fromMatchId: search.id }),
    ]);
    const mine = (await api(w.t, dora).get('/api/matches/mine')).json().matches;
    expect(mine).toEqual([expect.objectContaining({ id: open[0]!.id, status: 'searching', startTime: SATURDAY_10_LISBON })]);
    // Emil's request is over; he has nothing open for the slot.
    expect((await api(w.t, emil).get('/api/matches/mine')).json().matches).toEqual([]);
  });

  it('withdrawing my request to someone’s search leaves their search open too', async () => {
    const [search] = await searchesOf(dora);
    await api(w.t, emil).post(`/api/matches/${search!.id}/request`);
    expect((await api(w.t, emil).post(`/api/matches/${search!.id}/reject`)).json()).toMatchObject({ status: 'cancelled' });
    expect(await searchesOf(dora)).toEqual([expect.objectContaining({ fromMatchId: search!.id, status: 'searching' })]);
  });

  it('an invitation from a profile ends when it is rejected, without leaving a search behind', async () => {
    const invited = await api(w.t, emil).post('/api/matches/invite', { userId: dora.id, trailId: w.trailId, day: 'sunday' });
    expect((await api(w.t, dora).post(`/api/matches/${invited.json().id}/reject`)).json()).toMatchObject({ status: 'cancelled' });
    expect(await searchesOf(emil)).toEqual([]);
  });

  it('does not list a confirmed hike that has not happened yet among past partners', async () => {
    const invited = await api(w.t, emil).post('/api/matches/invite', { userId: dora.id, trailId: w.trailId, day: 'sunday' });
    expect((await api(w.t, dora).post(`/api/matches/${invited.json().id}/accept`)).json()).toMatchObject({ status: 'confirmed' });
    expect((await api(w.t, dora).get('/api/matches/partners')).json().partners).toEqual([]);
    expect((await api(w.t, emil).get('/api/matches/partners')).json().partners).toEqual([]);

    // Sunday's session runs 10:00–13:00 Lisbon time; once it has ended it is a past hike.
    w.clock.now = new Date('2026-11-22T13:00:00Z');
    const partners = (await api(w.t, dora).get('/api/matches/partners')).json().partners;
    expect(partners).toEqual([expect.objectContaining({ profile: expect.objectContaining({ id: emil.id }), matchId: invited.json().id })]);
    w.clock.now = WEDNESDAY;
  });
});
