import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedMail } from '../test/queued-jobs.js';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // No name required, so a nameless sign-up reaches the mail (IDENTITY_REQUIRE_DISPLAY_NAME).
  t = await createTestApp({ AUTH_SENSITIVE_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true', IDENTITY_REQUIRE_DISPLAY_NAME: '' });
});
afterAll(async () => t.close());

const attempt = (ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN, 'x-forwarded-for': ip },
    payload: { email: 'nobody@example.com', password: 'wrong-password' },
  });

describe('the auth bridge', () => {
  it('refuses a callback address Better Auth cannot read with a 400 naming it, and passes a path on', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=x&callbackURL=not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: { code: 'invalid-argument', message: expect.stringContaining('callbackURL') } });
    // A path passes the bridge: the answer is the endpoint's own (an unknown token), not the bridge's refusal.
    const path = await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=x&callbackURL=%2F' });
    expect(path.statusCode).toBeLessThan(500);
    expect(path.json().error.code).toBe('invalid-action-code');
  });

  it('rate-limits sign-in per client IP, in the database', async () => {
    for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.7')).statusCode).toBe(401);
    const limited = await attempt('203.0.113.7');
    expect(limited.statusCode).toBe(429);
    // Another client is not punished for the first one's attempts.
    expect((await attempt('198.51.100.20')).statusCode).toBe(401);
  });

  it('ignores a client-sent copy of the internal client-IP header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '203.0.113.7', 'x-trailbuddy-client-ip': '192.0.2.99' },
      payload: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(429);
  });

  it('refuses a sign-up whose confirmation differs, before creating anything', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '192.0.2.1' },
      payload: { email: 'new@example.com', password: 'secret123', confirmPassword: 'other123', name: 'New' },
    });
    expect(res.statusCode).toBe(400);
    const refusal = { code: 'PASSWORDS_DO_NOT_MATCH', message: 'Passwords do not match' };
    expect(res.json()).toEqual({ ...refusal, error: { ...refusal, code: 'invalid-argument' } });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '192.0.2.1' },
      payload: { email: 'new@example.com', password: 'secret123' },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('queues a verification mail that greets a sign-up without a name by its address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '192.0.2.3' },
      payload: { email: 'nameless@example.com', password: 'secret123', name: '' },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await queuedMail(t.database.db, { to: 'nameless@example.com', template: 'verify-email' });
    expect(mail?.params).toMatchObject({ to_name: 'nameless' });
  });

  it("answers Better Auth's errors in the one error shape and vocabulary, keeping the top-level fields its client reads", async () => {
    // (Its sign-in refusals are the widget's own codes now: auth/password-accounts.ts.)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '192.0.2.2' },
      payload: { email: 'short@example.com', password: 'abc', name: 'Short' },
    });
    expect(res.statusCode).toBe(400);
    const failure = { code: 'PASSWORD_TOO_SHORT', message: 'Strong passwords have at least 6 characters and a mix of letters and numbers' };
    expect(res.json()).toEqual({ ...failure, error: { ...failure, code: 'weak-password', fields: { password: failure.message } } });
  });

  it('gives an error Better Auth answers without a body a code and a message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/no-such-endpoint', headers: { origin: TEST_ORIGIN }, payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ error: { code: 'not-found', message: 'Not found.' } });
  });

  it('keeps the body and type of a success as Better Auth sent them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/ok' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ ok: true });
  });
});
