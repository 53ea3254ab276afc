import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createActionCode } from './actions-codes.js';
import {
  actionEndpoints,
  createActionWorld,
  errorOf,
  HOUR,
  lastAction,
  MINUTE,
  signedUp,
  type ActionWorld,
} from '../../test/action-fixtures.js';
import { browser } from '../../test/email-identity-fixtures.js';
import { signIn, TEST_ORIGIN } from '../../test/test-app.js';

const WEAK = 'Strong passwords have at least 6 characters and a mix of letters and numbers';

let w: ActionWorld;
beforeAll(async () => {
  w = await createActionWorld();
});
afterAll(async () => w.t.close());
afterEach(() => w.resetClock());

const check = (body: object) => actionEndpoints(w.t).check(body);
const apply = (oobCode: string) => actionEndpoints(w.t).apply(oobCode);
const verify = (oobCode: string) => actionEndpoints(w.t).verify(oobCode);
const reset = (oobCode: string, newPassword: string) => actionEndpoints(w.t).reset(oobCode, newPassword);

async function requestReset(email: string) {
  const res = await browser(w.t).post('/api/auth/request-password-reset', { email });
  expect(res.statusCode).toBe(200);
  return lastAction(w.t, email, 'reset-password');
}

const isVerified = async (id: string) => (await w.t.database.db.select().from(users).where(eq(users.id, id)))[0]!.emailVerified;

describe('verifyEmail with the link of the sign-up mail (Better Auth’s token, completed by its /verify-email)', () => {
  it('checks, applies once, and then refuses the used code', async () => {
    const { id } = await signedUp(w.t, 'verify@example.com');
    const { mode, oobCode } = await lastAction(w.t, 'verify@example.com', 'verify-email');
    expect(mode).toBe('verifyEmail');

    const checked = await check({ oobCode, mode: 'verifyEmail' });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ operation: 'VERIFY_EMAIL', email: 'verify@example.com' });
    expect(await isVerified(id)).toBe(false);

    const applied = await verify(oobCode);
    expect(applied.statusCode).toBe(200);
    expect(await isVerified(id)).toBe(true);
    // Like Firebase's applyActionCode, completing the link signs nobody in.
    expect(applied.headers['set-cookie']).toBeUndefined();

    expect(errorOf(await verify(oobCode))).toBe('400 invalid-action-code');
    // Not one of the actions our apply endpoint performs.
    expect(errorOf(await apply(oobCode))).toBe('400 invalid-action-code');
    expect(errorOf(await check({ oobCode }))).toBe('400 invalid-action-code');
  });

  it('is expired-action-code after an hour (moved clock), for check and apply', async () => {
    const { id } = await signedUp(w.t, 'verify-late@example.com');
    const { oobCode } = await lastAction(w.t, 'verify-late@example.com', 'verify-email');
    w.later(HOUR + 1000);
    const res = await check({ oobCode });
    expect(errorOf(res)).toBe('400 expired-action-code');
    expect(res.json().error.message).toBe('This code has expired.');
    expect(errorOf(await verify(oobCode))).toBe('400 expired-action-code');
    expect(await isVerified(id)).toBe(false);
  });

  it('refuses a code signed with another secret', async () => {
    await signedUp(w.t, 'verify-forged@example.com');
    const { oobCode } = await lastAction(w.t, 'verify-forged@example.com', 'verify-email');
    const [header, payload] = oobCode.split('.');
    expect(errorOf(await verify(`${header}.${payload}.${randomBytes(32).toString('base64url')}`))).toBe('400 invalid-action-code');
  });

  it('a newer verification mail replaces the older link (resend invalidation)', async () => {
    const { b, id } = await signedUp(w.t, 'verify-again@example.com');
    const first = await lastAction(w.t, 'verify-again@example.com', 'verify-email');
    // Better Auth's token is a JWT of whole seconds: a later second makes another one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await b.post('/api/auth/send-verification-email', { email: 'verify-again@example.com' })).statusCode).toBe(200);
    const second = await lastAction(w.t, 'verify-again@example.com', 'verify-email');
    expect(second.oobCode).not.toBe(first.oobCode);
    expect(errorOf(await verify(first.oobCode))).toBe('400 invalid-action-code');
    expect(await isVerified(id)).toBe(false);
    expect((await verify(second.oobCode)).statusCode).toBe(200);
    expect(await isVerified(id)).toBe(true);
  });
});

