import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ORIGIN, type TestApp, type TestUser } from '../test/test-app.js';

const clock = { now: new Date('2026-03-01T10:00:00Z') };
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ TOKEN_SYNC_URL: '/api/auth/identity/token-sync', TOKEN_SYNC_MAX_AGE_S: '300' }, { now: () => clock.now });
  user = await signUp(t, 'sync@example.com');
});
afterAll(async () => t.close());

const getToken = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/identity/token', headers: { cookie: user.cookie } });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; sync: { url: string; maxAgeS: number } | null };
};
const sync = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/identity/token-sync',
    headers: { origin: TEST_ORIGIN, authorization: `Bearer ${token}` },
  });

describe('session token sync', () => {
  it('gives the signed-in user a token the sync target accepts, with the configured target', async () => {
    const { token, sync: target } = await getToken();
    expect(target).toEqual({ url: '/api/auth/identity/token-sync', maxAgeS: 300 });
    const res = await sync(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ uid: user.id });
  });

  it('refuses a tampered token, a missing one, and one older than the limit', async () => {
    const { token } = await getToken();
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    expect((await sync(`${header}.${forged}.${signature}`)).statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/identity/token-sync' });
    expect(missing.json().error).toMatchObject({ code: 'invalid-credential', fields: { authorization: expect.any(String) } });

    clock.now = new Date(clock.now.getTime() + 301_000);
    expect((await sync(token)).statusCode).toBe(400);
    expect((await sync((await getToken()).token)).statusCode).toBe(200);
  });

  it('accepts sign-out (DELETE) and refuses tokens to visitors', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/identity/token-sync' })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/identity/token' })).statusCode).toBe(401);
  });

  it('reports sync as off when no target is configured', async () => {
    const plain = await createTestApp();
    try {
      const u = await signUp(plain, 'plain@example.com');
      const res = await plain.app.inject({ method: 'GET', url: '/api/auth/identity/token', headers: { cookie: u.cookie } });
      expect(res.json().sync).toBeNull();
    } finally {
      await plain.close();
    }
  });
});
