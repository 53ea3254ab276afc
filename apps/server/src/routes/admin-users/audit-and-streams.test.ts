import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_NOTE_MAX } from '@trailbuddy/shared/contracts/safety';
import { adminAuditLog, matches, notifications, sessions, users } from '../../db/schema/index.js';
import { api, ARRABIDA_RIDGE, registeredUser, WEDNESDAY } from '../../test/match-fixtures.js';
import { connectSse, type SseConnection } from '../../test/sse-client.js';
import { signUp, TEST_ADMIN, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app.js';
import type { TestDatabase } from '../../test/test-database.js';
import { createTwoInstances, type TwoInstances } from '../../test/two-instances.js';

let instances: TwoInstances;
let database: TestDatabase;
let a: TestApp;
let b: TestApp;
let admin: TestUser;
let ana: TestUser;
let rui: TestUser;
let trailId: string;
const streams: SseConnection[] = [];

beforeAll(async () => {
  instances = await createTwoInstances({ TRAIL_TIME_ZONE: 'Europe/Lisbon' }, () => WEDNESDAY);
  ({ database, a, b } = instances);
  admin = await signUp(a, TEST_ADMIN);
  trailId = (await api(a, admin).post('/api/trails', ARRABIDA_RIDGE)).json().id;
  ana = await registeredUser(a, 'ana@example.com', { fullName: 'Ana Ribeiro' });
  rui = await registeredUser(a, 'rui@example.com', { fullName: 'Rui Santos' });
});
afterAll(async () => {
  for (const s of streams) s.close();
  await instances.close();
});

const act = (who: TestUser | undefined, id: string, action: 'disable' | 'enable', payload?: object, app = a) =>
  app.app.inject({
    method: 'POST',
    url: `/api/admin/users/${id}/${action}`,
    headers: { origin: TEST_ORIGIN, ...(who && { cookie: who.cookie }) },
    ...(payload && { payload }),
  });

const auditRows = () => database.db.select().from(adminAuditLog).orderBy(adminAuditLog.id);

const eventsUrl = new Map<TestApp, string>();
async function openStream(app: TestApp, who: TestUser) {
  if (!eventsUrl.has(app)) eventsUrl.set(app, `${await app.app.listen({ port: 0, host: '127.0.0.1' })}/api/events`);
  const stream = await connectSse(eventsUrl.get(app)!, { cookie: who.cookie });
  streams.push(stream);
  expect(stream.status).toBe(200);
  return stream;
}

describe('an administrator disabling an account by hand', () => {
  it('ends the person’s live streams on both instances at once, ends every session, cancels the hike and tells the partner', async () => {
    const invitation = (await api(a, ana).post('/api/matches/invite', { userId: rui.id, trailId, day: 'saturday' })).json();
    expect((await api(a, rui).post(`/api/matches/${invitation.id}/accept`)).statusCode).toBe(200);
    // Rui has a stream open on each instance; Ana one on B, which must stay open.
    const [ruiOnA, ruiOnB, anaOnB] = [await openStream(a, rui), await openStream(b, rui), await openStream(b, ana)];
    for (const app of [a, b]) expect((await api(app, rui).get('/api/matches/mine')).statusCode).toBe(200);

    const res = await act(admin, rui.id, 'disable', { reason: '  Threats reported by phone.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { id: rui.id, email: 'rui@example.com', disabled: true } });

    // Both of Rui's streams end (the session.ended event reaches every instance's hub) ...
    await Promise.all([ruiOnA.ended, ruiOnB.ended]);
    // ... and no instance accepts his session any more.
    for (const app of [a, b]) expect((await api(app, rui).get('/api/matches/mine')).statusCode).toBe(401);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, rui.id))).toEqual([]);
    // Ana's stream stays open and hears the cancellation of the hike.
    expect((await anaOnB.next('match.changed', 5_000)).data).toEqual({ matchId: invitation.id, status: 'cancelled' });
    const [hike] = await database.db.select().from(matches).where(eq(matches.id, invitation.id));
    expect(hike!.status).toBe('cancelled');
    const told = await database.db.select().from(notifications).where(eq(notifications.matchId, invitation.id));
    expect(told.filter((n) => n.kind === 'match-cancelled').map((n) => n.recipientId)).toEqual([ana.id]);
  });

  it('writes who, what, when and the reason into the append-only audit log, for disable and enable', async () => {
    const before = (await auditRows()).length;
    expect((await act(admin, rui.id, 'enable')).json().user.disabled).toBe(false);
    const [disabled, enabled] = (await auditRows()).slice(before - 1);
    expect(disabled).toMatchObject({
      adminEmail: TEST_ADMIN,
      adminId: admin.id,
      action: 'user.disable',
      targetUserId: rui.id,
      reportId: null,
      note: 'Threats reported by phone.',
      createdAt: WEDNESDAY,
    });
    // No reason given: the entry is written all the same, with an empty note.
    expect(enabled).toMatchObject({ adminId: admin.id, action: 'user.enable', targetUserId: rui.id, note: '', createdAt: WEDNESDAY });
    // The administrators' log shows them, newest first.
    const entries = (await api(a, admin).get('/api/admin/audit-log')).json().entries as { action: string }[];
    expect(entries.slice(0, 2).map((e) => e.action)).toEqual(['user.enable', 'user.disable']);
    // Append-only: the database refuses to change or remove them.
    await expect(database.db.update(adminAuditLog).set({ note: 'nothing happened' })).rejects.toThrow();
    await expect(database.db.delete(adminAuditLog)).rejects.toThrow();
    await expect(database.db.execute(sql`TRUNCATE admin_audit_log`)).rejects.toThrow();
  });

  it('refuses a reason that is too long or not text with a 400 naming it, and writes nothing', async () => {
    const before = (await auditRows()).length;
    const long = await act(admin, ana.id, 'disable', { reason: 'x'.repeat(ADMIN_NOTE_MAX + 1) });
    expect([long.statusCode, Object.keys(long.json().error.fields)]).toEqual([400, ['reason']]);
    const notText = await act(admin, ana.id, 'disable', { reason: 42 });
    expect([notText.statusCode, Object.keys(notText.json().error.fields)]).toEqual([400, ['reason']]);
    expect(await auditRows()).toHaveLength(before);
    const [row] = await database.db.select().from(users).where(eq(users.id, ana.id));
    expect(row!.disabled).toBe(false);
  });

  it('authenticates and authorizes before it reads the body; refusals write no audit entry', async () => {
    const eve = await signUp(a, 'eve@example.com');
    const before = (await auditRows()).length;
    const bad = { reason: 'x'.repeat(ADMIN_NOTE_MAX + 1) };
    for (const action of ['disable', 'enable'] as const) {
      expect((await act(undefined, ana.id, action, bad)).statusCode).toBe(401);
      expect((await act(eve, ana.id, action, bad)).statusCode).toBe(403);
      expect((await act(ana, ana.id, action, bad)).statusCode).toBe(403);
      expect((await act(admin, 'no-such-user', action, { reason: 'typo' })).statusCode).toBe(404);
    }
    expect((await act(admin, admin.id, 'disable', { reason: 'me' })).statusCode).toBe(400);
    expect(await auditRows()).toHaveLength(before);
  });
});
