import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../db/client.js';
import { mailOutbox } from '../db/schema/outbox.js';
import { silentLog } from '../jobs/log.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { enqueueMail } from './outbox.js';
import { createTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.js';
import { createSmtpTransport, type MailTransport } from './transports.js';
import { backoffMs, deliverDueMail, startMailWorker } from './worker.js';

let t: TestDatabase;
let smtp: TestSmtpServer;
let transport: MailTransport;
// An injectable clock: tests move time past the backoff instead of sleeping through it.
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  offsetMs = 0;
  await t.db.delete(mailOutbox);
  smtp = await createTestSmtpServer();
  transport = createSmtpTransport(smtp.url, 'TrailBuddy <hello@trailbuddy.app>', { timeoutMs: 2000 });
});
afterEach(async () => {
  await smtp.stop();
});

const welcome = (n: number) =>
  ({
    template: 'welcome',
    to: `user${n}@example.com`,
    params: { to_name: `User Number${n}` },
    idempotencyKey: `welcome:user-${n}`,
  }) as const;

const deliver = (db = t.db, maxAttempts?: number) =>
  deliverDueMail({ db, transport, now, log: silentLog, ...(maxAttempts ? { maxAttempts } : {}) });

async function rows() {
  return t.db.select().from(mailOutbox).orderBy(mailOutbox.toEmail);
}

describe('mail outbox and delivery worker', () => {
  it('delivers an enqueued welcome mail to the recipient and marks it sent', async () => {
    await smtp.start();
    await expect(enqueueMail(t.db, welcome(1))).resolves.toEqual({ queued: true });

    expect(await deliver()).toEqual({ sent: 1, failed: 0, retried: 0, ran: true });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['user1@example.com']);
    expect(mail?.headers['subject']).toBe('Welcome to TrailBuddy, User Number1!');
    expect(mail?.body).toContain('Hi User Number1,');
    const [row] = await rows();
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      lastError: null,
      params: { to_email: 'user1@example.com', to_name: 'User Number1' },
    });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('retries after a failure with backoff, then delivers exactly once', async () => {
    await enqueueMail(t.db, welcome(2));

    // The SMTP server is not listening yet: the connection is refused.
    expect(await deliver()).toMatchObject({ sent: 0, retried: 1, failed: 0 });
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, sentAt: null });
    expect(row?.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + backoffMs(1) - 1000);

    // Before the backoff has passed, nothing is due even with the server up.
    await smtp.start();
    expect(await deliver()).toMatchObject({ sent: 0, retried: 0 });
    expect(smtp.received).toHaveLength(0);

    offsetMs = backoffMs(1) + 1;
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(await deliver()).toMatchObject({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.to).toEqual(['user2@example.com']);
    [row] = await rows();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('stores one row when the same idempotency key is enqueued twice', async () => {
    await expect(enqueueMail(t.db, welcome(3))).resolves.toEqual({ queued: true });
    await expect(enqueueMail(t.db, { ...welcome(3), params: { to_name: 'Someone Else' } })).resolves.toEqual({ queued: false });
    const all = await rows();
    expect(all).toHaveLength(1);
    expect(all[0]?.params.to_name).toBe('User Number3');
  });

  it('commits the mail with the business transaction, and rolls it back with it', async () => {
    await t.db
      .transaction(async (tx) => {
        await enqueueMail(tx, welcome(4));
        throw new Error('business write failed');
      })
      .catch(() => undefined);
    expect(await rows()).toHaveLength(0);

    await t.db.transaction(async (tx) => {
      await enqueueMail(tx, welcome(5));
    });
    expect(await rows()).toHaveLength(1);
  });

  it('rejects a mail with a missing param at enqueue, storing nothing', async () => {
    await expect(
      // @ts-expect-error partner fields are missing: the type system catches it, and so does zod
      enqueueMail(t.db, { template: 'match-confirmed', to: 'a@example.com', params: { to_name: 'Ana' }, idempotencyKey: 'm:1' }),
    ).rejects.toThrow(/partner_name is required/);
    expect(await rows()).toHaveLength(0);
  });

  it('delivers each mail exactly once when two instances run at the same time', async () => {
    await smtp.start();
    for (let n = 10; n < 16; n++) await enqueueMail(t.db, welcome(n));
    // Two pools: two server instances, each with its own connections to the same database.
    const a = connectDatabase(t.url, { max: 2 });
    const b = connectDatabase(t.url, { max: 2 });
    try {
      const results = await Promise.all([deliver(a.db), deliver(b.db), deliver(a.db), deliver(b.db)]);
      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(6);
      expect(results.reduce((sum, r) => sum + r.retried + r.failed, 0)).toBe(0);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    expect(smtp.received).toHaveLength(6);
    expect(new Set(smtp.received.map((m) => m.headers['x-idempotency-key'])).size).toBe(6);
    expect((await rows()).every((r) => r.status === 'sent')).toBe(true);
  });

  it('marks a mail failed after maxAttempts', async () => {
    await enqueueMail(t.db, welcome(20));
    expect(await deliver(t.db, 3)).toMatchObject({ retried: 1 });
    offsetMs = backoffMs(1) + 1;
    expect(await deliver(t.db, 3)).toMatchObject({ retried: 1 });
    offsetMs += backoffMs(2) + 1;
    expect(await deliver(t.db, 3)).toMatchObject({ failed: 1, retried: 0 });
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'failed', attempts: 3, sentAt: null });
    expect(row?.lastError).toBeTruthy();

    // A failed mail is never picked up again, even once the server is back.
    await smtp.start();
    offsetMs += 24 * 3600_000;
    expect(await deliver(t.db, 3)).toMatchObject({ sent: 0, failed: 0, retried: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('fails at once on a permanent rejection instead of retrying', async () => {
    const rejecting = await createTestSmtpServer({ rejectRecipient: 550 });
    await rejecting.start();
    try {
      transport = createSmtpTransport(rejecting.url, 'hello@trailbuddy.app');
      await enqueueMail(t.db, welcome(21));
      expect(await deliver()).toMatchObject({ failed: 1, retried: 0 });
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row?.lastError).toMatch(/550/);
    } finally {
      await rejecting.stop();
    }
  });

  it('fails a stored row that no longer renders instead of retrying it forever', async () => {
    await t.db
      .insert(mailOutbox)
      .values({ template: 'welcome', toEmail: 'x@example.com', params: { to_email: 'x@example.com' }, idempotencyKey: 'broken:1' });
    expect(await deliver()).toMatchObject({ failed: 1 });
    const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.idempotencyKey, 'broken:1'));
    expect(row).toMatchObject({ status: 'failed' });
    expect(row?.lastError).toMatch(/to_name/);
  });

  it('the background worker delivers soon after trigger()', async () => {
    await smtp.start();
    // No run at start and a minute between polls: only trigger() can deliver within the test.
    const worker = startMailWorker({ db: t.db, transport, now, log: silentLog, intervalMs: 60_000, runOnStart: false });
    try {
      await enqueueMail(t.db, welcome(30));
      worker.trigger();
      await expect.poll(() => smtp.received.length, { timeout: 5000, interval: 20 }).toBe(1);
    } finally {
      await worker.stop();
    }
    expect((await rows())[0]?.status).toBe('sent');
  });
});
