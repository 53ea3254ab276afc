import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_SENSITIVE_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true' });
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
    expect(res.json()).toEqual({ code: 'PASSWORDS_DO_NOT_MATCH', message: 'Passwords do not match' });
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': '192.0.2.1' },
      payload: { email: 'new@example.com', password: 'secret123' },
    });
    expect(signIn.statusCode).toBe(401);
  });
});
