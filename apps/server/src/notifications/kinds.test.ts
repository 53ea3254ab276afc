import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, matches, notifications, users } from '../db/schema/index.js';
import { expireMatches } from '../jobs/match-expiry.js';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../test/match-fixtures.js';
import { queuedMail } from '../test/queued-jobs.js';
import type { TestUser } from '../test/test-app.js';
import { promptFeedback } from './feedback-prompts.js';

/**
 * Every existing change that concerns a person notifies them in its own transaction, and only
 * them (ADR 0025): the actor never, the partner always, preferences honoured.
 */
let w: MatchWorld;
let ana: TestUser;
let rui: TestUser;
let carla: TestUser;
beforeAll(async () => {
  w = await createMatchWorld();
  ana = await registeredUser(w.t, 'ana@example.com', { fullName: 'Ana Ribeiro' });
  rui = await registeredUser(w.t, 'rui@example.com', { fullName: 'Rui Costa', bio: 'Early riser.' });
  carla = await registeredUser(w.t, 'carla@example.com', { fullName: 'Carla Dias' });
});
afterAll(async () => w.t.close());

const db = () => w.t.database.db;
async function inbox(user: TestUser) {
  return db().select().from(notifications).where(eq(notifications.recipientId, user.id)).orderBy(desc(notifications.createdAt));
}
const kindsOf = async (user: TestUser) => (await inbox(user)).map((n) => n.kind);
const ok = async (res: Promise<{ statusCode: number; body: string; json(): { id: string } & Record<string, unknown> }>) => {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json();
};

describe('a request to a search', () => {
  let searchId: string;

  it('tells the searcher, with the requester as actor, live; the requester hears nothing', async () => {
    searchId = ((await ok(api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' }))).match as { id: string }).id;
    await ok(api(w.t, rui).post(`/api/matches/${searchId}/request`));
    const [n] = await inbox(ana);
    expect(n).toMatchObject({
      kind: 'request-received',
      matchId: searchId,
      actorId: rui.id,
      params: { actorName: 'Rui Costa', trailName: 'Arrábida Ridge' },
    });
    const events = await db().select().from(liveEvents).where(eq(liveEvents.type, 'notification.created'));
    expect(events.find((e) => (e.payload as { notificationId: string }).notificationId === n!.id)?.audience).toEqual([ana.id]);
    expect(await kindsOf(rui)).toEqual([]);
  });

  it('declined by the searcher → the requester hears match-rejected', async () => {
    await ok(api(w.t, ana).post(`/api/matches/${searchId}/reject`));
    expect(await kindsOf(rui)).toEqual(['match-rejected']);
    expect((await inbox(rui))[0]).toMatchObject({ actorId: ana.id, matchId: searchId });
    expect(await kindsOf(ana)).toEqual(['request-received']);
  });

  it('taken back by the requester → the searcher hears request-withdrawn', async () => {
    const [again] = await db()
      .select()
      .from(matches)
      .where(and(eq(matches.id1, ana.id), eq(matches.status, 'searching')));
    await ok(api(w.t, carla).post(`/api/matches/${again!.id}/request`));
    await ok(api(w.t, carla).post(`/api/matches/${again!.id}/reject`));
    expect(await kindsOf(ana)).toEqual(['request-withdrawn', 'request-received', 'request-received']);
    expect(await kindsOf(carla)).toEqual([]);
  });

  it('honours the preferences: with every channel of a kind off, nothing is created', async () => {
    const off = { inApp: false, email: false, push: false };
    const put = await w.t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: carla.cookie },
      payload: { channels: { 'match-rejected': off }, quietHours: null, timeZone: 'Europe/Lisbon' },
    });
    expect(put.statusCode).toBe(200);
    const [open] = await db()
      .select()
      .from(matches)
      .where(and(eq(matches.id1, ana.id), eq(matches.status, 'searching')));
    await ok(api(w.t, carla).post(`/api/matches/${open!.id}/request`));
    await ok(api(w.t, ana).post(`/api/matches/${open!.id}/reject`));
    expect(await kindsOf(carla)).toEqual([]);
  });
});

