import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions, users } from '../db/schema/index.js';
import { createTestApp, signIn, signUp, TEST_ORIGIN, type TestApp } from '../test/test-app.js';

/**
 * ADR 0061: Better Auth's ids are UUIDs like ours. Before it, Better Auth gave the accounts it made
 * (sign-ups, guests) and their sessions and credentials 32-character random ids: those rows keep
 * their ids and must go on working.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const OLD_USER_ID = 'Xq3vTz9LmN0pRs7KwY2bHc5dJf8gAe1U';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Rows as the release before this one left them: Better Auth's own ids, not UUIDs.
  const hash = await (await t.app.auth.$context).password.hash('secret123');
  await t.database.db.insert(users).values({ id: OLD_USER_ID, email: 'older@example.com', name: 'Older', emailVerified: true });
  await t.database.db.insert(accounts).values({
    id: 'aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY',
    userId: OLD_USER_ID,
    providerId: 'credential',
    accountId: OLD_USER_ID,
    password: hash,
  });
});
afterAll(async () => t.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });

describe('ids (ADR 0061)', () => {
  it('signs an account with an earlier id in, and resolves it as the signed-in user', async () => {
    const { res, cookie } = await signIn(t, 'older@example.com', 'secret123');
    expect(res.statusCode).toBe(200);
    const answer = await me(cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().user.id).toBe(OLD_USER_ID);
    // Its new session gets the new format; the account keeps its id.
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, OLD_USER_ID));
    expect(session!.id).toMatch(UUID);
  });

  it("gives Better Auth's new users, sessions and credentials UUIDs, as our own code does", async () => {
    const fresh = await signUp(t, 'newer@example.com');
    expect(fresh.id).toMatch(UUID);
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.userId, fresh.id));
    expect(account!.id).toMatch(UUID);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, fresh.id));
    expect(session!.id).toMatch(UUID);

    const guest = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/anonymous', headers: { origin: TEST_ORIGIN } });
    expect(guest.statusCode).toBe(200);
    expect(guest.json().user.id).toMatch(UUID);
  });
});
