import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, notifications } from '../db/schema/index.js';
import { TASKS } from '../jobs/queue.js';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../test/match-fixtures.js';
import { queuedJobs } from '../test/queued-jobs.js';
import type { TestUser } from '../test/test-app.js';
import { markAllRead, markRead, notify } from './notify.js';
import { loadPreferences, savePreferences } from './preferences.js';

let w: MatchWorld;
let ana: TestUser;
let rui: TestUser;
let matchId: string;
beforeAll(async () => {
  w = await createMatchWorld();
  ana = await registeredUser(w.t, 'ana@example.com', { fullName: 'Ana Ribeiro' });
  rui = await registeredUser(w.t, 'rui@example.com', { fullName: 'Rui Costa' });
  matchId = (await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' })).json().match.id;
});
afterAll(async () => w.t.close());

const db = () => w.t.database.db;
const rowsFor = (userId: string) => db().select().from(notifications).where(eq(notifications.recipientId, userId));
const eventsOf = async (type: string, userId: string) =>
  (await db().select().from(liveEvents).where(eq(liveEvents.type, type))).filter((e) => e.audience?.includes(userId));

class Rollback extends Error {}

describe('notify()', () => {
  it('commits the notification, its live event and its mail batcher with the change', async () => {
    await db().transaction(async (tx) => {
      await notify(tx, { recipientId: ana.id, kind: 'request-received', matchId, actorId: rui.id });
    });
    const [row] = await rowsFor(ana.id);
    expect(row).toMatchObject({
      kind: 'request-received',
      matchId,
      actorId: rui.id,
      params: { actorName: 'Rui Costa', trailName: 'Arrábida Ridge' },
      inApp: true,
      mailStatus: 'pending',
      readAt: null,
    });
    const [event] = await eventsOf('notification.created', ana.id);
    expect(event?.payload).toEqual({ notificationId: row!.id, kind: 'request-received' });
    expect(event?.audience).toEqual([ana.id]);
    // The mail waits as the `pending` status for the sweep (mail-sweep.ts): no job is added (ADR 0078).
    expect(await queuedJobs(db(), TASKS.mailNotifications)).toEqual([]);
  });

  it('leaves nothing behind when the change rolls back', async () => {
    const before = (await rowsFor(rui.id)).length;
    const eventsBefore = (await eventsOf('notification.created', rui.id)).length;
    await expect(
      db().transaction(async (tx) => {
        await notify(tx, { recipientId: rui.id, kind: 'invitation-received', matchId, actorId: ana.id });
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await rowsFor(rui.id)).toHaveLength(before);
    expect(await eventsOf('notification.created', rui.id)).toHaveLength(eventsBefore);
  });

  it('never notifies the person who caused it', async () => {
    const before = (await rowsFor(rui.id)).length;
    await notify(db(), { recipientId: rui.id, kind: 'match-accepted', matchId, actorId: rui.id });
    expect(await rowsFor(rui.id)).toHaveLength(before);
  });

  it('honours the preferences: in-app off is not listed and sends no event; all off creates nothing', async () => {
    const prefs = await loadPreferences(db(), rui.id);
    await savePreferences(db(), rui.id, {
      ...prefs,
      channels: { 'match-rejected': { inApp: false }, 'match-expired': { inApp: false, email: false, push: false } },
    });
    const eventsBefore = (await eventsOf('notification.created', rui.id)).length;
    await notify(db(), { recipientId: rui.id, kind: 'match-rejected', matchId, actorId: ana.id });
    await notify(db(), { recipientId: rui.id, kind: 'match-expired', matchId });
    const rows = await rowsFor(rui.id);
    expect(rows.map((r) => [r.kind, r.inApp, r.mailStatus])).toEqual([['match-rejected', false, 'pending']]);
    expect(await eventsOf('notification.created', rui.id)).toHaveLength(eventsBefore);
  });

  it('marks read for the recipient only, and tells their other devices', async () => {
    const [row] = await rowsFor(ana.id);
    expect(await markRead(db(), rui.id, row!.id)).toBe(false);
    expect((await rowsFor(ana.id))[0]!.readAt).toBeNull();
    expect(await markRead(db(), ana.id, row!.id)).toBe(true);
    expect((await rowsFor(ana.id))[0]!.readAt).toBeInstanceOf(Date);
    expect((await eventsOf('notification.read', ana.id)).map((e) => e.payload)).toContainEqual({ notificationId: row!.id });
    await notify(db(), { recipientId: ana.id, kind: 'account-warning', params: { message: 'Check your profile.' } });
    await markAllRead(db(), ana.id);
    expect((await rowsFor(ana.id)).every((r) => r.readAt !== null)).toBe(true);
    expect((await eventsOf('notification.read', ana.id)).map((e) => e.payload)).toContainEqual({ notificationId: null });
  });
});
