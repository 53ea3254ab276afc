import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema/index.js';
import { silentLog } from '../jobs/log.js';
import { TASKS } from '../jobs/queue.js';
import { startJobRunner } from '../jobs/runner.js';
import { createSmtpTransport } from '../mail/transports.js';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../test/match-fixtures.js';
import { queuedJobs, queuedMail } from '../test/queued-jobs.js';
import { createTestSmtpServer } from '../test/smtp-server.js';
import type { TestUser } from '../test/test-app.js';
import { mailDueNotifications, type NotificationMailSettings } from './mail-batch.js';
import { wakeDueBatchers } from './mail-sweep.js';
import { markRead, notify } from './notify.js';
import { savePreferences } from './preferences.js';
import { unsubscribeKey, verifyUnsubscribeToken } from './unsubscribe-token.js';

const DELAY_MS = 120_000;
const settings: NotificationMailSettings = {
  delayMs: DELAY_MS,
  appUrl: 'https://trailbuddy.example',
  unsubscribeKey: unsubscribeKey('test-secret-that-is-at-least-32-characters-long'),
};

let w: MatchWorld;
let ana: TestUser;
let rui: TestUser;
let matchId: string;
let otherMatchId: string;
beforeAll(async () => {
  w = await createMatchWorld();
  ana = await registeredUser(w.t, 'ana@example.com', { fullName: 'Ana Ribeiro' });
  rui = await registeredUser(w.t, 'rui@example.com', { fullName: 'Rui Costa' });
  matchId = (await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' })).json().match.id;
  otherMatchId = (await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' })).json().match.id;
});
afterAll(async () => w.t.close());

const db = () => w.t.database.db;
beforeEach(async () => {
  await db().delete(notifications);
  await db().execute(sql`DELETE FROM notification_mail_claims; DELETE FROM notification_preferences; DELETE FROM outgoing_messages`);
  await db().execute(sql`DELETE FROM graphile_worker._private_jobs`);
});

/** The clock of the batcher: the notifications' own creation time plus `ms`. */
async function afterCreation(ms: number): Promise<Date> {
  const [row] = await db()
    .select({ at: sql<string>`max(created_at)` })
    .from(notifications);
  return new Date(new Date(row!.at).getTime() + ms);
}
const notificationMails = () => queuedMail(db(), { template: 'notifications' });
const items = (mail: { params: Record<string, string> }) => JSON.parse(mail.params.items!) as { kind: string; link: string }[];

describe('the notification mail', () => {
  it('is not sent for a notification seen in the app within the delay', async () => {
    await notify(db(), { recipientId: ana.id, kind: 'request-received', matchId, actorId: rui.id });
    const [n] = await db().select().from(notifications);
    await markRead(db(), ana.id, n!.id);
    expect(await mailDueNotifications(db(), ana.id, await afterCreation(DELAY_MS), settings)).toEqual({ mailed: 0, nextRunAt: null });
    expect(await notificationMails()).toEqual([]);
    expect((await db().select().from(notifications))[0]!.mailStatus).toBe('skipped');
  });

  it('waits for the delay, then carries a burst in one mail with a link per notification', async () => {
    await notify(db(), { recipientId: ana.id, kind: 'request-received', matchId, actorId: rui.id });
    await notify(db(), { recipientId: ana.id, kind: 'invitation-received', matchId: otherMatchId, actorId: rui.id });
    await notify(db(), { recipientId: ana.id, kind: 'account-warning', params: { message: 'Please add a photo.' } });
    const early = await mailDueNotifications(db(), ana.id, await afterCreation(DELAY_MS - 1000), settings);
    expect(early.mailed).toBe(0);
    expect(early.nextRunAt).toEqual(await afterCreation(DELAY_MS));
    expect(await notificationMails()).toEqual([]);

    expect(await mailDueNotifications(db(), ana.id, await afterCreation(DELAY_MS), settings)).toEqual({ mailed: 3, nextRunAt: null });
    const [mail, ...more] = await notificationMails();
    expect(more).toEqual([]);
    expect(mail!.to).toBe('ana@example.com');
    expect(items(mail!).map((i) => i.kind)).toEqual(['request-received', 'invitation-received', 'account-warning']);
    const rows = await db().select().from(notifications);
    expect(rows.every((r) => r.mailStatus === 'sent')).toBe(true);
    expect(
      items(mail!)
        .map((i) => i.link)
        .sort(),
    ).toEqual(rows.map((r) => `https://trailbuddy.example/notifications/${r.id}`).sort());
    const token = decodeURIComponent(new URL(mail!.params.unsubscribe_url!).searchParams.get('token')!);
    expect(verifyUnsubscribeToken(settings.unsubscribeKey, token)).toEqual({
      userId: ana.id,
      kinds: ['account-warning', 'invitation-received', 'request-received'],
    });
    expect(mail!.params.preferences_url).toBe('https://trailbuddy.example/me/notifications');
    // A second run finds nothing left to mail.
    expect(await mailDueNotifications(db(), ana.id, await afterCreation(DELAY_MS * 3), settings)).toEqual({ mailed: 0, nextRunAt: null });
  });

  it('sends at most one mail per kind per match', async () => {
    await notify(db(), { recipientId: ana.id, kind: 'request-received', matchId, actorId: rui.id });
    await mailDueNotifications(db(), ana.id, await afterCreation(DELAY_MS), settings);
    await notify(db(), { recipientId: ana.id, kind: 'request-received', matchId, actorId: rui.id });
    await notify(db(), { recipientId: ana.id, kind: 'request-received', matchId: otherMatchId, actorId: rui.id });
    await mailDueNotifications(db(), ana.id, await afterCreation(DELAY_MS), settings);
    const mails = await notificationMails();
    expect(mails).toHaveLength(2);
    expect(items(mails[1]!)).toHaveLength(1);
    expect(items(mails[1]!)[0]!.kind).toBe('request-received');
    const statuses = (await db().select().from(notifications).where(eq(notifications.matchId, matchId))).map((r) => r.mailStatus).sort();
    expect(statuses).toEqual(['sent', 'skipped']);
  });

  it('honours the preferences at send time, and waits out the quiet hours', async () => {
    await notify(db(), { recipientId: ana.id, kind: 'match-rejected', matchId, actorId: rui.id });
    await savePreferences(db(), ana.id, { channels: { 'match-rejected': { email: false } }, quietHours: null, timeZone: 'UTC' });
    expect((await mailDueNotifications(db(), ana.id, await afterCreation(DELAY_MS), settings)).mailed).toBe(0);
    expect(await notificationMails()).toEqual([]);

    await notify(db(), { recipientId: ana.id, kind: 'match-cancelled', matchId, actorId: rui.id });
    const due = await afterCreation(DELAY_MS);
    // Quiet from an hour before `due` to an hour after it, in UTC.
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const start = new Date(due.getTime() - 3600_000);
    const end = new Date(due.getTime() + 3600_000);
    await savePreferences(db(), ana.id, { channels: {}, quietHours: { start: hhmm(start), end: hhmm(end) }, timeZone: 'UTC' });
    const quiet = await mailDueNotifications(db(), ana.id, due, settings);
    expect(quiet.mailed).toBe(0);
    expect(hhmm(quiet.nextRunAt!)).toBe(hhmm(end));
    expect((await mailDueNotifications(db(), ana.id, quiet.nextRunAt!, settings)).mailed).toBe(1);
  });
});

describe('the mail sweep (ADR 0078)', () => {
  const batchers = async () => (await queuedJobs<{ recipientId: string }>(db(), TASKS.mailNotifications)).map((j) => j.payload.recipientId);

  it('wakes the batcher of whoever has a notification pending for the delay, once, and nobody else', async () => {
    await notify(db(), { recipientId: ana.id, kind: 'request-received', matchId, actorId: rui.id });
    // The write itself adds no job.
    expect(await batchers()).toEqual([]);
    expect(await wakeDueBatchers(db(), await afterCreation(DELAY_MS - 1), DELAY_MS)).toBe(0);
    expect(await batchers()).toEqual([]);

    // (The row's clock has microseconds; a Date has milliseconds.)
    expect(await wakeDueBatchers(db(), await afterCreation(DELAY_MS + 1), DELAY_MS)).toBe(1);
    expect(await batchers()).toEqual([ana.id]);
    // Her batcher is waiting: the next sweep leaves it.
    expect(await wakeDueBatchers(db(), await afterCreation(DELAY_MS + 1_000), DELAY_MS)).toBe(0);
    expect(await batchers()).toEqual([ana.id]);
  });

  it('finds nobody once the mail is sent, nor for a notification without e-mail', async () => {
    await notify(db(), { recipientId: ana.id, kind: 'request-received', matchId, actorId: rui.id });
    expect((await mailDueNotifications(db(), ana.id, await afterCreation(DELAY_MS), settings)).mailed).toBe(1);
    await savePreferences(db(), rui.id, { channels: { 'invitation-received': { email: false } }, quietHours: null, timeZone: 'UTC' });
    await notify(db(), { recipientId: rui.id, kind: 'invitation-received', matchId: otherMatchId, actorId: ana.id });
    expect(await wakeDueBatchers(db(), await afterCreation(10 * DELAY_MS), DELAY_MS)).toBe(0);
    expect(await batchers()).toEqual([]);
  });
});

describe('through the job queue to a real SMTP server', () => {
  it('mails an unseen invitation after the delay with one-click unsubscribe, which then stops the next one', async () => {
    const smtp = await createTestSmtpServer();
    await smtp.start();
    const runner = await startJobRunner({
      connectionString: w.t.database.url,
      db: db(),
      log: silentLog,
      timeZone: 'Europe/Lisbon',
      schedule: false,
      pollIntervalMs: 100,
      mail: createSmtpTransport(smtp.url, 'TrailBuddy <hello@trailbuddy.app>', { timeoutMs: 2000 }),
      notificationMail: { ...settings, delayMs: 400, sweepMs: 100 },
    });
    try {
      const invite = await api(w.t, rui).post('/api/matches/invite', { userId: ana.id, trailId: w.trailId, day: 'saturday' });
      expect(invite.statusCode).toBe(200);
      await until(() => smtp.received.length === 1);
      const [mail] = smtp.received;
      expect(mail!.to).toEqual(['ana@example.com']);
      // Encoded as RFC 2047 for the "á".
      expect(mail!.headers.subject).toContain('Rui_Costa_invited_you_to_Arr=C3=A1bida');
      expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const url = /^<(https:\/\/trailbuddy\.example\/api\/notifications\/unsubscribe\?token=[^>]+)>$/.exec(
        mail!.headers['list-unsubscribe']!,
      )?.[1];
      expect(url).toBeDefined();
      expect(mail!.body).toContain('https://trailbuddy.example/me/notifications');
      expect(mail!.body).toContain('See the invitation');

      // The mail client's one-click POST, with no session.
      const path = url!.replace('https://trailbuddy.example', '');
      const res = await w.t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.json()).toEqual({ unsubscribed: ['invitation-received'] });

      // The next invitation is in the app, but no mail comes.
      const next = await api(w.t, rui).post('/api/matches/invite', { userId: ana.id, trailId: w.trailId, day: 'sunday' });
      expect(next.statusCode).toBe(200);
      const [created] = await db().select().from(notifications).where(eq(notifications.matchId, next.json().id));
      expect(created).toMatchObject({ kind: 'invitation-received', inApp: true, mailStatus: 'none' });
      await new Promise((r) => setTimeout(r, 1200));
      expect(smtp.received).toHaveLength(1);
    } finally {
      await runner.stop();
      await smtp.stop();
    }
  });
});

async function until(check: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}
