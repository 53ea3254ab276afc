import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { matches, reports, userBlocks } from '../../db/schema/index.js';
import { api, createMatchWorld, registeredUser, WEDNESDAY, type MatchWorld } from '../../test/match-fixtures.js';
import type { TestUser } from '../../test/test-app.js';

// Report and Block on a hike's card, for everyone on it (issue 23, ADR 0067): the server takes a
// report or a block about any co-member of the hike it names, refuses anyone else, and keeps the
// hike a block ended on the blocker's list until it ends.

let w: MatchWorld;
let ana: TestUser;
let rui: TestUser;
let eva: TestUser;
let oli: TestUser;
let hikeId: string;
beforeAll(async () => {
  w = await createMatchWorld();
  ana = await registeredUser(w.t, 'ana@example.com', { fullName: 'Ana Ribeiro' });
  rui = await registeredUser(w.t, 'rui@example.com', { fullName: 'Rui Santos' });
  eva = await registeredUser(w.t, 'eva@example.com', { fullName: 'Eva Lopes' });
  oli = await registeredUser(w.t, 'oli@example.com', { fullName: 'Oli Costa' });
  // Ana's hike for three on Saturday: Rui (her partner, the first other) and Eva, who joined.
  const search = (await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'saturday', capacity: 3 })).json().match;
  hikeId = search.id;
  expect((await api(w.t, rui).post(`/api/matches/${hikeId}/request`)).statusCode).toBe(200);
  expect((await api(w.t, ana).post(`/api/matches/${hikeId}/accept`)).statusCode).toBe(200);
  const asked = await api(w.t, eva).post(`/api/matches/${hikeId}/join-requests`);
  expect((await api(w.t, rui).post(`/api/join-requests/${asked.json().requestId}/accept`)).statusCode).toBe(200);
  const hike = (await w.t.database.db.select().from(matches).where(eq(matches.id, hikeId)))[0]!;
  expect(hike.participants.sort()).toEqual([ana.id, rui.id, eva.id].sort());
  // Eva is not the match's partner column for Ana: the card used to offer Report and Block to Rui only.
  expect([hike.id1, hike.id2]).not.toContain(eva.id);
});
afterAll(async () => w.t.close());

const report = (who: TestUser, userId: string, matchId = hikeId) =>
  api(w.t, who).post('/api/reports', { userId, reason: 'no-show', details: 'Did not come.', matchId });
const block = (who: TestUser, userId: string, matchId = hikeId) => api(w.t, who).post('/api/blocks', { userId, matchId });
const mine = async (who: TestUser) => (await api(w.t, who).get('/api/matches/mine')).json().matches as MatchView[];
const blocksOf = (who: TestUser) => w.t.database.db.select().from(userBlocks).where(eq(userBlocks.blockerId, who.id));

describe('Report and Block for everyone on a hike', () => {
  it('takes a report about any co-member of the hike, each with the hike copied in', async () => {
    for (const [from, about] of [
      [ana, eva],
      [ana, rui],
      [eva, rui],
      [rui, eva],
    ] as const) {
      const res = await report(from, about.id);
      expect(res.statusCode).toBe(201);
      const [stored] = await w.t.database.db.select().from(reports).where(eq(reports.id, res.json().id));
      expect(stored!.context.match?.id).toBe(hikeId);
      expect(stored!.context.match?.participants.sort()).toEqual([ana.id, rui.id, eva.id].sort());
    }
  });

  it('refuses a report or a block naming the hike when either person is not on it, and writes nothing', async () => {
    const reportsBefore = (await w.t.database.db.select().from(reports)).length;
    // Someone on the hike about someone who is not; someone who is not about someone who is.
    for (const res of [await report(ana, oli.id), await report(oli, eva.id), await block(ana, oli.id), await block(oli, rui.id)]) {
      expect([res.statusCode, res.json().error.message]).toEqual([404, 'Match not found.']);
    }
    expect(await w.t.database.db.select().from(reports)).toHaveLength(reportsBefore);
    expect(await blocksOf(ana)).toHaveLength(0);
    expect(await blocksOf(oli)).toHaveLength(0);
    expect((await w.t.database.db.select().from(matches).where(eq(matches.id, hikeId)))[0]!.status).toBe('confirmed');
    // A match id that is not a UUID is a 400 naming it.
    const bad = await api(w.t, ana).post('/api/blocks', { userId: eva.id, matchId: 'nope' });
    expect([bad.statusCode, Object.keys(bad.json().error.fields)]).toEqual([400, ['matchId']]);
  });

  it('takes a block of the second other person on the hike; the blocker keeps the hike on her list, saying so, until it ends', async () => {
    w.clock.now = WEDNESDAY;
    const res = await block(ana, eva.id);
    expect([res.statusCode, res.json()]).toEqual([201, { blocked: true }]);
    expect((await blocksOf(ana)).map((b) => b.blockedId)).toEqual([eva.id]);

    // Before the fix the hike left Ana's list with the other cancelled matches, so the card that
    // said "You blocked Eva" vanished as soon as the list was fetched again.
    const kept = (await mine(ana)).find((m) => m.id === hikeId);
    expect(kept).toMatchObject({ status: 'cancelled', cancellation: { kind: 'blocked', by: 'me' } });
    expect(kept!.people.map((p) => p.profile.id).sort()).toEqual([rui.id, eva.id].sort());
    // Blocked people are still seen as "no longer available" (ADR 0038).
    expect(kept!.people.find((p) => p.profile.id === eva.id)!.profile.name).toMatch(/ \(no longer available\)$/);

    // Eva's side reads as any cancelled hike: not on her list, never the word "blocked".
    expect((await mine(eva)).some((m) => m.id === hikeId)).toBe(false);
    const seenByEva = await api(w.t, eva).get(`/api/matches/${hikeId}`);
    expect(seenByEva.json().cancellation.kind).toBe('cancelled');
    expect(seenByEva.body).not.toMatch(/block/i);

    // Unblocking leaves the card (the hike stays cancelled) until the session ends, then it goes.
    expect((await api(w.t, ana).delete(`/api/blocks/${eva.id}`)).statusCode).toBe(204);
    expect((await mine(ana)).find((m) => m.id === hikeId)?.cancellation?.kind).toBe('blocked');
    w.clock.now = new Date('2026-11-21T23:00:00Z');
    try {
      expect((await mine(ana)).some((m) => m.id === hikeId)).toBe(false);
    } finally {
      w.clock.now = WEDNESDAY;
    }
  });
});
