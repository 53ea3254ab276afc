import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_NOTE_MAX } from '@trailbuddy/shared/contracts/match';
import { matches, notifications } from '../../db/schema/index.js';
import { api, createMatchWorld, registeredUser, WEDNESDAY, type MatchWorld } from '../../test/match-fixtures.js';
import type { TestUser } from '../../test/test-app.js';

let w: MatchWorld;
let ana: TestUser;
let rui: TestUser;
let eve: TestUser;
beforeAll(async () => {
  w = await createMatchWorld();
  ana = await registeredUser(w.t, 'ana@example.com', { fullName: 'Ana Ribeiro' });
  rui = await registeredUser(w.t, 'rui@example.com', { fullName: 'Rui Santos' });
  eve = await registeredUser(w.t, 'eve@example.com');
});
afterAll(async () => w.t.close());

const notificationsOf = (matchId: string) =>
  w.t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.matchId, matchId))
    .then((rows) => rows.map((n) => ({ to: n.recipientId, kind: n.kind, actor: n.actorId, params: n.params })));

const row = async (id: string) => (await w.t.database.db.select().from(matches).where(eq(matches.id, id)))[0]!;

/** Ana searches Saturday; Rui requests it: a pending match that Rui sent. */
async function requestFromRui(day: 'saturday' | 'sunday' = 'saturday') {
  const search = (await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day })).json().match;
  const res = await api(w.t, rui).post(`/api/matches/${search.id}/request`);
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string };
}

/** Ana invites Rui for a day, Rui accepts: a confirmed hike. */
async function confirmedHike(day: 'saturday' | 'sunday') {
  const invitation = (await api(w.t, ana).post('/api/matches/invite', { userId: rui.id, trailId: w.trailId, day })).json();
  const accepted = await api(w.t, rui).post(`/api/matches/${invitation.id}/accept`);
  expect(accepted.statusCode).toBe(200);
  return accepted.json() as { id: string; startTime: string };
}

describe('withdrawing a request or invitation', () => {
  it('lets only its sender withdraw it while pending; the searcher gets the search back; both see why', async () => {
    w.clock.now = WEDNESDAY;
    const request = await requestFromRui();

    expect((await api(w.t, undefined).post(`/api/matches/${request.id}/withdraw`)).statusCode).toBe(401);
    const outsider = await api(w.t, eve).post(`/api/matches/${request.id}/withdraw`);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json().error.code).toBe('not-participant');
    const receiver = await api(w.t, ana).post(`/api/matches/${request.id}/withdraw`);
    expect(receiver.statusCode).toBe(403);
    expect(receiver.json().error.message).toBe('Only the person who sent this request can withdraw it.');
    expect((await row(request.id)).status).toBe('pending');
    expect((await notificationsOf(request.id)).filter((n) => n.kind === 'request-withdrawn')).toEqual([]);

    const res = await api(w.t, rui).post(`/api/matches/${request.id}/withdraw`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancellation: { kind: 'withdrawn', by: 'me', late: false } });
    expect(await row(request.id)).toMatchObject({ status: 'cancelled', cancelReason: 'withdrawn', cancelledBy: rui.id });
    // The partner is told, once, on every channel notify() serves; the one who withdrew is not.
    expect((await notificationsOf(request.id)).filter((n) => n.kind === 'request-withdrawn')).toEqual([
      { to: ana.id, kind: 'request-withdrawn', actor: rui.id, params: expect.objectContaining({ actorName: 'Rui Santos' }) },
    ]);

    // Ana's search was the request's row: she has an open search for the slot again.
    const [again] = await w.t.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.id1, ana.id), eq(matches.fromMatchId, request.id), eq(matches.status, 'searching')));
    expect(again).toBeDefined();

    const seenByAna = await api(w.t, ana).get(`/api/matches/${request.id}`);
    expect(seenByAna.json()).toMatchObject({ status: 'cancelled', cancellation: { kind: 'withdrawn', by: 'partner' } });
    expect((await api(w.t, ana).get('/api/matches/changed-plans')).json().matches.map((m: { id: string }) => m.id)).toContain(request.id);
    expect((await api(w.t, eve).get(`/api/matches/${request.id}`)).statusCode).toBe(404);

    const twice = await api(w.t, rui).post(`/api/matches/${request.id}/withdraw`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This match is cancelled; it can no longer be withdrawn.');
  });

  it('withdraws an invitation, which simply ends', async () => {
    const invitation = (await api(w.t, ana).post('/api/matches/invite', { userId: rui.id, trailId: w.trailId, day: 'sunday' })).json();
    expect((await api(w.t, rui).post(`/api/matches/${invitation.id}/withdraw`)).statusCode).toBe(403);
    const res = await api(w.t, ana).post(`/api/matches/${invitation.id}/withdraw`);
    expect(res.statusCode).toBe(200);
    const searches = await w.t.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.fromMatchId, invitation.id), eq(matches.status, 'searching')));
    expect(searches).toEqual([]);
  });

  it('a withdrawal racing an accept: exactly one wins, every time', async () => {
    for (let round = 0; round < 8; round++) {
      const request = await requestFromRui(round % 2 ? 'sunday' : 'saturday');
      const [withdrawn, accepted] = await Promise.all([
        api(w.t, rui).post(`/api/matches/${request.id}/withdraw`),
        api(w.t, ana).post(`/api/matches/${request.id}/accept`),
      ]);
      expect([withdrawn.statusCode, accepted.statusCode].sort()).toEqual([200, 409]);
      const final = await row(request.id);
      expect(final.status).toBe(withdrawn.statusCode === 200 ? 'cancelled' : 'confirmed');
      // The loser's transaction left nothing: a withdrawal notification exactly when it won.
      const told = (await notificationsOf(request.id)).filter((n) => n.kind === 'request-withdrawn');
      expect(told).toHaveLength(withdrawn.statusCode === 200 ? 1 : 0);
      // Tidy up so the next round starts from no confirmed hike on the slot.
      if (final.status === 'confirmed') await api(w.t, ana).post(`/api/matches/${request.id}/cancellation`, { reason: 'test round' });
      const open = await w.t.database.db
        .select()
        .from(matches)
        .where(and(eq(matches.id1, ana.id), eq(matches.status, 'searching')));
      for (const m of open) await api(w.t, ana).post(`/api/matches/${m.id}/cancel`);
    }
  });
});

