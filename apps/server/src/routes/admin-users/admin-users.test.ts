import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { browser, linkSignIn, createIdentityWorld, lastLink, type IdentityWorld } from '../../test/email-identity-fixtures.js';
import { signIn, signUp, TEST_ORIGIN, type TestUser } from '../../test/test-app.js';

let w: IdentityWorld;
beforeAll(async () => {
  w = await createIdentityWorld();
});
afterAll(async () => w.t.close());

const act = (who: TestUser | undefined, id: string, action: 'disable' | 'enable', origin = TEST_ORIGIN) =>
  w.t.app.inject({
    method: 'POST',
    url: `/api/admin/users/${id}/${action}`,
    headers: { origin, ...(who && { cookie: who.cookie }) },
  });

const whoAmI = (cookie: string) => w.t.app.inject({ method: 'GET', url: '/api/auth/identity/user', headers: { cookie } });

describe('administrators disabling accounts', () => {
  it('ends the sessions at once and refuses the next sign-in by every path with user-disabled, until enabled', async () => {
    const user = await signUp(w.t, 'rider@example.com', 'secret123');
    const widget = browser(w.t);
    expect((await widget.post('/api/auth/sign-in/email', { email: 'rider@example.com', password: 'secret123' })).statusCode).toBe(200);

    const res = await act(w.admin, user.id, 'disable');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: { id: user.id, email: 'rider@example.com', disabled: true } });
    expect((await whoAmI(user.cookie)).statusCode).toBe(401);
    expect((await widget.get('/api/auth/identity/user')).statusCode).toBe(401);

    const viaWidget = await browser(w.t).post('/api/auth/sign-in/email', { email: 'rider@example.com', password: 'secret123' });
    expect([viaWidget.statusCode, viaWidget.json().error.code]).toEqual([403, 'user-disabled']);
    expect(viaWidget.json().error.message).toBe('The user account has been disabled by an administrator.');

    const viaModal = (await signIn(w.t, 'rider@example.com', 'secret123')).res;
    expect(viaModal.statusCode).toBe(403);
    expect(viaModal.json()).toMatchObject({
      code: 'BANNED_USER',
      error: { code: 'user-disabled' },
      message: 'The user account has been disabled by an administrator.',
    });
    expect(viaModal.headers['set-cookie']).toBeUndefined();

    const viaLink = browser(w.t);
    const send = await viaLink.post('/api/auth/sign-in/magic-link', {
      email: 'rider@example.com',
      sessionId: 'abcdefghijklmnopqrstuvwxyz012345',
      sameDevice: true,
    });
    expect(send.json().error.code).toBe('user-disabled');

    const enabled = await act(w.admin, user.id, 'enable');
    expect(enabled.json().user.disabled).toBe(false);
    expect((await signIn(w.t, 'rider@example.com', 'secret123')).res.statusCode).toBe(200);
    expect((await browser(w.t).post('/api/auth/sign-in/email', { email: 'rider@example.com', password: 'secret123' })).statusCode).toBe(
      200,
    );
  });

  it('also refuses an e-mail link sent before the account was disabled', async () => {
    const user = await signUp(w.t, 'linked@example.com');
    await browser(w.t).post('/api/auth/sign-in/magic-link', {
      email: 'linked@example.com',
      sessionId: 'abcdefghijklmnopqrstuvwxyz012345',
      sameDevice: true,
    });
    const oobCode = (await lastLink(w.t, 'linked@example.com', 'email-sign-in')).searchParams.get('oobCode')!;
    expect((await act(w.admin, user.id, 'disable')).statusCode).toBe(200);
    const res = await linkSignIn(browser(w.t), { oobCode, email: 'linked@example.com' });
    expect(res.json().error.code).toBe('user-disabled');
  });

  it('is for administrators only: visitors 401, other users 403, unknown ids 404, own account and other origins refused', async () => {
    const user = await signUp(w.t, 'plain@example.com');
    const other = await signUp(w.t, 'other@example.com');
    expect((await act(undefined, other.id, 'disable')).statusCode).toBe(401);
    const forbidden = await act(user, other.id, 'disable');
    expect(forbidden.statusCode).toBe(403);
    expect((await act(w.admin, 'no-such-user', 'disable')).statusCode).toBe(404);
    expect((await act(w.admin, 'no-such-user', 'enable')).statusCode).toBe(404);
    expect((await act(w.admin, w.admin.id, 'disable')).statusCode).toBe(400);
    expect((await act(w.admin, other.id, 'disable', 'https://evil.example')).statusCode).toBe(403);
    // Better Auth's admin plugin bans only through this route (which audits): its own endpoints are not served.
    const direct = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/admin/ban-user',
      headers: { origin: TEST_ORIGIN, cookie: w.admin.cookie },
      payload: { userId: other.id },
    });
    expect(direct.statusCode).toBe(404);
    const [row] = await w.t.database.db.select().from(users).where(eq(users.id, other.id));
    expect(row!.disabled).toBe(false);
  });
});
