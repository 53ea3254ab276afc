import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outgoingMessages, smsDevInbox } from '../../../db/schema/index.js';
import { TASKS } from '../../../jobs/queue.js';
import { queuedJobs, queuedSms, runDueJobs } from '../../../test/queued-jobs.js';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.js';
import { queueSms, SMS_MAX_ATTEMPTS } from './queue.js';
import { createTestHttpServer, type TestHttpServer } from '../../../test/sms-http-server.js';
import { createDevInboxSmsTransport, createWebhookSmsTransport, type SmsTransport } from './transports.js';

let t: TestDatabase;
let gateway: TestHttpServer;
beforeAll(async () => {
  t = await createTestDatabase();
  gateway = await createTestHttpServer();
});
afterAll(async () => {
  await gateway.close();
  await t.close();
});
beforeEach(() => {
  gateway.received.length = 0;
  gateway.respond = () => ({ status: 200, json: { ok: true } });
});

const code = (n: number) => ({
  to: `+35191200${String(n).padStart(4, '0')}`,
  body: `${String(n).padStart(6, '0')} is your TrailBuddy verification code.`,
  idempotencyKey: `test:${n}`,
});
const ledgerOf = async (key: string) =>
  (
    await t.db
      .select()
      .from(outgoingMessages)
      .where(and(eq(outgoingMessages.channel, 'sms'), eq(outgoingMessages.idempotencyKey, key)))
  )[0];
const deliver = (sms: SmsTransport) => runDueJobs(t.url, { db: t.db, sms });
/** Makes every queued retry due now instead of after graphile-worker's backoff. */
const retriesDueNow = () => t.db.execute(sql`UPDATE graphile_worker._private_jobs SET run_at = now()`);

describe('queueSms', () => {
  it('queues once per idempotency key, also after the first one was sent', async () => {
    expect(await queueSms(t.db, code(1))).toEqual({ queued: true });
    expect(await queueSms(t.db, code(1))).toEqual({ queued: false });
    expect(await queuedSms(t.db, { to: code(1).to })).toEqual([code(1)]);
    await deliver(createDevInboxSmsTransport(t.db));
    expect(await queueSms(t.db, code(1))).toEqual({ queued: false });
    await deliver(createDevInboxSmsTransport(t.db));
    expect(
      await t.db
        .select()
        .from(smsDevInbox)
        .where(eq(smsDevInbox.toPhone, code(1).to)),
    ).toHaveLength(1);
  });

  it('commits and rolls back with the caller’s transaction', async () => {
    await t.db
      .transaction(async (tx) => {
        await queueSms(tx, code(2));
        throw new Error('business change failed');
      })
      .catch(() => undefined);
    expect(await queuedSms(t.db, { to: code(2).to })).toEqual([]);
    expect(await ledgerOf('test:2')).toBeUndefined();
  });

  it.each([
    [{ to: '912345678' }, 'to'],
    [{ to: '+0123' }, 'to'],
    [{ body: '' }, 'body'],
    [{ body: 'x'.repeat(1601) }, 'body'],
    [{ idempotencyKey: 'has spaces' }, 'idempotencyKey'],
  ])('refuses %j at queue time', async (override, field) => {
    const err = await queueSms(t.db, { ...code(3), ...override }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(z.ZodError);
    expect((err as z.ZodError).issues.map((issue) => issue.path.join('.'))).toEqual([field]);
  });
});

describe('delivery to the development inbox', () => {
  it('lands each message once in the inbox and marks it sent', async () => {
    await queueSms(t.db, code(10));
    await queueSms(t.db, code(11));
    const transport = createDevInboxSmsTransport(t.db);
    await deliver(transport);
    await deliver(transport);
    const inbox = await t.db
      .select()
      .from(smsDevInbox)
      .where(sql`${smsDevInbox.idempotencyKey} IN ('test:10', 'test:11')`);
    expect(inbox.map((m) => [m.toPhone, m.body]).sort()).toEqual([
      [code(10).to, code(10).body],
      [code(11).to, code(11).body],
    ]);
    expect(await ledgerOf('test:10')).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('drops a redelivery of the same message (at-least-once, idempotent inbox)', async () => {
    const transport = createDevInboxSmsTransport(t.db);
    await transport.send(code(12));
    await transport.send(code(12));
    expect(await t.db.select().from(smsDevInbox).where(eq(smsDevInbox.idempotencyKey, 'test:12'))).toHaveLength(1);
  });
});

describe('delivery through the webhook (a local HTTP server stands in for the gateway)', () => {
  it('posts each due message and marks it sent', async () => {
    await queueSms(t.db, code(20));
    await deliver(createWebhookSmsTransport({ url: gateway.url }));
    expect(gateway.received.map((r) => JSON.parse(r.body))).toEqual([code(20)]);
    expect(await ledgerOf('test:20')).toMatchObject({ status: 'sent' });
  });

  it('retries a gateway outage with backoff and delivers once it is back', async () => {
    await queueSms(t.db, code(21));
    const transport = createWebhookSmsTransport({ url: gateway.url });
    gateway.respond = () => ({ status: 503, text: 'down for maintenance' });
    const queuedAt = Date.now();
    await deliver(transport);
    const pending = await ledgerOf('test:21');
    expect(pending).toMatchObject({ status: 'queued', attempts: 1 });
    expect(pending?.lastError).toContain('down for maintenance');
    const [job] = await queuedJobs(t.db, TASKS.sendSms);
    expect(job!.runAt.getTime()).toBeGreaterThan(queuedAt + 2000);

    // Not due yet: nothing is sent before the backoff has passed.
    gateway.respond = () => ({ status: 200 });
    await deliver(transport);
    expect(gateway.received).toHaveLength(1);
    await retriesDueNow();
    await deliver(transport);
    expect(await ledgerOf('test:21')).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(gateway.received).toHaveLength(2);
  });

  it('fails at once on a refusal that waiting cannot fix (4xx)', async () => {
    await queueSms(t.db, code(22));
    gateway.respond = () => ({ status: 400, text: 'unknown number' });
    await deliver(createWebhookSmsTransport({ url: gateway.url }));
    expect(await ledgerOf('test:22')).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await queuedSms(t.db, { to: code(22).to })).toEqual([]);
  });

  it('gives up after the last attempt', async () => {
    await queueSms(t.db, code(23));
    gateway.respond = () => ({ status: 500 });
    const transport = createWebhookSmsTransport({ url: gateway.url });
    for (let attempt = 1; attempt <= SMS_MAX_ATTEMPTS; attempt++) {
      await retriesDueNow();
      await deliver(transport);
    }
    expect(await ledgerOf('test:23')).toMatchObject({ status: 'failed', attempts: SMS_MAX_ATTEMPTS });
    expect(gateway.received).toHaveLength(SMS_MAX_ATTEMPTS);
    expect(await queuedSms(t.db, { to: code(23).to })).toEqual([]);
  });
});