describe('cancelling a confirmed hike', () => {
  it('needs a short reason (400 naming the field) and a participant', async () => {
    w.clock.now = WEDNESDAY;
    const hike = await confirmedHike('saturday');
    const url = `/api/matches/${hike.id}/cancellation`;

    expect((await api(w.t, undefined).post(url, { reason: 'x' })).statusCode).toBe(401);
    for (const body of [{}, { reason: '   ' }, { reason: 'x'.repeat(CANCEL_NOTE_MAX + 1) }]) {
      const res = await api(w.t, rui).post(url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields)).toEqual(['reason']);
    }
    const outsider = await api(w.t, eve).post(url, { reason: 'I am not in it' });
    expect(outsider.statusCode).toBe(403);
    expect((await row(hike.id)).status).toBe('confirmed');
    // Refused attempts leave nothing behind: no notification either.
    expect((await notificationsOf(hike.id)).filter((n) => n.kind === 'match-cancelled')).toEqual([]);
  });

  it('records who cancelled and why; not late three days ahead; the partner sees the note', async () => {
    w.clock.now = WEDNESDAY;
    const [hike] = await w.t.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.id1, ana.id), eq(matches.status, 'confirmed')));
    const res = await api(w.t, rui).post(`/api/matches/${hike!.id}/cancellation`, { reason: '  Twisted my ankle, sorry!  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancellation: { kind: 'cancelled', by: 'me', note: 'Twisted my ankle, sorry!', late: false },
    });
    expect(await row(hike!.id)).toMatchObject({ cancelledBy: rui.id, cancelNote: 'Twisted my ankle, sorry!', lateCancel: false });
    expect((await notificationsOf(hike!.id)).filter((n) => n.kind === 'match-cancelled')).toEqual([
      { to: ana.id, kind: 'match-cancelled', actor: rui.id, params: expect.objectContaining({ reason: 'Twisted my ankle, sorry!' }) },
    ]);

    const plans = (await api(w.t, ana).get('/api/matches/changed-plans')).json().matches;
    expect(plans.find((m: { id: string }) => m.id === hike!.id)).toMatchObject({
      cancellation: { kind: 'cancelled', by: 'partner', note: 'Twisted my ankle, sorry!' },
    });
    const again = await api(w.t, ana).post(`/api/matches/${hike!.id}/cancellation`, { reason: 'me too' });
    expect(again.statusCode).toBe(409);
  });

  it('records a late cancellation inside the last 24 hours, and refuses once the hike has started', async () => {
    w.clock.now = WEDNESDAY;
    const late = await confirmedHike('sunday');
    const started = await confirmedHike('saturday');

    // Saturday 21st 12:00 UTC: Saturday's 10:00 (Lisbon) session has started; Sunday's is 22 hours away.
    w.clock.now = new Date('2026-11-21T12:00:00Z');
    const res = await api(w.t, ana).post(`/api/matches/${late.id}/cancellation`, { reason: 'Storm warning' });
    expect(res.statusCode).toBe(200);
    expect(res.json().cancellation).toMatchObject({ late: true, by: 'me' });
    expect(await row(late.id)).toMatchObject({ lateCancel: true, cancelledBy: ana.id, cancelledAt: w.clock.now });

    const tooLate = await api(w.t, ana).post(`/api/matches/${started.id}/cancellation`, { reason: 'Overslept' });
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toBe('This hike has already started; it can no longer be cancelled.');
    expect((await row(started.id)).status).toBe('confirmed');
    w.clock.now = WEDNESDAY;
  });
});

describe('proposing the same date twice', () => {
  it('creates one custom event; the second is a 409', async () => {
    const startTime = '2026-11-28T15:00:00Z';
    const first = await api(w.t, eve).post('/api/matches/custom', { trailId: w.trailId, startTime });
    expect(first.statusCode).toBe(200);
    const second = await api(w.t, eve).post('/api/matches/custom', { trailId: w.trailId, startTime });
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'already-exists',
      message: 'You already proposed a date on this trail at this time.',
    });
    const both = await Promise.all(
      [1, 2].map(() => api(w.t, eve).post('/api/matches/custom', { trailId: w.trailId, startTime: '2026-11-29T15:00:00Z' })),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