describe('resetPassword with the link of the reset mail (Better Auth’s token, completed by its /reset-password)', () => {
  it('shows the e-mail, refuses a weak password inline, sets the password, ends sessions, and is single use', async () => {
    const { b } = await signedUp(w.t, 'reset@example.com', 'oldpass1');
    const { mode, oobCode } = await requestReset('reset@example.com');
    expect(mode).toBe('resetPassword');

    const checked = await check({ oobCode, mode: 'resetPassword' });
    expect(checked.json()).toEqual({ operation: 'PASSWORD_RESET', email: 'reset@example.com' });

    const weak = await reset(oobCode, 'abc');
    expect(errorOf(weak)).toBe('400 weak-password');
    expect(weak.json().error).toMatchObject({ message: WEAK, fields: { newPassword: WEAK } });

    const done = await reset(oobCode, 'newpass1');
    expect(done.statusCode).toBe(200);
    expect(await isVerified((await w.t.database.db.select().from(users).where(eq(users.email, 'reset@example.com')))[0]!.id)).toBe(true);

    // The old session is gone; the new password signs in, the old one does not.
    expect((await b.get('/api/auth/identity/user')).statusCode).toBe(401);
    expect((await signIn(w.t, 'reset@example.com', 'oldpass1')).res.statusCode).not.toBe(200);
    expect((await signIn(w.t, 'reset@example.com', 'newpass1')).res.statusCode).toBe(200);

    expect(errorOf(await reset(oobCode, 'another1'))).toBe('400 invalid-action-code');
    expect(errorOf(await check({ oobCode }))).toBe('400 invalid-action-code');
  });

  it('is expired-action-code after an hour (moved clock), and the password stays', async () => {
    await signedUp(w.t, 'reset-late@example.com', 'oldpass1');
    const { oobCode } = await requestReset('reset-late@example.com');
    w.later(HOUR + 1000);
    expect(errorOf(await check({ oobCode }))).toBe('400 expired-action-code');
    expect(errorOf(await reset(oobCode, 'newpass1'))).toBe('400 expired-action-code');
    w.resetClock();
    expect((await signIn(w.t, 'reset-late@example.com', 'oldpass1')).res.statusCode).toBe(200);
  });

  it('is not an applyActionCode code, and a wrong mode is refused without spending it', async () => {
    await signedUp(w.t, 'reset-mode@example.com');
    const { oobCode } = await requestReset('reset-mode@example.com');
    expect(errorOf(await apply(oobCode))).toBe('400 invalid-action-code');
    expect(errorOf(await check({ oobCode, mode: 'verifyEmail' }))).toBe('400 invalid-action-code');
    expect((await reset(oobCode, 'newpass1')).statusCode).toBe(200);
  });
});

describe('codes of the identity API', () => {
  it('a newer reset mail replaces the older link (resend invalidation)', async () => {
    await signedUp(w.t, 'own-reset@example.com');
    const first = await requestReset('own-reset@example.com');
    const second = await requestReset('own-reset@example.com');
    expect(errorOf(await check({ oobCode: first.oobCode }))).toBe('400 invalid-action-code');
    expect(errorOf(await reset(first.oobCode, 'newpass1'))).toBe('400 invalid-action-code');
    expect((await check({ oobCode: second.oobCode })).json()).toEqual({ operation: 'PASSWORD_RESET', email: 'own-reset@example.com' });
    expect((await reset(second.oobCode, 'newpass1')).statusCode).toBe(200);
    expect(errorOf(await reset(second.oobCode, 'newpass2'))).toBe('400 invalid-action-code');
  });

  it('an expired row is expired-action-code', async () => {
    const { id } = await signedUp(w.t, 'own-expired@example.com');
    const code = await createActionCode(
      w.t.database.db,
      TEST_ORIGIN,
      { operation: 'VERIFY_EMAIL', userId: id, email: 'own-expired@example.com', ttlMs: 1000 },
      new Date(Date.now() - 5000),
    );
    expect(errorOf(await check({ oobCode: code.oobCode }))).toBe('400 expired-action-code');
    expect(errorOf(await verify(code.oobCode))).toBe('400 expired-action-code');
    expect(await isVerified(id)).toBe(false);
  });
});

