import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outgoingMessages } from '../db/schema/index.js';
import { silentLog } from '../jobs/log.js';
import { addJob, TASKS } from '../jobs/queue.js';
import { startJobRunner, type JobRunner } from '../jobs/runner.js';
import { queuedJobs, queuedMail, runDueJobs } from '../test/queued-jobs.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { enqueueMail, MAIL_MAX_ATTEMPTS } from './queue.js';
import { createTestSmtpServer, type TestSmtpServer } from '../test/smtp-server.js';
import { createSmtpTransport, type MailTransport } from './transports.js';

let t: TestDatabase;
let smtp: TestSmtpServer;
let transport: MailTransport;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.delete(outgoingMessages);
  await t.db.execute(sql`DELETE FROM graphile_worker._private_jobs`);
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

const deliver = (mail: MailTransport = transport) => runDueJobs(t.url, { db: t.db, mail });

async function ledger(key: string) {
  const [row] = await t.db
    .select()
    .from(outgoingMessages)
    .where(and(eq(outgoingMessages.channel, 'mail'), eq(outgoingMessages.idempotencyKey, key)));
  return row;
}

/** Makes every queued retry due now instead of after graphile-worker's backoff. */
async function retriesDueNow() {
  await t.db.execute(sql`UPDATE graphile_worker._private_jobs SET run_at = now()`);
}

