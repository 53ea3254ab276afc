import { and, eq } from 'drizzle-orm';
import type { JobHelpers } from 'graphile-worker';
import { z } from 'zod';
import type { Db, DbOrTx } from '../db/client.js';
import { outgoingMessages } from '../db/schema/index.js';
import type { JobLog } from './log.js';
import { addJob, type TaskName } from './queue.js';

export type Channel = (typeof outgoingMessages.$inferSelect)['channel'];

export interface MessageToQueue {
  channel: Channel;
  task: TaskName;
  /**
   * Names the message, not the attempt (e.g. `welcome:<userId>`): the same business event always
   * yields the same key, so it is queued once however often the request is retried.
   */
  idempotencyKey: string;
  payload: object;
  maxAttempts: number;
}

/** Printable ASCII without spaces: a key travels in a header (a mail's, a gateway's) and must stay one token. */
export const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,200}$/, 'must be 1-200 printable ASCII characters without spaces');

/**
 * Queues a message once per idempotency key: the ledger row and the job commit together (in the
 * caller's transaction when given one, as a savepoint), so a rolled-back change leaves neither,
 * and a key seen before, whether its job is pending or long completed, queues nothing.
 */
export async function queueMessageOnce(db: DbOrTx, message: MessageToQueue): Promise<{ queued: boolean }> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(outgoingMessages)
      .values({ channel: message.channel, idempotencyKey: message.idempotencyKey })
      .onConflictDoNothing()
      .returning({ key: outgoingMessages.idempotencyKey });
    if (claimed.length === 0) return { queued: false };
    await addJob(tx, message.task, message.payload, {
      maxAttempts: message.maxAttempts,
      jobKey: `${message.channel}:${message.idempotencyKey}`,
    });
    return { queued: true };
  });
}

/** One message to deliver: its ledger row, how its channel (mail, SMS, push) judges failures, and its job. */
export interface Delivery {
  /**
   * The message's row in the ledger, or null for a channel that keeps none: a push is keyed by
   * its browser and tag, and a newer one replaces a pending one (push/queue.ts), which a
   * once-per-key ledger would refuse.
   */
  ledger: { channel: Channel; idempotencyKey: string } | null;
  /** The graphile-worker job carrying the message: its attempt count decides the last try. */
  job: Pick<JobHelpers['job'], 'attempts' | 'max_attempts'>;
  db: Db;
  log: JobLog;
  /** Starts each log message: 'mail sent', 'sms delivery failed, will retry', 'push sent'. */
  noun: string;
  /** A failure that waiting will not heal: the message fails now instead of being retried. */
  isPermanent(err: unknown): boolean;
  /** The fields every log line about the message carries (never its content). */
  logMeta: object;
}

/** The failure as one line for the ledger's `last_error` column. */
function errorText(err: unknown): string {
  const text = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
  return text.slice(0, 1000);
}

/**
 * The body of a delivery task. It holds no transaction while sending: each step below is one
 * statement on its own, so a slow SMTP server or gateway keeps no connection or lock busy.
 *
 * 1. A message the ledger already shows sent or failed is not sent again (a job re-run after a
 *    crash between the send and the job's completion).
 * 2. `send` runs. Success marks the ledger `sent`.
 * 3. A failure is recorded; a permanent one, or the job's last attempt, marks the message
 *    `failed` and completes the job; otherwise it is thrown, and graphile-worker retries the job
 *    later with its exponential backoff.
 *
 * Delivery stays at-least-once (a crash between the send and step 2 sends again); the
 * idempotency key travels with the message so the receiver can drop a duplicate.
 */
export async function deliverMessage(delivery: Delivery, send: () => Promise<void | 'dropped'>): Promise<void> {
  const { db, log, noun, job } = delivery;
  const row = delivery.ledger
    ? and(eq(outgoingMessages.channel, delivery.ledger.channel), eq(outgoingMessages.idempotencyKey, delivery.ledger.idempotencyKey))
    : undefined;
  const [ledger] = row ? await db.select({ status: outgoingMessages.status }).from(outgoingMessages).where(row) : [];
  if (ledger && ledger.status !== 'queued') {
    log.warn({ ...delivery.logMeta, status: ledger.status }, `${noun} already ${ledger.status}, not sent again`);
    return;
  }
  const attempts = job.attempts;
  const meta = { ...delivery.logMeta, attempts };
  const record = async (patch: Partial<typeof outgoingMessages.$inferInsert>) => {
    if (row)
      await db
        .update(outgoingMessages)
        .set({ attempts, ...patch })
        .where(row);
  };
  try {
    // 'dropped': the channel found nothing to send to any more and said so in its own log line.
    if ((await send()) === 'dropped') {
      await record({ status: 'failed', lastError: 'dropped: no recipient', finishedAt: new Date() });
      return;
    }
  } catch (err) {
    const lastError = errorText(err);
    const permanent = delivery.isPermanent(err);
    if (permanent || attempts >= job.max_attempts) {
      await record({ status: 'failed', lastError, finishedAt: new Date() });
      log.error({ ...meta, err }, permanent ? `${noun} failed permanently` : `${noun} failed after the last attempt`);
      return;
    }
    await record({ lastError });
    log.warn({ ...meta, error: lastError }, `${noun} delivery failed, will retry`);
    throw err;
  }
  await record({ status: 'sent', lastError: null, finishedAt: new Date() });
  log.info(meta, `${noun} sent`);
}
