import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEventHub } from '../events/hub.js';
import type { SessionRevocation } from '../events/session-revocations.js';
import { silentLog } from '../jobs/log.js';
import { createTestApp, signUp, TEST_ADMIN, TEST_ORIGIN, type TestApp, type TestUser } from '../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

/**
 * ADR 0058: sessions are served from Better Auth's cookie cache, and ADR 0038's promise holds
 * anyway: a signed-out device or a disabled account is refused on every instance once the
 * revocation reaches its hub, including an instance whose listener was down when it was committed.
 */

const B_LISTENER = 'revocations-test-b';
type Hub = ReturnType<typeof createEventHub>;

let database: TestDatabase;
let hubB: Hub;
let a: TestApp;
let b: TestApp;
const closing: (() => Promise<void>)[] = [];

/** An instance on the shared database with its own hub, as main.ts builds one. */
async function instance(applicationName?: string, reconnectDelayMs?: number) {
  const hub = createEventHub({ connectionString: database.url, db: database.db, log: silentLog, applicationName, reconnectDelayMs });
  await hub.ready;
  const app = await createTestApp({}, { database, events: hub, revocations: hub });
  closing.unshift(async () => {
    await app.close();
    await hub.close();
  });
  return { hub, app };
}

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app: a } = await instance());
  // B reconnects after half a second to a second: long enough to commit a revocation while it is down.
  ({ hub: hubB, app: b } = await instance(B_LISTENER, 1_000));
});
afterAll(async () => {
  for (const close of closing) await close();
  await database.close();
});

const unreadCount = (app: TestApp, cookie: string) =>
  app.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie } });
const signOut = (app: TestApp, cookie: string) =>
  app.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie, origin: TEST_ORIGIN } });

/** Resolves with the next revocation naming `id` that reaches `hub`. */
function revocationOf(hub: Hub, id: string): Promise<SessionRevocation> {
  return new Promise((resolve) => {
    const off = hub.onRevocation((r) => {
      if (!r.sessionIds.includes(id) && !r.userIds.includes(id)) return;
      off();
      resolve(r);
    });
  });
}

async function sessionIdOf(user: TestUser): Promise<string> {
  const { rows } = await database.db.execute<{ id: string }>(sql`SELECT id FROM sessions WHERE user_id = ${user.id}`);
  expect(rows).toHaveLength(1);
  return rows[0]!.id;
}

/** Deletes the user's session without the triggers: only a cache can still accept it. */
async function deleteUnannounced(user: TestUser) {
  const sessionId = await sessionIdOf(user);
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`DELETE FROM sessions WHERE id = ${sessionId}`);
  });
}

/** Waits until `app` trusts its cache again: a session known only to a cookie is accepted. */
async function cacheTrusted(app: TestApp, email: string) {
  const probe = await signUp(a, email);
  await deleteUnannounced(probe);
  await vi.waitFor(async () => expect((await unreadCount(app, probe.cookie)).statusCode).toBe(200), { timeout: 10_000 });
}

/** Ends B's LISTEN connection; resolves once B knows it is down. `states`: what B told since. */
async function loseListenerB() {
  const states: boolean[] = [];
  const stop = hubB.onListening((listening) => states.push(listening));
  const { rows } = await database.db.execute<{ terminated: boolean }>(
    sql`SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE application_name = ${B_LISTENER} AND datname = current_database()`,
  );
  expect(rows).toEqual([{ terminated: true }]);
  await vi.waitFor(() => expect(states).toEqual([false]), { timeout: 5_000 });
  return { states, stop };
}

