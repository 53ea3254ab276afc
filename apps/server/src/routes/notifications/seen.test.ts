import { randomUUID } from 'node:crypto';
import { and, arrayContains, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SEEN_MATCHES } from '@trailbuddy/shared/contracts/notifications';
import { liveEvents, notifications } from '../../db/schema/index.js';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../../test/match-fixtures.js';
import type { TestUser } from '../../test/test-app.js';

/**
 * Opening the view a notification points to marks that match's notifications read (ADR 0037):
 * the match's card or page clears every kind but messages, its conversation's read mark clears
 * the messages; only ever the person's own.
 */
let w: MatchWorld;
let ana: TestUser;
let rui: TestUser;
let carla: TestUser;
/** Ana's search that Rui requested: Ana has its request-received and a message-received. */
let withRui: string;
/** Ana's Sunday search that Carla requested: its request-received stays Ana's to open. */
let withCarla: string;

const unreadOf = async (user: TestUser, matchId: string) =>
  (
    await w.t.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.recipientId, user.id), eq(notifications.matchId, matchId), isNull(notifications.readAt)))
  )
    .map((n) => n.kind)
    .sort();

const readEventsOf = async (user: TestUser) =>
  (
    await w.t.database.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.type, 'notification.read'), arrayContains(liveEvents.audience, [user.id])))
  ).length;

const seen = (user: TestUser | undefined, payload: object) => api(w.t, user).post('/api/notifications/read-matches', payload);

async function pendingMatch(owner: TestUser, partner: TestUser, day: 'saturday' | 'sunday') {
  const id = (await api(w.t, owner).post('/api/matches/search', { trailId: w.trailId, day })).json().match.id as string;
  const request = await api(w.t, partner).post(`/api/matches/${id}/request`);
  expect(request.statusCode, request.body).toBe(200);
  return id;
}

beforeAll(async () => {
  w = await createMatchWorld();
  [ana, rui, carla] = (await Promise.all(['ana', 'rui', 'carla'].map((n) => registeredUser(w.t, `${n}@example.com`)))) as [
    TestUser,
    TestUser,
    TestUser,
  ];
  withRui = await pendingMatch(ana, rui, 'saturday');
  withCarla = await pendingMatch(ana, carla, 'sunday');
  const hello = await api(w.t, rui).post(`/api/matches/${withRui}/messages`, { clientId: randomUUID(), body: 'Hi Ana!' });
  expect(hello.statusCode, hello.body).toBe(201);
});
afterAll(async () => w.t.close());

describe("marking a match's notifications read where they point", () => {
  it('asks for sign-in before it looks at the input, then names the field', async () => {
    expect((await seen(undefined, { matchIds: 'nope' })).statusCode).toBe(401);
    for (const matchIds of ['nope', [], ['not-a-uuid'], Array.from({ length: MAX_SEEN_MATCHES + 1 }, () => randomUUID())]) {
      const res = await seen(ana, { matchIds });
      expect(res.statusCode, JSON.stringify(matchIds)).toBe(400);
      expect(Object.keys(res.json().error.fields)[0]).toMatch(/^matchIds/);
    }
  });

  it("marks nothing of someone else's: a partner or a stranger naming Ana's match changes none of her notifications", async () => {
    const before = await readEventsOf(ana);
    for (const who of [rui, carla]) {
      const res = await seen(who, { matchIds: [withRui] });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await unreadOf(ana, withRui)).toEqual(['message-received', 'request-received']);
    expect(await readEventsOf(ana)).toBe(before);
  });

  it("the match's card clears every kind about it but its messages, tells her devices, and leaves other matches alone", async () => {
    const before = await readEventsOf(ana);
    const res = await seen(ana, { matchIds: [withRui] });
    expect(res.statusCode, res.body).toBe(200);
    const { unread } = (await api(w.t, ana).get('/api/notifications/unread-count')).json();
    expect(res.json()).toEqual({ marked: 1, unread });
    expect(await unreadOf(ana, withRui)).toEqual(['message-received']);
    expect(await unreadOf(ana, withCarla)).toEqual(['request-received']);
    expect(await readEventsOf(ana)).toBe(before + 1);

    // Seen again: nothing to mark, nothing to tell.
    expect((await seen(ana, { matchIds: [withRui] })).json()).toEqual({ marked: 0, unread });
    expect(await readEventsOf(ana)).toBe(before + 1);
  });

  it("reading the conversation clears its messages' notifications, the reader's only", async () => {
    const reply = await api(w.t, ana).post(`/api/matches/${withRui}/messages`, { clientId: randomUUID(), body: 'Hi Rui' });
    expect(await unreadOf(rui, withRui)).toContain('message-received');
    const history = (await api(w.t, ana).get(`/api/matches/${withRui}/messages`)).json();
    const fromRui = history.messages.find((m: { senderId: string }) => m.senderId === rui.id);
    const read = await api(w.t, ana).post(`/api/matches/${withRui}/messages/read`, { messageId: fromRui.id });
    expect(read.statusCode, read.body).toBe(200);
    expect(await unreadOf(ana, withRui)).toEqual([]);
    // Rui's notification of Ana's reply is his to read.
    expect(reply.statusCode).toBe(201);
    expect(await unreadOf(rui, withRui)).toContain('message-received');
  });
});
