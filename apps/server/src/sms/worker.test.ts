import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { smsDevInbox, smsOutbox } from '../db/schema/sms.js';
import { withAdvisoryLock } from '../jobs/advisory-lock.js';
import { SMS_DELIVERY } from '../jobs/lock-keys.js';
import { silentLog } from '../jobs/log.js';
import { backoffMs } from '../jobs/retry.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { InvalidSmsError, queueSms } from './outbox.js';
import { createTestHttpServer, type TestHttpServer } from '../test/sms-http-server.js';
import { createDevInboxSmsTransport, createWebhookSmsTransport, type SmsTransport } from './transports.js';
import { deliverDueSms, startSmsWorker } from './worker.js';

let t: TestDatabase;
let gateway: TestHttpServer;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  t = await createTestDatabase();
  gateway = await createTestHttpServer();
});
afterAll(async () => {
  await gateway.close();
  await t.close();
});
beforeEach(async () => {
  offsetMs = 0;
  await t.db.delete(smsOutbox);
  await t.db.delete(smsDevInbox);
  gateway.received.length = 0;
  gateway.respond = () => ({ status: 200, json: { ok: true } });
});

const code = (n: number) => ({
  to: `+35191200${String(n).padStart(4, '0')}`,
  body: `${String(n).padStart(6, '0')} is your TrailBuddy verification code.`,
  idempotencyKey: `test:${n}`,
});
const rowOf = async (key: string) => (await t.db.select().from(smsOutbox).where(eq(smsOutbox.idempotencyKey, key)))[0]!;
const deliver = (transport: SmsTransport, extra: { maxAttempts?: number } = {}) =>
  deliverDueSms({ db: t.db, transport, log: silentLog, now, ...extra });

describe('queueSms', () => {
  it('queues once per idempotency key', async () => {
    expect(await queueSms(t.db, code(1))).toEqual({ queued: true });
    expect(await queueSms(t.db, code(1))).toEqual({ queued: false });
    expect(await t.db.select().from(smsOutbox)).toHaveLength(1);
  });

  it('commits and rolls back with the caller’s transaction', async () => {
    await t.db
      .transaction(async (tx) => {
        await queueSms(tx, code(2));
        throw new Error('business change failed');
      })
      .catch(() => undefined);
    expect(await t.db.select().from(smsOutbox)).toEqual([]);
  });

  it.each([
    [{ to: '912345678' }, 'to'],
    [{ to: '+0123' }, 'to'],
    [{ body: '' }, 'body'],
    [{ body: 'x'.repeat(1601) }, 'body'],
    [{ idempotencyKey: 'has spaces' }, 'idempotencyKey'],
  ])('refuses %j at queue time', async (override, field) => {
    const err = await queueSms(t.db, { ...code(3), ...override }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidSmsError);
    expect(Object.keys((err as InvalidSmsError).fields)).toEqual([field]);
  });
});

describe('delivery to the development inbox', () => {
  it('lands each message once in the inbox and marks it sent', async () => {
    await queueSms(t.db, code(10));
    await queueSms(t.db, code(11));
    const transport = createDevInboxSmsTransport(t.db);
    expect(await deliver(transport)).toEqual({ sent: 2, failed: 0, retried: 0, ran: true });
    expect(await deliver(transport)).toEqual({ sent: 0, failed: 0, retried: 0, ran: true });
    const inbox = await t.db.select().from(smsDevInbox);
    expect(inbox.map((m) => [m.toPhone, m.body]).sort()).toEqual([
      [code(10).to, code(10).body],
      [code(11).to, code(11).body],
    ]);
    expect(await rowOf('test:10')).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('drops a redelivery of the same message (at-least-once, idempotent inbox)', async () => {
    const transport = createDevInboxSmsTransport(t.db);
    await transport.send(code(12));
    await transport.send(code(12));
    expect(await t.db.select().from(smsDevInbox)).toHaveLength(1);
  });
});

describe('delivery through the webhook (a local HTTP server stands in for the gateway)', () => {
  it('posts each due message and marks it sent', async () => {
    await queueSms(t.db, code(20));
    const result = await deliver(createWebhookSmsTransport({ url: gateway.url }));
    expect(result.sent).toBe(1);
    expect(JSON.parse(gateway.received[0]!.body)).toEqual(code(20));
  });

  it('retries a gateway outage with backoff and delivers once it is back', async () => {
    await queueSms(t.db, code(21));
    const transport = createWebhookSmsTransport({ url: gateway.url });
    gateway.respond = () => ({ status: 503, text: 'down for maintenance' });
    expect((await deliver(transport)).retried).toBe(1);
    const pending = await rowOf('test:21');
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending.lastError).toContain('down for maintenance');
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + backoffMs(1) - 1000);

    // Not due yet: nothing is sent before the backoff has passed.
    gateway.respond = () => ({ status: 200 });
    expect((await deliver(transport)).sent).toBe(0);
    offsetMs = backoffMs(1) + 1;
    expect((await deliver(transport)).sent).toBe(1);
    expect(await rowOf('test:21')).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(gateway.received).toHaveLength(2);
  });

  it('fails at once on a refusal that waiting cannot fix (4xx)', async () => {
    await queueSms(t.db, code(22));
    gateway.respond = () => ({ status: 400, text: 'unknown number' });
    expect((await deliver(createWebhookSmsTransport({ url: gateway.url }))).failed).toBe(1);
    expect(await rowOf('test:22')).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('gives up after the last attempt', async () => {
    await queueSms(t.db, code(23));
    gateway.respond = () => ({ status: 500 });
    const transport = createWebhookSmsTransport({ url: gateway.url });
    for (let attempt = 1; attempt <= 3; attempt++) {
      await deliver(transport, { maxAttempts: 3 });
      offsetMs += backoffMs(attempt) + 1;
    }
    expect(await rowOf('test:23')).toMatchObject({ status: 'failed', attempts: 3 });
    expect(gateway.received).toHaveLength(3);
  });
});

describe('the SMS worker', () => {
  it('does nothing while another instance holds the delivery lock', async () => {
    await queueSms(t.db, code(30));
    const transport = createDevInboxSmsTransport(t.db);
    const held = await withAdvisoryLock(t.db, SMS_DELIVERY, () => deliver(transport));
    expect(held).toEqual({ ran: true, value: { sent: 0, failed: 0, retried: 0, ran: false } });
    expect((await deliver(transport)).sent).toBe(1);
  });

  it('delivers soon after trigger() without waiting for the poll', async () => {
    const worker = startSmsWorker({
      db: t.db,
      transport: createDevInboxSmsTransport(t.db),
      log: silentLog,
      intervalMs: 60_000,
      runOnStart: false,
    });
    try {
      await queueSms(t.db, code(31));
      worker.trigger();
      await expect.poll(async () => (await rowOf('test:31')).status, { timeout: 5000 }).toBe('sent');
    } finally {
      await worker.stop();
    }
  });
});
