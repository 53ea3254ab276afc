import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDevInboxSmsTransport } from '../../auth/phone/sms/transports.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const inbox = createDevInboxSmsTransport(t.database.db);
  await inbox.send({ to: '+351912000001', body: '111111 is your TrailBuddy verification code.', idempotencyKey: 'a' });
  await new Promise((r) => setTimeout(r, 5));
  await inbox.send({ to: '+351912000002', body: '<b>222222</b> & "more"', idempotencyKey: 'b' });
});
afterAll(async () => t.close());

describe('the development SMS inbox', () => {
  it('lists delivered messages newest first, optionally for one number', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/dev/sms' });
    expect(all.statusCode).toBe(200);
    expect(all.json().messages.map((m: { to: string }) => m.to)).toEqual(['+351912000002', '+351912000001']);
    const one = await t.app.inject({ method: 'GET', url: `/api/dev/sms?to=${encodeURIComponent('+351912000001')}` });
    expect(one.json().messages).toEqual([
      { id: expect.any(String), to: '+351912000001', body: '111111 is your TrailBuddy verification code.', receivedAt: expect.any(String) },
    ]);
  });

  it('shows them on a readable page, escaped, refreshing itself, never cached', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/dev/sms' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Development SMS inbox');
    expect(page.body).toContain('111111 is your TrailBuddy verification code.');
    expect(page.body).toContain('&lt;b&gt;222222&lt;/b&gt; &amp; &quot;more&quot;');
    expect(page.body).not.toContain('<b>222222</b>');
    expect(page.body).toContain('<meta http-equiv="refresh" content="5">');
  });

  it('answers only requests from this machine', async () => {
    for (const url of ['/api/dev/sms', '/dev/sms']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '203.0.113.7' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('222222');
    }
  });

  it('can be emptied', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/dev/sms' });
    expect(res.json()).toEqual({ deleted: 2 });
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/sms' })).json().messages).toEqual([]);
  });

  it.each([
    ['in production', { NODE_ENV: 'production', BETTER_AUTH_SECRET: 'x'.repeat(32) }],
    ['with DEV_INBOX=false', { DEV_INBOX: 'false' }],
    ['when an SMS gateway is configured', { SMS_WEBHOOK_URL: 'http://127.0.0.1:9/send' }],
  ])('is not served %s', async (_label, env) => {
    const other = await createTestApp(env, { database: t.database });
    try {
      for (const url of ['/api/dev/sms', '/dev/sms']) {
        const res = await other.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('not-found');
      }
    } finally {
      await other.close();
    }
  });
});
