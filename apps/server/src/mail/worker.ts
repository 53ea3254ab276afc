import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { mailOutbox } from '../db/schema/outbox.js';
import { withAdvisoryLock } from '../jobs/advisory-lock.js';
import { MAIL_DELIVERY } from '../jobs/lock-keys.js';
import type { JobLog } from '../jobs/log.js';
import { backoffMs, errorText } from '../jobs/retry.js';
import { startJob, type Job } from '../jobs/scheduler.js';
import { InvalidMailParamsError, parseTemplateMail, renderMail } from './templates.js';
import { MailSendError, type MailTransport } from './transports.js';

export const DEFAULT_BATCH_SIZE = 20;
export const DEFAULT_MAX_ATTEMPTS = 8;
/** Shared with the SMS worker (jobs/retry.ts); re-exported where mail callers always found it. */
export { backoffMs };

export interface DeliveryOptions {
  db: Db;
  transport: MailTransport;
  /** Injectable so tests can move time forward instead of sleeping through the backoff. */
  now?: () => Date;
  batchSize?: number;
  maxAttempts?: number;
  log: JobLog;
}

export interface DeliveryResult {
  sent: number;
  failed: number;
  retried: number;
  /** False when another instance held the delivery lock, so this call did nothing. */
  ran: boolean;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * One delivery run: takes the MAIL_DELIVERY advisory lock (one instance delivers at a time),
 * claims due rows with FOR UPDATE SKIP LOCKED and sends them one by one.
 *
 * Delivery is at-least-once: the row updates commit with the run's transaction, so a crash
 * after a send but before the commit sends that batch's mails again. The batch size bounds
 * that window, and the idempotency key travels with each mail (Message-ID) for receivers.
 */
export async function deliverDueMail(opts: DeliveryOptions): Promise<DeliveryResult> {
  const { db, transport, log } = opts;
  const now = opts.now ?? (() => new Date());
  const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;

  const run = await withAdvisoryLock(db, MAIL_DELIVERY, async (tx) => {
    const due = await tx
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, now())))
      .orderBy(asc(mailOutbox.nextAttemptAt))
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
  ctx: { transport: MailTransport; now: () => Date; maxAttempts: number; log: JobLog },
): Promise<'sent' | 'failed' | 'retried'> {
  const attempts = row.attempts + 1;
  const meta = { mailId: row.id, template: row.template, attempts };
  try {
    const mail = parseTemplateMail(row.template, row.params);
    await ctx.transport.send({
      ...renderMail(mail),
      to: row.toEmail,
      template: row.template,
      params: mail.params,
      idempotencyKey: row.idempotencyKey,
    });
  } catch (err) {
    const lastError = errorText(err);
    // A row that no longer renders, or a send the provider refused for good, will not get
    // better by waiting: fail it now instead of retrying for hours.
    const permanent = err instanceof InvalidMailParamsError || (err instanceof MailSendError && !err.retryable);
    if (permanent || attempts >= ctx.maxAttempts) {
      await tx.update(mailOutbox).set({ status: 'failed', attempts, lastError }).where(eq(mailOutbox.id, row.id));
      ctx.log.error({ ...meta, err }, permanent ? 'mail failed permanently' : 'mail failed after the last attempt');
      return 'failed';
    }
    const nextAttemptAt = new Date(ctx.now().getTime() + backoffMs(attempts));
    await tx.update(mailOutbox).set({ attempts, lastError, nextAttemptAt }).where(eq(mailOutbox.id, row.id));
    ctx.log.warn({ ...meta, nextAttemptAt, error: lastError }, 'mail delivery failed, will retry');
    return 'retried';
  }
  await tx.update(mailOutbox).set({ status: 'sent', attempts, sentAt: ctx.now(), lastError: null }).where(eq(mailOutbox.id, row.id));
  ctx.log.info(meta, 'mail sent');
  return 'sent';
}

export interface MailWorkerOptions extends DeliveryOptions {
  /** Poll period; `trigger()` delivers sooner after an enqueue. */
  intervalMs?: number;
  /** Deliver what is due at start-up right away (default true). */
  runOnStart?: boolean;
}

/**
 * Delivers the outbox in the background in every instance (the advisory lock keeps the runs
 * exclusive). Call `trigger()` after committing a transaction that enqueued mail, so it
 * leaves now rather than at the next poll.
 */
export function startMailWorker(opts: MailWorkerOptions): Job {
  const { intervalMs = 2000, runOnStart = true, ...delivery } = opts;
  const batchSize = delivery.batchSize ?? DEFAULT_BATCH_SIZE;
  const job = startJob({
    name: 'mail-delivery',
    intervalMs,
    runOnStart,
    log: opts.log,
    run: async () => {
      const result = await deliverDueMail(delivery);
      // A full batch suggests a backlog: go again straight away rather than after a poll.
      if (result.sent + result.failed + result.retried >= batchSize) job.trigger();
    },
  });
  return job;
}
