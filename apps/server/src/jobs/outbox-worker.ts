import { and, asc, eq, lte } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client.js';
import { withAdvisoryLock } from './advisory-lock.js';
import type { JobLog } from './log.js';
import { backoffMs, errorText } from './retry.js';
import { startJob, type Job } from './scheduler.js';

/**
 * The delivery loop the outbox workers share (mail, SMS): each outbox table has these columns,
 * a row is `pending` until it is `sent` or has `failed` for good, and a failed try is retried
 * later (jobs/retry.ts) until `maxAttempts`.
 */
export type OutboxTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lastError: PgColumn;
  sentAt: PgColumn;
};

export interface OutboxRow {
  id: string;
  attempts: number;
}

export type OutboxOutcome = 'sent' | 'failed' | 'retried';

export interface OutboxDeliveryResult {
  sent: number;
  failed: number;
  retried: number;
  /** False when another instance held the delivery lock, so this call did nothing. */
  ran: boolean;
}

/** What one outbox (its table, lock and transport) brings to the shared loop. */
export interface OutboxChannel<Row extends OutboxRow> {
  table: OutboxTable;
  lockKey: bigint | number;
  /** Starts each log message: 'mail sent', 'sms delivery failed, will retry'. */
  noun: string;
  send(row: Row): Promise<void>;
  /** A failure that waiting will not heal: the row fails now instead of being retried. */
  isPermanent(err: unknown): boolean;
  /** The fields every log line about `row` carries. */
  logMeta(row: Row, attempts: number): object;
  /** The fields the final failure's log line adds to `logMeta`. */
  failureLog(err: unknown, lastError: string): object;
}

export interface OutboxRunOptions {
  db: Db;
  now: () => Date;
  batchSize: number;
  maxAttempts: number;
  log: JobLog;
}

/**
 * One delivery run: takes the channel's advisory lock (one instance delivers at a time), claims
 * due rows with FOR UPDATE SKIP LOCKED and sends them one by one.
 *
 * Delivery is at-least-once: the row updates commit with the run's transaction, so a crash
 * after a send but before the commit sends that batch again. The batch size bounds that
 * window, and the channel's idempotency key travels with each message for the receiver.
 */
export async function deliverDueOutbox<Row extends OutboxRow>(
  channel: OutboxChannel<Row>,
  opts: OutboxRunOptions,
): Promise<OutboxDeliveryResult> {
  const { db, now, batchSize } = opts;
  const { table } = channel;

  const run = await withAdvisoryLock(db, channel.lockKey, async (tx) => {
    const due = (await tx
      .select()
      .from(table)
      .where(and(eq(table.status, 'pending'), lte(table.nextAttemptAt, now())))
      .orderBy(asc(table.nextAttemptAt))
      .limit(batchSize)
      .for('update', { skipLocked: true })) as Row[];

    const counts = { sent: 0, failed: 0, retried: 0 };
    for (const row of due) {
      const outcome = await deliverOne(tx, row, channel, opts);
      counts[outcome] += 1;
    }
    return counts;
  });
  return run.ran ? { ...run.value, ran: true } : { sent: 0, failed: 0, retried: 0, ran: false };
}

type OutboxPatch = {
  status?: 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  nextAttemptAt?: Date;
  sentAt?: Date;
};

async function deliverOne<Row extends OutboxRow>(
  tx: Tx,
  row: Row,
  channel: OutboxChannel<Row>,
  opts: OutboxRunOptions,
): Promise<OutboxOutcome> {
  const { table, noun } = channel;
  const { now, log } = opts;
  const update = (patch: OutboxPatch) => tx.update(table).set(patch).where(eq(table.id, row.id));
  const attempts = row.attempts + 1;
  const meta = channel.logMeta(row, attempts);
  try {
    await channel.send(row);
  } catch (err) {
    const lastError = errorText(err);
    const permanent = channel.isPermanent(err);
    if (permanent || attempts >= opts.maxAttempts) {
      await update({ status: 'failed', attempts, lastError });
      log.error(
        { ...meta, ...channel.failureLog(err, lastError) },
        permanent ? `${noun} failed permanently` : `${noun} failed after the last attempt`,
      );
      return 'failed';
    }
    const nextAttemptAt = new Date(now().getTime() + backoffMs(attempts));
    await update({ attempts, lastError, nextAttemptAt });
    log.warn({ ...meta, nextAttemptAt, error: lastError }, `${noun} delivery failed, will retry`);
    return 'retried';
  }
  await update({ status: 'sent', attempts, sentAt: now(), lastError: null });
  log.info(meta, `${noun} sent`);
  return 'sent';
}

export interface OutboxWorkerOptions {
  /** The job's name in the scheduler's logs. */
  name: string;
  intervalMs: number;
  runOnStart: boolean;
  batchSize: number;
  log: JobLog;
  deliver: () => Promise<OutboxDeliveryResult>;
}

/**
 * Delivers an outbox in the background in every instance (the advisory lock keeps the runs
 * exclusive); `trigger()` delivers now rather than at the next poll.
 */
export function startOutboxWorker({ name, intervalMs, runOnStart, batchSize, log, deliver }: OutboxWorkerOptions): Job {
  const job = startJob({
    name,
    intervalMs,
    runOnStart,
    log,
    run: async () => {
      const result = await deliver();
      // A full batch suggests a backlog: go again straight away rather than after a poll.
      if (result.sent + result.failed + result.retried >= batchSize) job.trigger();
    },
  });
  return job;
}