describe('failures every code shares', () => {
  it.each([
    ['malformed', 'not a code!'],
    ['unknown (our shape)', randomBytes(32).toString('base64url')],
    ['unknown (Better Auth reset shape)', 'A'.repeat(24)],
    ['a random JWT-looking string', 'aaa.bbb.ccc'],
  ])('%s is invalid-action-code for check, apply, verify and reset', async (_, oobCode) => {
    const res = await check({ oobCode });
    expect(errorOf(res)).toBe('400 invalid-action-code');
    expect(res.json().error.message).toBe(
      'The action code is invalid. This can happen if the code is malformed, expired, or has already been used.',
    );
    expect(errorOf(await apply(oobCode))).toBe('400 invalid-action-code');
    expect(errorOf(await verify(oobCode))).toBe('400 invalid-action-code');
    expect(errorOf(await reset(oobCode, 'newpass1'))).toBe('400 invalid-action-code');
  });

  it('a missing oobCode is a 400 naming the field', async () => {
    const res = await check({});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('oobCode');
  });

  it('an account disabled by an administrator is user-disabled', async () => {
    const { id } = await signedUp(w.t, 'disabled@example.com');
    const verifyCode = await lastAction(w.t, 'disabled@example.com', 'verify-email');
    const resetCode = await requestReset('disabled@example.com');
    await w.t.database.db.update(users).set({ disabled: true }).where(eq(users.id, id));
    expect(errorOf(await check({ oobCode: verifyCode.oobCode }))).toBe('403 user-disabled');
    expect(errorOf(await verify(verifyCode.oobCode))).toBe('403 user-disabled');
    expect(errorOf(await check({ oobCode: resetCode.oobCode }))).toBe('403 user-disabled');
    expect(errorOf(await reset(resetCode.oobCode, 'newpass1'))).toBe('403 user-disabled');
  });

  it('is rate-limited per client on Better Auth’s limiter (IDENTITY_RATE_LIMIT_MAX per minute)', async () => {
    const b = browser(w.t);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await b.post('/api/auth/identity/action-codes/check', { oobCode: 'x' })).statusCode);
    expect(statuses).toEqual([...Array(20).fill(400), 429]);
    expect(errorOf(await b.post('/api/auth/identity/action-codes/check', { oobCode: 'x' }))).toBe('429 too-many-requests');
    // Its window is real time: a minute later the client is let through again.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + MINUTE + 1000 });
    try {
      expect(errorOf(await b.post('/api/auth/identity/action-codes/check', { oobCode: 'x' }))).toBe('400 invalid-action-code');
    } finally {
      vi.useRealTimers();
    }
    // Another client is not affected.
    expect(errorOf(await check({ oobCode: 'x' }))).toBe('400 invalid-action-code');
  });

  it('refuses a cookie-bearing call from another origin (CSRF)', async () => {
    const { b } = await signedUp(w.t, 'csrf@example.com');
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/identity/action-codes/apply',
      headers: { origin: 'https://evil.example', cookie: b.cookie },
      payload: { oobCode: 'x' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every account-action endpoint with its body and answer', async () => {
    const spec = (await w.t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/auth/identity/action-codes/check',
      '/api/auth/identity/action-codes/apply',
      '/api/auth/reset-password',
      '/api/auth/change-email',
      // Second factors: the twoFactor plugin's endpoints and ours beside it (auth/second-factor/second-factors.ts).
      '/api/auth/two-factor/enable',
      '/api/auth/two-factor/verify-totp',
      '/api/auth/two-factor/send-otp',
      '/api/auth/two-factor/verify-otp',
      '/api/auth/two-factor/unenroll',
    ]) {
      expect(spec.paths[path]?.post?.requestBody, path).toBeDefined();
      expect(spec.paths[path].post.responses['200'], path).toBeDefined();
    }
    expect(spec.paths['/api/auth/two-factor/factors'].get.responses['200']).toBeDefined();
    const info = spec.paths['/api/auth/identity/action-codes/check'].post.responses['200'].content['application/json'].schema;
    expect(info.properties.operation.enum).toEqual([
      'PASSWORD_RESET',
      'VERIFY_EMAIL',
      'VERIFY_AND_CHANGE_EMAIL',
      'RECOVER_EMAIL',
      'REVERT_SECOND_FACTOR_ADDITION',
    ]);
  });
});
