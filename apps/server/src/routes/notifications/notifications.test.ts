import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../notifications/notify.js';
import { loadPreferences } from '../../notifications/preferences.js';
import { createUnsubscribeToken, unsubscribeKey } from '../../notifications/unsubscribe-token.js';
import { createMatchWorld, registeredUser, type MatchWorld } from '../../test/match-fixtures.js';
import type { TestUser } from '../../test/test-app.js';

const TEST_SECRET = 'test-secret-that-is-at-least-32-characters-long';

let w: MatchWorld;
let ana: TestUser;
let rui: TestUser;
beforeAll(async () => {
  w = await createMatchWorld();
  ana = await registeredUser(w.t, 'ana@example.com', { fullName: 'Ana Ribeiro' });
  rui = await registeredUser(w.t, 'rui@example.com', { fullName: 'Rui Costa' });
  for (let i = 0; i < 25; i++) {
    await notify(w.t.database.db, { recipientId: ana.id, kind: 'account-warning', params: { message: `Notice ${i}` } });
  }
});
afterAll(async () => w.t.close());

const inject = (user: TestUser | undefined, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  w.t.app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });

describe('the notification list', () => {
  it('asks for sign-in before it looks at the input', async () => {
    for (const [method, url] of [
      ['GET', '/api/notifications?cursor=%%%'],
      ['GET', '/api/notifications/unread-count'],
      ['GET', '/api/notifications/not-a-uuid'],
      ['POST', '/api/notifications/not-a-uuid/read'],
      ['POST', '/api/notifications/read-all'],
      ['GET', '/api/notifications/preferences'],
    ] as const) {
      expect((await inject(undefined, method, url)).statusCode, url).toBe(401);
    }
  });

  it('pages newest first with a cursor, without overlap, with the unread count', async () => {
    const first = (await inject(ana, 'GET', '/api/notifications')).json();
    expect(first.items).toHaveLength(20);
    expect(first.unread).toBe(25);
    expect(first.items[0]).toMatchObject({
      kind: 'account-warning',
      body: 'Notice 24',
      title: 'About your account',
      view: { name: 'personal-profile' },
    });
    const second = (await inject(ana, 'GET', `/api/notifications?cursor=${first.nextCursor}`)).json();
    expect(second.items.map((n: { body: string }) => n.body)).toEqual(['Notice 4', 'Notice 3', 'Notice 2', 'Notice 1', 'Notice 0']);
    expect(second.nextCursor).toBeNull();
    const ids = new Set([...first.items, ...second.items].map((n: { id: string }) => n.id));
    expect(ids.size).toBe(25);
  });

  it('answers bad input with a 400 naming the field', async () => {
    const cursor = await inject(ana, 'GET', '/api/notifications?cursor=bm90LWEtY3Vyc29y');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().error.fields).toHaveProperty('cursor');
    const limit = await inject(ana, 'GET', '/api/notifications?limit=0');
    expect(limit.statusCode).toBe(400);
    expect(limit.json().error.fields).toHaveProperty('limit');
    const id = await inject(ana, 'POST', '/api/notifications/not-a-uuid/read');
    expect(id.statusCode).toBe(400);
    expect(id.json().error.fields).toHaveProperty('id');
  });

  it('lets only the recipient read or mark a notification', async () => {
    const [newest] = (await inject(ana, 'GET', '/api/notifications?limit=1')).json().items;
    expect((await inject(rui, 'GET', `/api/notifications/${newest.id}`)).statusCode).toBe(404);
    expect((await inject(rui, 'POST', `/api/notifications/${newest.id}/read`)).statusCode).toBe(404);
    expect((await inject(rui, 'GET', '/api/notifications')).json()).toEqual({ items: [], nextCursor: null, unread: 0 });
    await inject(rui, 'POST', '/api/notifications/read-all');
    expect((await inject(ana, 'GET', '/api/notifications/unread-count')).json()).toEqual({ unread: 25 });

    expect((await inject(ana, 'GET', `/api/notifications/${newest.id}`)).json()).toMatchObject({ id: newest.id, readAt: null });
    expect((await inject(ana, 'POST', `/api/notifications/${newest.id}/read`)).statusCode).toBe(204);
    expect((await inject(ana, 'GET', '/api/notifications/unread-count')).json()).toEqual({ unread: 24 });
    expect((await inject(ana, 'POST', '/api/notifications/read-all')).statusCode).toBe(204);
    expect((await inject(ana, 'GET', '/api/notifications/unread-count')).json()).toEqual({ unread: 0 });
  });
});

describe('preferences', () => {
  it('start at the defaults, save per kind and channel with quiet hours, and refuse bad input naming the field', async () => {
    expect((await inject(rui, 'GET', '/api/notifications/preferences')).json()).toEqual({
      channels: {},
      quietHours: null,
      timeZone: 'Europe/Lisbon',
    });
    const saved = {
      channels: { 'message-received': { email: false } },
      quietHours: { start: '22:00', end: '07:30' },
      timeZone: 'Europe/Berlin',
    };
    const put = await inject(rui, 'PUT', '/api/notifications/preferences', saved);
    expect(put.statusCode).toBe(200);
    expect((await inject(rui, 'GET', '/api/notifications/preferences')).json()).toEqual(saved);

    const bad = await inject(rui, 'PUT', '/api/notifications/preferences', { ...saved, quietHours: { start: '7am', end: '07:30' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toContain('quietHours.start');
    const zone = await inject(rui, 'PUT', '/api/notifications/preferences', { ...saved, timeZone: 'Nowhere/Land' });
    expect(Object.keys(zone.json().error.fields)).toContain('timeZone');
    expect((await inject(rui, 'GET', '/api/notifications/preferences')).json()).toEqual(saved);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  const key = unsubscribeKey(TEST_SECRET);

  it('turns e-mail off for the token’s kinds of its own recipient, without sign-in, from the form a mail client posts', async () => {
    const token = createUnsubscribeToken(key, { userId: ana.id, kinds: ['invitation-received'] });
    const res = await w.t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: ['invitation-received'] });
    expect((await loadPreferences(w.t.database.db, ana.id)).channels).toEqual({ 'invitation-received': { email: false } });
    expect((await loadPreferences(w.t.database.db, rui.id)).channels).toEqual({ 'message-received': { email: false } });
  });

  it('refuses a token changed to name someone else or another kind, or signed with another key', async () => {
    const token = createUnsubscribeToken(key, { userId: ana.id, kinds: ['match-accepted'] });
    const [, signature] = token.split('.');
    const forged = [
      `${Buffer.from(JSON.stringify({ u: rui.id, k: ['match-accepted'] })).toString('base64url')}.${signature}`,
      `${Buffer.from(JSON.stringify({ u: ana.id, k: ['match-cancelled'] })).toString('base64url')}.${signature}`,
      createUnsubscribeToken(unsubscribeKey('another-secret-that-is-at-least-32-characters'), {
        userId: rui.id,
        kinds: ['match-accepted'],
      }),
      'garbage',
    ];
    for (const bad of forged) {
      const res = await w.t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}` });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.fields).toHaveProperty('token');
    }
    expect((await loadPreferences(w.t.database.db, rui.id)).channels).toEqual({ 'message-received': { email: false } });
    expect((await loadPreferences(w.t.database.db, ana.id)).channels['match-accepted']).toBeUndefined();
  });
});
