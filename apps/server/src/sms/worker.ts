import type { Db } from '../db/client.js';
import { smsOutbox } from '../db/schema/sms.js';
import { SMS_DELIVERY } from '../jobs/lock-keys.js';
import type { JobLog } from '../jobs/log.js';
import { deliverDueOutbox, startOutboxWorker, type OutboxChannel, type OutboxDeliveryResult } from '../jobs/outbox-worker.js';
import type { Job } from '../jobs/scheduler.js';
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

export type SmsDeliveryResult = OutboxDeliveryResult;

type OutboxRow = typeof smsOutbox.$inferSelect;

/**
 * One delivery run, the mail worker's loop (jobs/outbox-worker.ts): takes the SMS_DELIVERY
 * advisory lock (one instance delivers at a time), claims due rows with FOR UPDATE SKIP LOCKED
 * and sends them one by one. At-least-once: a crash between a send and the commit sends that
 * batch again, and the idempotency key travels with each message for the gateway to drop the duplicate.
 */
export async function deliverDueSms(opts: SmsDeliveryOptions): Promise<SmsDeliveryResult> {
  const { db, transport, log } = opts;
  const channel: OutboxChannel<OutboxRow> = {
    table: smsOutbox,
    lockKey: SMS_DELIVERY,
    noun: 'sms',
    send: (row) => transport.send({ to: row.toPhone, body: row.body, idempotencyKey: row.idempotencyKey }),
    isPermanent: (err) => err instanceof SmsSendError && !err.retryable,
    // Never the body in logs: it carries a live sign-in code.
    logMeta: (row, attempts) => ({ smsId: row.id, transport: transport.kind, attempts }),
    failureLog: (_err, lastError) => ({ error: lastError }),
  };
  return deliverDueOutbox(channel, {
    db,
    log,
    now: opts.now ?? (() => new Date()),
    batchSize: opts.batchSize ?? DEFAULT_BATCH_SIZE,
    maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  });
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
  return startOutboxWorker({
    name: 'sms-delivery',
    intervalMs,
    runOnStart,
    batchSize: delivery.batchSize ?? DEFAULT_BATCH_SIZE,
    log: opts.log,
    deliver: () => deliverDueSms(delivery),
  });
}
