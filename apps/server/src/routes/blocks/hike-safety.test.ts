import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { hikeRequests, matches, notifications, profiles, reports, userBlocks } from '../../db/schema/index.js';
import { api, createMatchWorld, registeredUser, WEDNESDAY, type MatchWorld } from '../../test/match-fixtures.js';
import type { TestUser } from '../../test/test-app.js';

// Report and Block on a hike's card, for everyone on it (issue 23, ADR 0067): the server takes a
// report or a block about any co-member of the hike it names, refuses anyone else, and keeps the
// hike a block ended on the blocker's list until it ends. On a hike of three or more the block
// takes the blocker off it and the others keep their hike (ADR 0073).

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

  it('takes a block of the second other person: the blocker leaves, the other two keep a confirmed hike and are told of a leave only', async () => {
    // Friday noon, less than 24 hours before Saturday 10:00: a leave now would count as late.
    w.clock.now = FRIDAY_NOON;
    try {
      const res = await block(ana, eva.id);
      expect([res.statusCode, res.json()]).toEqual([201, { blocked: true }]);
    } finally {
      w.clock.now = WEDNESDAY;
    }
    expect((await blocksOf(ana)).map((b) => b.blockedId)).toEqual([eva.id]);

    // The hike goes on for Rui and Eva; Ana is off it.
    const [hike] = await w.t.database.db.select().from(matches).where(eq(matches.id, hikeId));
    expect(hike).toMatchObject({ status: 'confirmed', cancelReason: null });
    expect([...hike!.participants].sort()).toEqual([rui.id, eva.id].sort());
    for (const [who, other] of [
      [rui, eva],
      [eva, rui],
    ] as const) {
      const theirs = (await mine(who)).find((m) => m.id === hikeId);
      expect(theirs).toMatchObject({ status: 'confirmed', cancellation: null, placesLeft: 1 });
      expect(theirs!.people.map((p) => p.profile.id)).toEqual([other.id]);
    }

    // The leave is recorded as one made on a block, never late: the reliability signal does not count it.
    const leaves = await w.t.database.db.select().from(hikeRequests).where(eq(hikeRequests.matchId, hikeId));
    expect(leaves.filter((r) => r.userId === ana.id).map((r) => [r.status, r.late])).toEqual([['left-on-block', false]]);
    const [anaProfile] = await w.t.database.db.select().from(profiles).where(eq(profiles.userId, ana.id));
    expect(anaProfile!.lateCancels).toBe(0);

    // Rui and Eva are told exactly what a leave tells them, on every channel, and nothing of a block.
    for (const who of [rui, eva]) {
      const told = await w.t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, who.id), eq(notifications.matchId, hikeId), eq(notifications.kind, 'hike-left')));
      expect(told.map((n) => [n.actorId, n.inApp, n.mailStatus])).toEqual([[ana.id, true, 'pending']]);
      const listed = await api(w.t, who).get('/api/notifications');
      // Eva sees Ana as a blocked pair sees each other everywhere (ADR 0038), Rui by her name.
      expect(listed.body).toContain(`${who === rui ? 'Ana Ribeiro' : 'Ana (no longer available)'} left your hike on Arrábida Ridge.`);
      expect(listed.body).not.toMatch(/block/i);
    }
    // Eva, the blocked person, sees nothing of the block: not on her hike, not in its view.
    const seenByEva = await api(w.t, eva).get(`/api/matches/${hikeId}`);
    expect(seenByEva.json()).toMatchObject({ status: 'confirmed', cancellation: null });
    expect(seenByEva.body).not.toMatch(/block/i);
    expect((await api(w.t, eva).get('/api/matches/mine')).body).not.toMatch(/block/i);

    // Ana's card keeps the hike, saying she left it on her block, with everyone still on it.
    const kept = (await mine(ana)).find((m) => m.id === hikeId);
    expect(kept).toMatchObject({
      status: 'cancelled',
      cancellation: { kind: 'blocked', by: 'me', late: false, hikeGoesOn: true },
      placesLeft: 0,
      joinRequests: [],
    });
    expect(kept!.people.map((p) => p.profile.id).sort()).toEqual([rui.id, eva.id].sort());
    // Blocked people are still seen as "no longer available" (ADR 0038).
    expect(kept!.people.find((p) => p.profile.id === eva.id)!.profile.name).toMatch(/ \(no longer available\)$/);
    // Ana is no longer on it: its own view is not hers.
    expect((await api(w.t, ana).get(`/api/matches/${hikeId}`)).statusCode).toBe(404);

    // Unblocking leaves the card (Ana stays off the hike) until the session ends, then it goes.
    expect((await api(w.t, ana).delete(`/api/blocks/${eva.id}`)).statusCode).toBe(204);
    expect((await mine(ana)).find((m) => m.id === hikeId)?.cancellation).toMatchObject({ kind: 'blocked', hikeGoesOn: true });
    w.clock.now = new Date('2026-11-21T23:00:00Z');
    try {
      expect((await mine(ana)).some((m) => m.id === hikeId)).toBe(false);
    } finally {
      w.clock.now = WEDNESDAY;
    }
  });
});