describe('queueing a mail', () => {
  it('queues a send_mail job with the validated params, and a ledger row', async () => {
    await expect(enqueueMail(t.db, welcome(1))).resolves.toEqual({ queued: true });
    expect(await queuedMail(t.db)).toEqual([
      {
        template: 'welcome',
        to: 'user1@example.com',
        params: { to_email: 'user1@example.com', to_name: 'User Number1' },
        idempotencyKey: 'welcome:user-1',
      },
    ]);
    const [job] = await queuedJobs(t.db, TASKS.sendMail);
    expect(job).toMatchObject({ attempts: 0 });
    expect(await ledger('welcome:user-1')).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('commits the mail with the business transaction; a rolled-back change sends nothing', async () => {
    await smtp.start();
    await t.db
      .transaction(async (tx) => {
        await enqueueMail(tx, welcome(2));
        throw new Error('business write failed');
      })
      .catch(() => undefined);
    expect(await queuedMail(t.db)).toEqual([]);
    expect(await ledger('welcome:user-2')).toBeUndefined();
    await deliver();
    expect(smtp.received).toEqual([]);

    // The same key is free again: the rolled-back claim left nothing behind.
    await t.db.transaction((tx) => enqueueMail(tx, welcome(2)));
    await deliver();
    expect(smtp.received.map((m) => m.to)).toEqual([['user2@example.com']]);
  });

  it('queues one mail per idempotency key, also after the first one was sent', async () => {
    await smtp.start();
    await expect(enqueueMail(t.db, welcome(3))).resolves.toEqual({ queued: true });
    await expect(enqueueMail(t.db, { ...welcome(3), params: { to_name: 'Someone Else' } })).resolves.toEqual({ queued: false });
    await deliver();
    expect(smtp.received).toHaveLength(1);
    expect(await queuedMail(t.db)).toEqual([]);

    // The job is gone (graphile-worker deletes completed jobs); the ledger still knows the key.
    await expect(enqueueMail(t.db, welcome(3))).resolves.toEqual({ queued: false });
    await deliver();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.body).toContain('User Number3');
  });

  it('rejects a mail with a missing param at enqueue, storing nothing', async () => {
    await expect(
      // @ts-expect-error partner fields are missing: the type system catches it, and so does zod
      enqueueMail(t.db, { template: 'match-confirmed', to: 'a@example.com', params: { to_name: 'Ana' }, idempotencyKey: 'm:1' }),
    ).rejects.toThrow(/partner_name is required/);
    expect(await queuedMail(t.db)).toEqual([]);
    expect(await ledger('m:1')).toBeUndefined();
  });

  it('queues nothing for a placeholder address that cannot receive mail', async () => {
    await expect(enqueueMail(t.db, { ...welcome(4), to: 'guest-1@guest.invalid' })).resolves.toEqual({ queued: false });
    expect(await queuedMail(t.db)).toEqual([]);
  });
});

describe('the send_mail task', () => {
  it('delivers a queued mail through SMTP and marks the ledger sent', async () => {
    await smtp.start();
    await enqueueMail(t.db, welcome(10));
    await deliver();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.to).toEqual(['user10@example.com']);
    expect(mail?.headers['subject']).toBe('Welcome to TrailBuddy, User Number10!');
    expect(mail?.headers['x-idempotency-key']).toBe('welcome:user-10');
    expect(await ledger('welcome:user-10')).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect((await ledger('welcome:user-10'))?.finishedAt).toBeInstanceOf(Date);
  });

  it('retries with graphile-worker’s backoff while SMTP is down, then delivers exactly once', async () => {
    await enqueueMail(t.db, welcome(11));
    const queuedAt = Date.now();
    await deliver();
    const [job] = await queuedJobs(t.db, TASKS.sendMail);
    expect(job).toMatchObject({ attempts: 1 });
    expect(job!.runAt.getTime()).toBeGreaterThan(queuedAt + 2000); // exp(1) s later
    const failed = await ledger('welcome:user-11');
    expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
    expect(failed?.lastError).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);

    // Not due yet: nothing is sent before the backoff has passed, even with the server up.
    await smtp.start();
    await deliver();
    expect(smtp.received).toHaveLength(0);

    await retriesDueNow();
    await deliver();
    await deliver();
    expect(smtp.received.map((m) => m.to)).toEqual([['user11@example.com']]);
    expect(await ledger('welcome:user-11')).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(await queuedJobs(t.db, TASKS.sendMail)).toEqual([]);
  });

  it('gives up after the last attempt and never sends it later', async () => {
    await enqueueMail(t.db, welcome(12));
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      await retriesDueNow();
      await deliver();
    }
    expect(await ledger('welcome:user-12')).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    // The job completed (nothing left to retry), so the server coming back sends nothing.
    expect(await queuedJobs(t.db, TASKS.sendMail)).toEqual([]);
    await smtp.start();
    await deliver();
    expect(smtp.received).toHaveLength(0);
  });

  it('fails at once on a permanent rejection instead of retrying', async () => {
    const rejecting = await createTestSmtpServer({ rejectRecipient: 550 });
    await rejecting.start();
    try {
      await enqueueMail(t.db, welcome(13));
      await deliver(createSmtpTransport(rejecting.url, 'hello@trailbuddy.app'));
      const row = await ledger('welcome:user-13');
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row?.lastError).toMatch(/550/);
      expect(await queuedJobs(t.db, TASKS.sendMail)).toEqual([]);
    } finally {
      await rejecting.stop();
    }
  });

  it('fails a queued mail that no longer renders instead of retrying it forever', async () => {
    await t.db.insert(outgoingMessages).values({ channel: 'mail', idempotencyKey: 'broken:1' });
    await addJob(t.db, TASKS.sendMail, {
      template: 'welcome',
      to: 'x@example.com',
      params: { to_email: 'x@example.com' },
      idempotencyKey: 'broken:1',
    });
    await smtp.start();
    await deliver();
    const row = await ledger('broken:1');
    expect(row).toMatchObject({ status: 'failed' });
    expect(row?.lastError).toMatch(/to_name/);
    expect(smtp.received).toHaveLength(0);
  });

  it('sends with no database transaction open: a slow SMTP server holds no connection in a transaction', async () => {
    await smtp.start();
    const smtpTransport = transport;
    let entered!: () => void;
    const inSend = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The real SMTP transport, held at the start of the send until the test has looked.
    const slow: MailTransport = {
      async send(mail) {
        entered();
        await released;
        await smtpTransport.send(mail);
      },
    };
    await enqueueMail(t.db, welcome(14));
    const delivering = deliver(slow);
    await inSend;
    const { rows } = await t.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL
    `);
    release();
    await delivering;
    expect(rows[0]?.n).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });
});

describe('job runners (one per instance)', () => {
  let runners: JobRunner[] = [];
  afterEach(async () => {
    await Promise.all(runners.map((r) => r.stop()));
    runners = [];
  });
  const startRunner = async (mail: MailTransport = transport) => {
    const runner = await startJobRunner({
      connectionString: t.url,
      db: t.db,
      log: silentLog,
      timeZone: 'Europe/Lisbon',
      mail,
      schedule: false,
    });
    runners.push(runner);
    return runner;
  };

  it('picks a committed mail up at once (LISTEN/NOTIFY), with no nudge from the caller', async () => {
    await smtp.start();
    // A poll interval far beyond the test: only the queue's NOTIFY can explain a quick delivery.
    runners.push(
      await startJobRunner({
        connectionString: t.url,
        db: t.db,
        log: silentLog,
        timeZone: 'Europe/Lisbon',
        mail: transport,
        schedule: false,
        pollIntervalMs: 60_000,
      }),
    );
    await t.db.transaction((tx) => enqueueMail(tx, welcome(20)));
    await expect.poll(() => smtp.received.length, { timeout: 5000, interval: 20 }).toBe(1);
  });

  it('delivers each mail exactly once when two instances run', async () => {
    await smtp.start();
    await Promise.all([startRunner(), startRunner()]);
    await Promise.all([21, 22, 23, 24, 25, 26].map((n) => enqueueMail(t.db, welcome(n))));
    await expect.poll(() => smtp.received.length, { timeout: 10_000, interval: 50 }).toBe(6);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(6);
    expect(new Set(smtp.received.map((m) => m.headers['x-idempotency-key'])).size).toBe(6);
    const rows = await t.db.select().from(outgoingMessages);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