describe('a session served from the cookie cache', () => {
  it('is served without PostgreSQL: a session row deleted behind the triggers’ back is still accepted', async () => {
    // The control for the tests below: what a cached session would do without the broadcast.
    const user = await signUp(a, 'cached@example.com');
    expect(user.cookie).toMatch(/session_data=/);
    await deleteUnannounced(user);
    expect((await unreadCount(b, user.cookie)).statusCode).toBe(200);
    // Without the cache (as an app with no hub runs), the same request reads PostgreSQL and is refused.
    expect(
      (
        await b.app.inject({ method: 'GET', url: '/api/auth/get-session?disableCookieCache=true', headers: { cookie: user.cookie } })
      ).json(),
    ).toBeNull();
  });

  it('signed out on one instance is refused on the next request to the other', async () => {
    const user = await signUp(a, 'signs-out@example.com');
    const sessionId = await sessionIdOf(user);
    expect((await unreadCount(b, user.cookie)).statusCode).toBe(200);
    const heard = revocationOf(hubB, sessionId);
    expect((await signOut(a, user.cookie)).statusCode).toBe(200);
    // Within the hub's latency: the revocation reaches B's listener, and B's next request refuses
    // the copied cookie, its cache included, on our routes and on Better Auth's own get-session.
    expect((await heard).sessionIds).toEqual([sessionId]);
    expect((await unreadCount(b, user.cookie)).statusCode).toBe(401);
    expect((await b.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } })).json()).toBeNull();
  });

  it('of an account disabled on one instance is refused on the other', async () => {
    const admin = await signUp(a, TEST_ADMIN);
    const user = await signUp(a, 'disabled@example.com');
    expect((await unreadCount(b, user.cookie)).statusCode).toBe(200);
    const heard = revocationOf(hubB, user.id);
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.id}/disable`,
      headers: { origin: TEST_ORIGIN, cookie: admin.cookie },
      payload: { reason: 'Test' },
    });
    expect(res.statusCode).toBe(200);
    await heard;
    expect((await unreadCount(b, user.cookie)).statusCode).toBe(401);
  });

  it('is not accepted by an instance whose listener was down when the revocation was committed', async () => {
    const user = await signUp(a, 'while-down@example.com');
    expect((await unreadCount(b, user.cookie)).statusCode).toBe(200);
    const { states, stop } = await loseListenerB();
    // Signed out while B hears nothing: B may not trust its cache while it is not listening ...
    expect((await signOut(a, user.cookie)).statusCode).toBe(200);
    expect((await unreadCount(b, user.cookie)).statusCode).toBe(401);
    // ... nor once it listens again, though the NOTIFY went to the connection it lost.
    await vi.waitFor(() => expect(states).toEqual([false, true]), { timeout: 10_000 });
    await cacheTrusted(b, 'probe-b@example.com');
    expect((await unreadCount(b, user.cookie)).statusCode).toBe(401);
    stop();
  });

  it('is not accepted by an instance started after the revocation was committed', async () => {
    const user = await signUp(a, 'before-start@example.com');
    expect((await signOut(a, user.cookie)).statusCode).toBe(200);
    // A new instance has heard nothing: it reads the recent revocations before it trusts a cache.
    const { app: c } = await instance('revocations-test-c');
    await cacheTrusted(c, 'probe-c@example.com');
    expect((await unreadCount(c, user.cookie)).statusCode).toBe(401);
    expect((await c.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: user.cookie } })).json()).toBeNull();
  });
});

describe('the session memo (ADR 0069)', () => {
  const getSession = (app: TestApp, cookie: string) => app.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  /** Counts the session checks Better Auth itself makes on `app` from now on. */
  const betterAuthChecks = (app: TestApp) => vi.spyOn(app.app.auth.api, 'getSession');

  it('answers a repeated check without Better Auth, and is emptied for a session signed out on another instance', async () => {
    const user = await signUp(a, 'memo-signs-out@example.com');
    const sessionId = await sessionIdOf(user);
    const checks = betterAuthChecks(b);
    try {
      for (let i = 0; i < 3; i++) {
        expect((await unreadCount(b, user.cookie)).statusCode).toBe(200);
        expect((await getSession(b, user.cookie)).json()).toMatchObject({ user: { id: user.id } });
      }
      // One check by Better Auth; the five after it were the memo's.
      expect(checks).toHaveBeenCalledTimes(1);
      const heard = revocationOf(hubB, sessionId);
      expect((await signOut(a, user.cookie)).statusCode).toBe(200);
      await heard;
      expect((await unreadCount(b, user.cookie)).statusCode).toBe(401);
      expect((await getSession(b, user.cookie)).json()).toBeNull();
      expect(checks).toHaveBeenCalledTimes(3);
    } finally {
      checks.mockRestore();
    }
  });

  it('is emptied for a user whose cached fields change anywhere', async () => {
    const user = await signUp(a, 'memo-renamed@example.com', 'secret123', 'Old Name');
    expect((await getSession(b, user.cookie)).json()).toMatchObject({ user: { name: 'Old Name' } });
    expect((await getSession(b, user.cookie)).json()).toMatchObject({ user: { name: 'Old Name' } });
    // Changed in PostgreSQL by no instance at all: the trigger's revocation names the user.
    const heard = revocationOf(hubB, user.id);
    await database.db.execute(sql`UPDATE users SET name = 'New Name' WHERE id = ${user.id}`);
    await heard;
    expect((await getSession(b, user.cookie)).json()).toMatchObject({ user: { name: 'New Name' } });
  });

  it('holds nothing across a lost listener: a session signed out meanwhile is refused, during and after', async () => {
    const user = await signUp(a, 'memo-while-down@example.com');
    const checks = betterAuthChecks(b);
    try {
      expect((await getSession(b, user.cookie)).json()).toMatchObject({ user: { id: user.id } });
      expect((await unreadCount(b, user.cookie)).statusCode).toBe(200);
      expect(checks).toHaveBeenCalledTimes(1);
    } finally {
      checks.mockRestore();
    }
    const { states, stop } = await loseListenerB();
    expect((await signOut(a, user.cookie)).statusCode).toBe(200);
    expect((await getSession(b, user.cookie)).json()).toBeNull();
    expect((await unreadCount(b, user.cookie)).statusCode).toBe(401);
    await vi.waitFor(() => expect(states).toEqual([false, true]), { timeout: 10_000 });
    await cacheTrusted(b, 'memo-probe-b@example.com');
    expect((await getSession(b, user.cookie)).json()).toBeNull();
    expect((await unreadCount(b, user.cookie)).statusCode).toBe(401);
    stop();
  });
});