describe('a block on a hike of two', () => {
  it('ends the hike as before: the blocker keeps the card, the blocked person reads a cancelled hike and may find someone else', async () => {
    const [sam, tia] = await people('sam', 'tia');
    const id = await hikeOf(sam, tia, [], 'sunday', 2);
    expect((await block(sam, tia.id, id)).statusCode).toBe(201);
    const [hike] = await w.t.database.db.select().from(matches).where(eq(matches.id, id));
    expect(hike).toMatchObject({ status: 'cancelled', cancelReason: 'blocked', cancelledBy: sam.id });
    expect([...hike!.participants].sort()).toEqual([sam.id, tia.id].sort());
    expect((await mine(sam)).find((m) => m.id === id)?.cancellation).toMatchObject({ kind: 'blocked', by: 'me' });
    expect((await mine(sam)).find((m) => m.id === id)?.cancellation?.hikeGoesOn).toBeUndefined();
    const seenByTia = await api(w.t, tia).get(`/api/matches/${id}`);
    expect(seenByTia.json().cancellation).toMatchObject({ kind: 'cancelled', by: 'partner' });
    expect(seenByTia.body).not.toMatch(/block/i);
    expect(await w.t.database.db.select().from(hikeRequests).where(eq(hikeRequests.matchId, id))).toEqual([]);
    // The one left alone: "find me someone else", as when a buddy cancels a hike of two.
    expect((await api(w.t, tia).post(`/api/matches/${id}/find-someone-else`)).statusCode).toBe(200);
  });
});

