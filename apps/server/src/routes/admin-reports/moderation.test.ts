import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_DETAILS_MAX } from '@trailbuddy/shared/contracts/safety';
import { adminAuditLog, matches, notifications, sessions } from '../../db/schema/index.js';
import { api, registeredUser, WEDNESDAY } from '../../test/match-fixtures.js';
import { connectSse } from '../../test/sse-client.js';
import { signUp, TEST_ADMIN, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app.js';
import { createTwoInstances, type TwoInstances } from '../../test/two-instances.js';

let instances: TwoInstances;
let database: TwoInstances['database'];
let a: TestApp;
let b: TestApp;
let admin: TestUser;
let ana: TestUser;
let rui: TestUser;
let eve: TestUser;
let trailId: string;

beforeAll(async () => {
  instances = await createTwoInstances({ TRAIL_TIME_ZONE: 'Europe/Lisbon' }, () => WEDNESDAY);
  ({ database, a, b } = instances);
  admin = await signUp(a, TEST_ADMIN);
  trailId = (
    await api(a, admin).post('/api/trails', {
      name: 'Two Towers Walk',
      location: 'Porto, Portugal',
      length: '8 km',
      hours: 2,
      difficulty: 'Easy',
      activity: 'hiking',
      description: 'Between the two bridges.',
      linkmap: 'https://www.openstreetmap.org/',
    })
  ).json().id;
  ana = await registeredUser(a, 'ana@example.com', { fullName: 'Ana Ribeiro' });
  rui = await registeredUser(a, 'rui@example.com', { fullName: 'Rui Santos' });
  eve = await registeredUser(a, 'eve@example.com', { fullName: 'Eve' });
});
afterAll(async () => {
  await instances.close();
});

const send = (who: TestUser, matchId: string, body: string) =>
  api(a, who).post(`/api/matches/${matchId}/messages`, { clientId: crypto.randomUUID(), body });
const report = (who: TestUser | undefined, payload: object) => api(a, who).post('/api/reports', payload);
const act = (who: TestUser | undefined, reportId: string, payload: object, app = a) =>
  app.app.inject({
    method: 'POST',
    url: `/api/admin/reports/${reportId}/actions`,
    headers: { origin: TEST_ORIGIN, ...(who && { cookie: who.cookie }) },
    payload,
  });
const queue = async (status: string) => (await api(a, admin).get(`/api/admin/reports?status=${status}`)).json().reports as { id: string }[];

/** Ana invites Rui, Rui accepts: a confirmed hike with an open conversation. */
async function confirmedHike(day: 'saturday' | 'sunday') {
  const invitation = (await api(a, ana).post('/api/matches/invite', { userId: rui.id, trailId, day })).json();
  expect((await api(a, rui).post(`/api/matches/${invitation.id}/accept`)).statusCode).toBe(200);
  return invitation.id as string;
}

describe('reports', () => {
  let matchId: string;
  let rudeId: string;

  it('authenticates first, then answers bad input with a 400 naming the field', async () => {
    expect((await report(undefined, {})).statusCode).toBe(401);
    const noReason = await report(ana, { userId: rui.id });
    expect([noReason.statusCode, Object.keys(noReason.json().error.fields)]).toEqual([400, ['reason']]);
    const long = await report(ana, { userId: rui.id, reason: 'other', details: 'x'.repeat(REPORT_DETAILS_MAX + 1) });
    expect([long.statusCode, Object.keys(long.json().error.fields)]).toEqual([400, ['details']]);
    const self = await report(ana, { userId: ana.id, reason: 'spam' });
    expect([self.statusCode, Object.keys(self.json().error.fields)]).toEqual([400, ['userId']]);
  });

  it('keeps the context as it was when reported, even after more messages', async () => {
    matchId = await confirmedHike('saturday');
    expect((await send(ana, matchId, 'See you at the trailhead')).statusCode).toBe(201);
    rudeId = (await send(rui, matchId, 'Something rude')).json().message.id;

    // Someone outside the match cannot report its messages, nor use it as context.
    expect((await report(eve, { userId: rui.id, reason: 'harassment', messageId: rudeId })).statusCode).toBe(404);
    expect((await report(eve, { userId: rui.id, reason: 'harassment', matchId })).statusCode).toBe(404);
    // A message must be the reported person's own.
    const ownMessage = await report(rui, { userId: ana.id, reason: 'spam', messageId: rudeId });
    expect([ownMessage.statusCode, Object.keys(ownMessage.json().error.fields)]).toEqual([400, ['messageId']]);

    const filed = await report(ana, { userId: rui.id, reason: 'inappropriate-messages', details: 'He was rude.', messageId: rudeId });
    expect(filed.statusCode).toBe(201);
    expect((await send(rui, matchId, 'Sorry, I did not mean it')).statusCode).toBe(201);

    const [queued] = (await api(a, admin).get('/api/admin/reports')).json().reports;
    expect(queued).toMatchObject({
      id: filed.json().id,
      status: 'open',
      reason: 'inappropriate-messages',
      details: 'He was rude.',
      reporter: { id: ana.id, name: 'ana' },
      reported: { id: rui.id, disabled: false },
      context: { match: { id: matchId, status: 'confirmed', trailName: 'Two Towers Walk' }, reportedMessageId: rudeId },
    });
    expect(queued.context.messages.map((m: { body: string }) => m.body)).toEqual(['See you at the trailhead', 'Something rude']);
  });

  it('is for administrators only: visitor 401, member, reporter and reported 403', async () => {
    const [queued] = await queue('open');
    for (const who of [undefined, eve, ana, rui]) {
      const list = await api(a, who).get('/api/admin/reports');
      const acted = await act(who, queued!.id, { action: 'dismiss', note: 'x' });
      const log = await api(a, who).get('/api/admin/audit-log');
      const expected = who ? 403 : 401;
      expect([list.statusCode, acted.statusCode, log.statusCode]).toEqual([expected, expected, expected]);
    }
    const noNote = await act(admin, queued!.id, { action: 'warn' });
    expect([noNote.statusCode, Object.keys(noNote.json().error.fields)]).toEqual([400, ['note']]);
    // A warning needs its own message to the member (issue 23): the note is for the audit log.
    const noMessage = await act(admin, queued!.id, { action: 'warn', note: 'Rude in the chat.' });
    expect([noMessage.statusCode, noMessage.json().error.fields]).toEqual([400, { message: 'Write the message the member will read.' }]);
    const badStatus = await api(a, admin).get('/api/admin/reports?status=done');
    expect([badStatus.statusCode, Object.keys(badStatus.json().error.fields)]).toEqual([400, ['status']]);
    expect((await act(admin, '00000000-0000-4000-8000-000000000000', { action: 'dismiss', note: 'x' })).statusCode).toBe(404);
  });

  it('moves a report to review, then warns the reported person with an account-warning notification', async () => {
    const [queued] = await queue('open');
    expect((await act(admin, queued!.id, { action: 'review', note: 'Reading the conversation.' })).statusCode).toBe(204);
    expect((await queue('in_review')).map((r) => r.id)).toEqual([queued!.id]);
    const note = 'Second report this month; called Ana an idiot.';
    const message = 'Please keep the conversation friendly: insults break our community rules.';
    expect((await act(admin, queued!.id, { action: 'warn', note, message })).statusCode).toBe(204);
    const [closed] = (await api(a, admin).get('/api/admin/reports?status=closed')).json().reports;
    expect([closed.id, closed.resolution]).toEqual([queued!.id, 'warned']);
    const warning = await database.db.select().from(notifications).where(eq(notifications.recipientId, rui.id));
    expect(warning.filter((n) => n.kind === 'account-warning').map((n) => n.params)).toEqual([expect.objectContaining({ message })]);
    // The administrator's note never reaches the reported person (issue 23): not in the
    // notification, not in what their notification list answers.
    expect(JSON.stringify(warning)).not.toContain('idiot');
    expect((await api(a, rui).get('/api/notifications')).body).not.toContain('idiot');
    const log = (await api(a, admin).get('/api/admin/audit-log')).json().entries;
    expect(log[0]).toMatchObject({ action: 'report.warn', note });
    // A closed report takes no more actions.
    expect((await act(admin, queued!.id, { action: 'disable', note: 'again' })).statusCode).toBe(409);
  });
});

describe('disabling an account from a report', () => {
  it('ends every session at once on both instances, closes the open stream on the other instance, cancels and tells the partners', async () => {
    const hike = await confirmedHike('sunday');
    const filed = (await report(eve, { userId: rui.id, reason: 'unsafe-behaviour', details: 'Threatening.' })).json();
    const urlB = `${await b.app.listen({ port: 0, host: '127.0.0.1' })}/api/events`;
    const stream = await connectSse(urlB, { cookie: rui.cookie });
    expect(stream.status).toBe(200);
    // Both instances honour the session before.
    for (const app of [a, b]) expect((await api(app, rui).get('/api/matches/mine')).statusCode).toBe(200);

    // Disabled through instance A.
    expect((await act(admin, filed.id, { action: 'disable', note: 'Threats to another member.' })).statusCode).toBe(204);

    // The stream held by instance B ends, and neither instance accepts the session any more.
    await stream.ended;
    for (const app of [a, b]) expect((await api(app, rui).get('/api/matches/mine')).statusCode).toBe(401);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, rui.id))).toEqual([]);
    const cancelled = (await database.db.select().from(matches).where(eq(matches.id, hike)))[0]!;
    expect(cancelled.status).toBe('cancelled');
    const told = await database.db.select().from(notifications).where(eq(notifications.matchId, hike));
    expect(told.filter((n) => n.kind === 'match-cancelled').map((n) => n.recipientId)).toEqual([ana.id]);
    // The reported person cannot sign in again.
    const signIn = await a.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'rui@example.com', password: 'secret123' },
    });
    expect(signIn.statusCode).toBe(403);
  });
});

describe('the audit log', () => {
  it('records every action (who, what, when, why) and refuses to be edited or deleted', async () => {
    const entries = (await api(a, admin).get('/api/admin/audit-log')).json().entries as {
      action: string;
      adminEmail: string;
      note: string;
    }[];
    expect(entries.map((e) => e.action)).toEqual(['report.disable', 'report.warn', 'report.review']);
    expect(entries.every((e) => e.adminEmail === TEST_ADMIN)).toBe(true);
    expect(entries[0]!.note).toBe('Threats to another member.');

    await expect(database.db.update(adminAuditLog).set({ note: 'nothing happened' })).rejects.toThrow();
    await expect(database.db.delete(adminAuditLog)).rejects.toThrow();
    await expect(database.db.execute(sql`TRUNCATE admin_audit_log`)).rejects.toThrow();
    expect(await database.db.select().from(adminAuditLog)).toHaveLength(3);
  });
});
