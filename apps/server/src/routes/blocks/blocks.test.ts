import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const row = async (id: string) => (await w.t.database.db.select().from(matches).where(eq(matches.id, id)))[0]!;
const bestMatchIds = async (who: TestUser, day = 'saturday') => {
  const res = await api(w.t, who).get(`/api/trails/${w.trailId}/best-matches?day=${day}`);
  expect(res.statusCode).toBe(200);
  return (res.json().candidates as { profile: { id: string } }[]).map((c) => c.profile.id);
};
const block = (who: TestUser | undefined, userId: string) => api(w.t, who).post('/api/blocks', { userId });
const unblock = (who: TestUser, userId: string) => api(w.t, who).delete(`/api/blocks/${userId}`);

describe('blocking', () => {
  it('authenticates before it validates, refuses oneself and unknown people, 400 naming the field', async () => {
    expect((await api(w.t, undefined).post('/api/blocks', {})).statusCode).toBe(401);
    expect((await api(w.t, undefined).get('/api/blocks')).statusCode).toBe(401);
    const missing = await api(w.t, ana).post('/api/blocks', {});
    expect([missing.statusCode, Object.keys(missing.json().error.fields)]).toEqual([400, ['userId']]);
    const self = await block(ana, ana.id);
    expect([self.statusCode, self.json().error.fields]).toEqual([400, { userId: 'You cannot block yourself.' }]);
    expect((await block(ana, 'no-such-user')).statusCode).toBe(404);
  });

  it('cancels what was open between the two in the same transaction, tells the blocked person nothing, hides both from Best Matches', async () => {
    w.clock.now = WEDNESDAY;
    // A confirmed Saturday hike (Ana invited, Rui accepted) and a pending Sunday request (Rui to Ana's search).
    const invitation = (await api(w.t, ana).post('/api/matches/invite', { userId: rui.id, trailId: w.trailId, day: 'saturday' })).json();
    expect((await api(w.t, rui).post(`/api/matches/${invitation.id}/accept`)).statusCode).toBe(200);
    const sundaySearch = (await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' })).json().match;
    expect((await api(w.t, rui).post(`/api/matches/${sundaySearch.id}/request`)).statusCode).toBe(200);
    // Eve's own match with Rui is not theirs to touch.
    const eveSearch = (await api(w.t, eve).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' })).json().match;
    expect(await bestMatchIds(rui, 'sunday')).toContain(eve.id);
    expect(await bestMatchIds(eve, 'saturday')).toEqual(expect.arrayContaining([ana.id, rui.id]));
    const notificationsBefore = await w.t.database.db.select().from(notifications).where(eq(notifications.recipientId, rui.id));

    const res = await block(ana, rui.id);
    expect([res.statusCode, res.json()]).toEqual([201, { blocked: true }]);

    const hike = await row(invitation.id);
    expect([hike.status, hike.cancelReason, hike.cancelledBy]).toEqual(['cancelled', 'blocked', ana.id]);
    const request = await row(sundaySearch.id);
    expect([request.status, request.cancelReason]).toEqual(['cancelled', 'blocked']);
    expect((await row(eveSearch.id)).status).toBe('searching');
    // No notification reaches Rui; his side reads like any cancellation, without the word "blocked".
    const notificationsAfter = await w.t.database.db.select().from(notifications).where(eq(notifications.recipientId, rui.id));
    expect(notificationsAfter).toHaveLength(notificationsBefore.length);
    const ruiView = (await api(w.t, rui).get('/api/matches/mine')).body;
    expect(ruiView).not.toMatch(/block/i);
    // Ana got her Sunday search back, as after a rejection.
    const mine = (await api(w.t, ana).get('/api/matches/mine')).json().matches as { status: string }[];
    expect(mine.filter((m) => m.status === 'searching')).toHaveLength(1);

    // Neither sees the other in Best Matches, in either direction; others still see both.
    for (const day of ['saturday', 'sunday']) {
      expect(await bestMatchIds(rui, day)).not.toContain(ana.id);
      expect(await bestMatchIds(ana, day)).not.toContain(rui.id);
    }
    expect(await bestMatchIds(eve, 'saturday')).toEqual(expect.arrayContaining([ana.id, rui.id]));
  });

  it('refuses requests, invitations and messages between them with the answer an unavailable person gets', async () => {
    const anaSearch = (await api(w.t, ana).get('/api/matches/mine'))
      .json()
      .matches.find((m: { status: string }) => m.status === 'searching');
    const blockedRequest = await api(w.t, rui).post(`/api/matches/${anaSearch.id}/request`);
    const goneRequest = await api(w.t, rui).post(`/api/matches/00000000-0000-4000-8000-000000000000/request`);
    expect([blockedRequest.statusCode, blockedRequest.json()]).toEqual([goneRequest.statusCode, goneRequest.json()]);

    const searchesOfRui = async () =>
      (await api(w.t, rui).get('/api/matches/mine')).json().matches.filter((m: { status: string }) => m.status === 'searching').length;
    const searchesBefore = await searchesOfRui();
    const blockedInvite = await api(w.t, rui).post('/api/matches/invite', { userId: ana.id, trailId: w.trailId, day: 'saturday' });
    const ghostInvite = await api(w.t, rui).post('/api/matches/invite', { userId: 'no-such-person', trailId: w.trailId, day: 'saturday' });
    expect([blockedInvite.statusCode, blockedInvite.json()]).toEqual([ghostInvite.statusCode, ghostInvite.json()]);
    // The blocker cannot either: a block works in both directions.
    expect((await api(w.t, ana).post('/api/matches/invite', { userId: rui.id, trailId: w.trailId, day: 'sunday' })).statusCode).toBe(404);
    // The invitation's transaction rolled back: no search was left behind for Rui.
    expect(await searchesOfRui()).toBe(searchesBefore);
  });

  it('refuses a message in a conversation that was still open (a completed hike) as a closed conversation', async () => {
    // A completed hike between Eve and Rui; Eve blocks Rui afterwards.
    const invitation = (await api(w.t, eve).post('/api/matches/invite', { userId: rui.id, trailId: w.trailId, day: 'saturday' })).json();
    expect((await api(w.t, rui).post(`/api/matches/${invitation.id}/accept`)).statusCode).toBe(200);
    await w.t.database.db.update(matches).set({ status: 'completed' }).where(eq(matches.id, invitation.id));
    const send = (who: TestUser) =>
      api(w.t, who).post(`/api/matches/${invitation.id}/messages`, { clientId: crypto.randomUUID(), body: 'Hi' });
    expect((await send(rui)).statusCode).toBe(201);
    expect((await block(eve, rui.id)).statusCode).toBe(201);
    const refused = await send(rui);
    expect([refused.statusCode, refused.json().error.message]).toEqual([403, 'This conversation is closed.']);
    expect((await send(eve)).statusCode).toBe(403);
  });

  it('lists only my blocks; unblocking lifts mine and lets the two find each other again', async () => {
    const listed = (await api(w.t, ana).get('/api/blocks')).json().people;
    expect(listed).toEqual([expect.objectContaining({ userId: rui.id, name: 'Rui Santos' })]);
    expect((await api(w.t, rui).get('/api/blocks')).json().people).toEqual([]);
    // Rui "unblocking" Ana removes nothing: the block is Ana's.
    expect((await unblock(rui, ana.id)).statusCode).toBe(204);
    expect(await bestMatchIds(rui)).not.toContain(ana.id);
    expect((await unblock(ana, rui.id)).statusCode).toBe(204);
    expect((await api(w.t, ana).get('/api/blocks')).json().people).toEqual([]);
    expect(await bestMatchIds(rui)).toContain(ana.id);
  });

  it('lets exactly one of a block and a concurrent request win: never a pending match between a blocked pair', async () => {
    const dan = await registeredUser(w.t, 'dan@example.com');
    for (let i = 0; i < 5; i++) {
      const ids = (await api(w.t, dan).get('/api/blocks')).json().people.map((p: { userId: string }) => p.userId);
      for (const id of ids) await unblock(dan, id);
      const search = (await api(w.t, dan).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' })).json().match;
      const [, requested] = await Promise.all([block(dan, eve.id), api(w.t, eve).post(`/api/matches/${search.id}/request`)]);
      const m = await row(search.id);
      // Either the request lost (404) or it won and the block cancelled it right after.
      if (requested.statusCode === 200) expect([m.status, m.cancelReason]).toEqual(['cancelled', 'blocked']);
      else expect([requested.statusCode, m.status]).toEqual([404, 'searching']);
      for (const open of (await api(w.t, dan).get('/api/matches/mine')).json().matches) {
        if (open.status === 'searching') await api(w.t, dan).post(`/api/matches/${open.id}/cancel`);
      }
    }
  });
});
