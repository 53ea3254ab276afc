import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { smsOutbox } from '../db/schema/sms.js';
import { withAdvisoryLock } from '../jobs/advisory-lock.js';
import { SMS_DELIVERY } from '../jobs/lock-keys.js';
import type { JobLog } from '../jobs/log.js';
import { backoffMs, errorText } from '../jobs/retry.js';
import { startJob, type Job } from '../jobs/scheduler.js';
import { SmsSendError, type SmsTransport } from './transports.js';

export const DEFAULT_BATCH_SIZE = 20;
/**
 * Fewer attempts than mail (10 s, 20 s, 40 s, 80 s): a verification code lives minutes, so a
 * text that has not left after a few minutes is worth nothing to its reader.
 */
export const DEFAULT_MAX_ATTEMPTS = 5;

export interface SmsDeliveryOptions {
  db: Db;
  transport: SmsTransport;
  /** Injectable so tests can move time forward instead of sleeping through the backoff. */
  now?: () => Date;
  batchSize?: number;
  maxAttempts?: number;
  log: JobLog;
}

export interface SmsDeliveryResult {
  sent: number;
  failed: number;
  retried: number;
  /** False when another instance held the delivery lock, so this call did nothing. */
  ran: boolean;
}

type OutboxRow = typeof smsOutbox.$inferSelect;

/**
 * One delivery run, the same shape as the mail worker's: takes the SMS_DELIVERY advisory lock
 * (one instance delivers at a time), claims due rows with FOR UPDATE SKIP LOCKED and sends them
 * one by one. At-least-once: a crash between a send and the commit sends that batch again, and
 * the idempotency key travels with each message for the gateway to drop the duplicate.
 */
export async function deliverDueSms(opts: SmsDeliveryOptions): Promise<SmsDeliveryResult> {
  const { db, transport, log } = opts;
  const now = opts.now ?? (() => new Date());
  const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;

  const run = await withAdvisoryLock(db, SMS_DELIVERY, async (tx) => {
    const due = await tx
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.status, 'pending'), lte(smsOutbox.nextAttemptAt, now())))
      .orderBy(asc(smsOutbox.nextAttemptAt))
      .limit(batchSize)
      .for('update', { skipLocked: true });

    const counts = { sent: 0, failed: 0, retried: 0 };
    for (const row of due) {
      const outcome = await deliverOne(tx, row, { transport, now, maxAttempts, log });
      counts[outcome] += 1;
    }
    return counts;
  });
  return run.ran ? { ...run.value, ran: true } : { sent: 0, failed: 0, retried: 0, ran: false };
}

async function deliverOne(
  tx: Tx,
  row: OutboxRow,
  ctx: { transport: SmsTransport; now: () => Date; maxAttempts: number; log: JobLog },
): Promise<'sent' | 'failed' | 'retried'> {
  const attempts = row.attempts + 1;
  // Never the body in logs: it carries a live sign-in code.
  const meta = { smsId: row.id, transport: ctx.transport.kind, attempts };
  try {
    await ctx.transport.send({ to: row.toPhone, body: row.body, idempotencyKey: row.idempotencyKey });
  } catch (err) {
    const lastError = errorText(err);
    const permanent = err instanceof SmsSendError && !err.retryable;
    if (permanent || attempts >= ctx.maxAttempts) {
      await tx.update(smsOutbox).set({ status: 'failed', attempts, lastError }).where(eq(smsOutbox.id, row.id));
      ctx.log.error({ ...meta, error: lastError }, permanent ? 'sms failed permanently' : 'sms failed after the last attempt');
      return 'failed';
    }
    const nextAttemptAt = new Date(ctx.now().getTime() + backoffMs(attempts));
    await tx.update(smsOutbox).set({ attempts, lastError, nextAttemptAt }).where(eq(smsOutbox.id, row.id));
    ctx.log.warn({ ...meta, nextAttemptAt, error: lastError }, 'sms delivery failed, will retry');
    return 'retried';
  }
  await tx.update(smsOutbox).set({ status: 'sent', attempts, sentAt: ctx.now(), lastError: null }).where(eq(smsOutbox.id, row.id));
  ctx.log.info(meta, 'sms sent');
  return 'sent';
}

export interface SmsWorkerOptions extends SmsDeliveryOptions {
  /** Poll period; `trigger()` delivers sooner after a request queued a message. */
  intervalMs?: number;
  /** Deliver what is due at start-up right away (default true). */
  runOnStart?: boolean;
}

/**
 * Delivers the SMS outbox in the background in every instance (the advisory lock keeps the runs
 * exclusive). `trigger()` after a request queued a code sends it now rather than at the next poll.
 */
export function startSmsWorker(opts: SmsWorkerOptions): Job {
  const { intervalMs = 2000, runOnStart = true, ...delivery } = opts;
  const batchSize = delivery.batchSize ?? DEFAULT_BATCH_SIZE;
  const job = startJob({
    name: 'sms-delivery',
    intervalMs,
    runOnStart,
    log: opts.log,
    run: async () => {
      const result = await deliverDueSms(delivery);
      // A full batch suggests a backlog: go again straight away rather than after a poll.
      if (result.sent + result.failed + result.retried >= batchSize) job.trigger();
    },
  });
  return job;
}