describe('a block racing a join on the same hike', () => {
  // Each round races once; whichever commits first, the outcome is one of the two a person would
  // expect, never a mix (a lost join, a hike of three cancelled, a blocked pair on one hike).
  const ROUNDS = 3;

  it('a block of the other on a hike of two, against an accept that makes it three', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [uma, val, wes] = await people(`uma${round}`, `val${round}`, `wes${round}`);
      const id = await hikeOf(uma, val, [], 'sunday', 3);
      const requestId = (await api(w.t, wes).post(`/api/matches/${id}/join-requests`)).json().requestId as string;
      const [blocked, accepted] = await Promise.all([block(uma, val.id, id), api(w.t, val).post(`/api/join-requests/${requestId}/accept`)]);
      expect(blocked.statusCode).toBe(201);
      const [hike] = await w.t.database.db.select().from(matches).where(eq(matches.id, id));
      if (accepted.statusCode === 200) {
        // The join came first: a hike of three, which Uma's block then left to Val and Wes.
        expect(hike).toMatchObject({ status: 'confirmed' });
        expect([...hike!.participants].sort()).toEqual([val.id, wes.id].sort());
      } else {
        // The block came first: the hike of two ended, and there was nothing left to join.
        expect([accepted.statusCode, accepted.json().error.message]).toEqual([409, 'This hike can no longer be joined.']);
        expect(hike).toMatchObject({ status: 'cancelled', cancelReason: 'blocked' });
        expect([...hike!.participants].sort()).toEqual([uma.id, val.id].sort());
      }
    }
  });

  it('a block of someone asking to join, against the accept of that request: never both on one hike', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [xia, yan, zoe, kim] = await people(`xia${round}`, `yan${round}`, `zoe${round}`, `kim${round}`);
      const id = await hikeOf(xia, yan, [zoe], 'sunday', 4);
      const requestId = (await api(w.t, kim).post(`/api/matches/${id}/join-requests`)).json().requestId as string;
      const [blocked, accepted] = await Promise.all([
        api(w.t, xia).post('/api/blocks', { userId: kim.id }),
        api(w.t, yan).post(`/api/join-requests/${requestId}/accept`),
      ]);
      expect(blocked.statusCode).toBe(201);
      const [hike] = await w.t.database.db.select().from(matches).where(eq(matches.id, id));
      expect(hike).toMatchObject({ status: 'confirmed' });
      if (accepted.statusCode === 200) {
        // Kim joined first: Xia's block then took Xia off the hike of four.
        expect([...hike!.participants].sort()).toEqual([yan.id, zoe.id, kim.id].sort());
      } else {
        // The block came first: Kim's request ended with it, and the hike stays as it was.
        expect([accepted.statusCode, accepted.json().error.message]).toEqual([409, 'This request was already answered.']);
        expect([...hike!.participants].sort()).toEqual([xia.id, yan.id, zoe.id].sort());
        const [request] = await w.t.database.db.select().from(hikeRequests).where(eq(hikeRequests.id, requestId));
        expect(request!.status).toBe('closed');
      }
    }
  });

  it('a request the block never saw (made as it committed) is refused at its accept, in words that tell nothing of the block', async () => {
    const [ula, vic, wim] = await people('ula', 'vic', 'wim');
    const id = await hikeOf(ula, vic, [], 'sunday', 3);
    const requestId = (await api(w.t, wim).post(`/api/matches/${id}/join-requests`)).json().requestId as string;
    // The block row alone, as a block committed beside the request leaves it: the request open.
    await w.t.database.db.insert(userBlocks).values({ blockerId: ula.id, blockedId: wim.id, createdAt: new Date() });
    const accepted = await api(w.t, vic).post(`/api/join-requests/${requestId}/accept`);
    expect([accepted.statusCode, accepted.json().error.message]).toEqual([409, 'This hike can no longer be joined.']);
    const [hike] = await w.t.database.db.select().from(matches).where(eq(matches.id, id));
    expect([...hike!.participants].sort()).toEqual([ula.id, vic.id].sort());
    const [request] = await w.t.database.db.select().from(hikeRequests).where(eq(hikeRequests.id, requestId));
    expect(request!.status).toBe('closed');
  });
});

const FRIDAY_NOON = new Date('2026-11-20T12:00:00Z');

/** Fresh members who may match, one per name, in order. */
async function people<const Names extends readonly string[]>(...names: Names): Promise<{ [K in keyof Names]: TestUser }> {
  const made: TestUser[] = [];
  for (const name of names) made.push(await registeredUser(w.t, `${name}@example.com`, { fullName: `${name} Test` }));
  return made as { [K in keyof Names]: TestUser };
}

/** A confirmed hike of `owner` and `partner` with room for `capacity`, joined by `joiners` (each accepted by the partner). */
async function hikeOf(owner: TestUser, partner: TestUser, joiners: TestUser[], day: 'saturday' | 'sunday', capacity: number) {
  const id = (await api(w.t, owner).post('/api/matches/search', { trailId: w.trailId, day, capacity })).json().match.id as string;
  expect((await api(w.t, partner).post(`/api/matches/${id}/request`)).statusCode).toBe(200);
  expect((await api(w.t, owner).post(`/api/matches/${id}/accept`)).statusCode).toBe(200);
  for (const joiner of joiners) {
    const asked = await api(w.t, joiner).post(`/api/matches/${id}/join-requests`);
    expect((await api(w.t, partner).post(`/api/join-requests/${asked.json().requestId}/accept`)).statusCode).toBe(200);
  }
  return id;
}