describe('an invitation', () => {
  let inviteId: string;

  it('tells the invitee', async () => {
    inviteId = (await ok(api(w.t, rui).post('/api/matches/invite', { userId: ana.id, trailId: w.trailId, day: 'sunday' }))).id;
    expect((await inbox(ana))[0]).toMatchObject({ kind: 'invitation-received', actorId: rui.id, matchId: inviteId });
  });

  it('an accept that fails later in its transaction leaves no notification', async () => {
    // The accepter's address no longer passes the mail check: the match-confirmed mail throws
    // after the notification was written, and the whole accept rolls back.
    const [before] = await db().select({ email: users.email }).from(users).where(eq(users.id, ana.id));
    await db().update(users).set({ email: 'not an address' }).where(eq(users.id, ana.id));
    try {
      const res = await api(w.t, ana).post(`/api/matches/${inviteId}/accept`);
      expect(res.statusCode).toBe(500);
    } finally {
      await db().update(users).set({ email: before!.email }).where(eq(users.id, ana.id));
    }
    expect(await kindsOf(rui)).toEqual(['match-rejected']);
    const [m] = await db().select().from(matches).where(eq(matches.id, inviteId));
    expect(m?.status).toBe('pending');
  });

  it('accepted → the inviter hears match-accepted with the match-confirmed details; the accepter gets the match-confirmed mail', async () => {
    await ok(api(w.t, ana).post(`/api/matches/${inviteId}/accept`));
    const [n] = await inbox(rui);
    expect(n).toMatchObject({
      kind: 'match-accepted',
      actorId: ana.id,
      matchId: inviteId,
      params: { actorName: 'Ana Ribeiro', trailName: 'Arrábida Ridge', location: 'Setúbal, Portugal', partnerSkillLevel: 'Intermediate' },
    });
    expect(n!.params.startTime).toContain('10:00');
    expect((await kindsOf(ana)).filter((k) => k === 'match-accepted')).toEqual([]);
    const mails = await queuedMail(db(), { template: 'match-confirmed' });
    expect(mails.map((m) => m.to)).toEqual(['ana@example.com']);
    expect(mails[0]!.params).toMatchObject({ partner_name: 'Rui Costa', partner_bio: 'Early riser.' });
  });

  it('after the hike, both are asked for feedback once', async () => {
    const sundayEvening = new Date('2026-11-22T18:00:00Z');
    expect(await promptFeedback(db(), new Date('2026-11-22T11:00:00Z'))).toBe(0);
    expect(await promptFeedback(db(), sundayEvening)).toBe(2);
    expect(await promptFeedback(db(), sundayEvening)).toBe(0);
    for (const [who, partner] of [
      [ana, rui],
      [rui, ana],
    ] as const) {
      const prompt = (await inbox(who)).find((n) => n.kind === 'feedback-prompt');
      expect(prompt).toMatchObject({ matchId: inviteId, actorId: partner.id });
    }
  });
});

describe('expiry and removal', () => {
  it('an expired search or request tells each of its participants', async () => {
    const pending = await ok(api(w.t, carla).post('/api/matches/invite', { userId: rui.id, trailId: w.trailId, day: 'saturday' }));
    const before = { ana: (await kindsOf(ana)).length, rui: (await kindsOf(rui)).length };
    await expireMatches(db(), new Date('2026-11-21T12:00:00Z'));
    // Rui's invitation from Carla (pending) and Ana's open Saturday search expire.
    const expiredForRui = (await inbox(rui)).filter((n) => n.kind === 'match-expired');
    expect(expiredForRui.map((n) => n.matchId)).toEqual([pending.id]);
    expect((await inbox(carla)).filter((n) => n.kind === 'match-expired').map((n) => n.matchId)).toEqual([pending.id]);
    expect((await kindsOf(ana)).length).toBe(before.ana + 1);
    expect((await kindsOf(ana))[0]).toBe('match-expired');
    expect((await kindsOf(rui)).length).toBe(before.rui + 1);
  });

  it('an administrator removing a trail tells everyone with a match still to come there, never the administrator', async () => {
    // Ana and Rui's confirmed Sunday hike is still ahead on Wednesday's clock (a second plan of
    // theirs at that hour would be refused: one hike at a time, ADR 0054).
    const [next] = await db().select().from(matches).where(eq(matches.status, 'confirmed'));
    expect(next).toMatchObject({ trailId: w.trailId, participants: expect.arrayContaining([ana.id, rui.id]) });
    const res = await w.t.app.inject({ method: 'DELETE', url: `/api/trails/${w.trailId}`, headers: { cookie: w.admin.cookie } });
    expect(res.statusCode).toBe(204);
    for (const who of [ana, rui]) {
      const removed = (await inbox(who)).find((n) => n.kind === 'trail-removed');
      expect(removed, who.email).toMatchObject({ actorId: w.admin.id, matchId: null, params: { trailName: 'Arrábida Ridge' } });
    }
    expect(await kindsOf(w.admin)).toEqual([]);
  });
});
