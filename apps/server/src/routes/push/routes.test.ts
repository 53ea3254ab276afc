import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.js';
import { createTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app.js';

let t: TestApp;
let ana: TestUser;
let rui: TestUser;
const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

beforeAll(async () => {
  t = await createTestApp();
  ana = await signUp(t, 'ana@example.com');
  rui = await signUp(t, 'rui@example.com');
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.db.delete(pushSubscriptions);
});

/** A subscription as a browser's `PushSubscription.toJSON()` gives it. */
const browser = (n: number) => ({
  endpoint: `https://push.example.net/send/browser-${n}`,
  expirationTime: null,
  keys: { p256dh: PUBLIC_KEY, auth: 'tBHItJI5svbpez7KI4CCXg' },
});

const call = (method: 'POST' | 'DELETE', user: TestUser | undefined, payload: object) =>
  t.app.inject({ method, url: '/api/push/subscriptions', headers: user ? { cookie: user.cookie } : {}, payload });

const rows = () => t.database.db.select({ userId: pushSubscriptions.userId, endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions);

describe('POST /api/push/subscriptions', () => {
  it('keeps the signed-in person’s browser', async () => {
    expect((await call('POST', ana, browser(1))).statusCode).toBe(204);
    expect(await rows()).toEqual([{ userId: ana.id, endpoint: browser(1).endpoint }]);
  });

  it('is idempotent for the same browser, and moves a browser to whoever subscribed it last', async () => {
    await call('POST', ana, browser(1));
    await call('POST', ana, browser(1));
    expect(await rows()).toHaveLength(1);
    await call('POST', rui, browser(1));
    expect(await rows()).toEqual([{ userId: rui.id, endpoint: browser(1).endpoint }]);
  });

  it('asks a visitor to sign in before it looks at the body', async () => {
    const res = await call('POST', undefined, { endpoint: 'not a url' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
    expect(await rows()).toEqual([]);
  });

  it.each([
    ['endpoint', { ...browser(1), endpoint: 'http://push.example.net/send/1' }, /https/],
    ['endpoint', { ...browser(1), endpoint: undefined }, /./],
    ['keys', { endpoint: browser(1).endpoint }, /Keys are required/],
    ['keys.p256dh', { ...browser(1), keys: { ...browser(1).keys, p256dh: 'short' } }, /65 bytes/],
    ['keys.auth', { ...browser(1), keys: { ...browser(1).keys, auth: 'not base64url!' } }, /base64url/],
  ])('a bad %s is a 400 naming the field', async (field, body, message) => {
    const res = await call('POST', ana, body);
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe('invalid-argument');
    expect(Object.keys(error.fields ?? {})).toContain(field);
    expect(error.fields[field]).toMatch(message);
    expect(await rows()).toEqual([]);
  });
});

describe('DELETE /api/push/subscriptions', () => {
  it('removes the person’s own browser', async () => {
    await call('POST', ana, browser(1));
    await call('POST', ana, browser(2));
    expect((await call('DELETE', ana, { endpoint: browser(1).endpoint })).statusCode).toBe(204);
    expect(await rows()).toEqual([{ userId: ana.id, endpoint: browser(2).endpoint }]);
  });

  it('another person cannot remove yours: 404, and it stays', async () => {
    await call('POST', ana, browser(1));
    const res = await call('DELETE', rui, { endpoint: browser(1).endpoint });
    expect(res.statusCode).toBe(404);
    expect(await rows()).toEqual([{ userId: ana.id, endpoint: browser(1).endpoint }]);
  });

  it('asks a visitor to sign in, and names a missing endpoint', async () => {
    await call('POST', ana, browser(1));
    expect((await call('DELETE', undefined, { endpoint: browser(1).endpoint })).statusCode).toBe(401);
    const res = await call('DELETE', ana, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('endpoint');
    expect(await rows()).toHaveLength(1);
  });
});

describe('GET /api/push/public-key', () => {
  it('is 404 when the server has no VAPID keys, and the key when it has', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).statusCode).toBe(404);
    const withKeys = await createTestApp({}, { database: t.database, vapidPublicKey: PUBLIC_KEY });
    try {
      const res = await withKeys.app.inject({ method: 'GET', url: '/api/push/public-key' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ publicKey: PUBLIC_KEY });
    } finally {
      await withKeys.close();
    }
  });
});
