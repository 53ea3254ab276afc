import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index.js';
import { PUSH_ENDPOINT_REFUSED } from '../../push/endpoints.js';
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

/** A subscription as a browser's `PushSubscription.toJSON()` gives it (Chrome's push service). */
const browser = (n: number) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/browser-${n}`,
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
    ['endpoint', { ...browser(1), endpoint: 'http://fcm.googleapis.com/fcm/send/1' }, /https/],
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

describe('which endpoints a subscription may name (issue 22, finding 1)', () => {
  it.each([
    'https://127.0.0.1/push',
    'https://[::1]/push',
    'https://10.0.0.5/push',
    'https://169.254.169.254/latest/meta-data/',
    'https://localhost:5432/push',
    'https://user:pass@fcm.googleapis.com/fcm/send/1',
    'https://fcm.googleapis.com:8443/fcm/send/1',
    'https://fcm.googleapis.com.evil.example/fcm/send/1',
    'https://evil.example/fcm.googleapis.com/fcm/send/1',
    'https://notify.windows.com.evil.example/w/1',
    'https://evilnotify.windows.com/w/1',
  ])('refuses %s with a 400 naming the endpoint, and keeps nothing', async (endpoint) => {
    const res = await call('POST', ana, { ...browser(1), endpoint });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'invalid-argument', fields: { endpoint: PUSH_ENDPOINT_REFUSED } });
    expect(await rows()).toEqual([]);
  });

  it.each([
    'https://fcm.googleapis.com/fcm/send/dGVzdA:APA91b',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
    'https://web.push.apple.com/QGr2VtW-SdyRvjWk',
    'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAC',
  ])('accepts a browser vendor’s push service: %s', async (endpoint) => {
    expect((await call('POST', ana, { ...browser(1), endpoint })).statusCode).toBe(204);
    expect(await rows()).toEqual([{ userId: ana.id, endpoint }]);
  });

  it('keeps the newest five browsers of a person: a sixth replaces the oldest', async () => {
    for (const n of [1, 2, 3, 4, 5, 6, 7]) expect((await call('POST', ana, browser(n))).statusCode).toBe(204);
    const kept = (await rows()).map((r) => r.endpoint).sort();
    expect(kept).toEqual([3, 4, 5, 6, 7].map((n) => browser(n).endpoint).sort());
    // Subscribing a kept browser again makes it the newest: the next new one replaces browser 4.
    await call('POST', ana, browser(3));
    await call('POST', ana, browser(8));
    expect((await rows()).map((r) => r.endpoint).sort()).toEqual([3, 5, 6, 7, 8].map((n) => browser(n).endpoint).sort());
  });

  it('holds the cap when many browsers subscribe at once', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => call('POST', rui, browser(100 + i))));
    expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(204));
    expect((await rows()).filter((r) => r.userId === rui.id)).toHaveLength(5);
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
