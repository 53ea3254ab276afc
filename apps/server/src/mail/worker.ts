import type { Db } from '../db/client.js';
import { mailOutbox } from '../db/schema/outbox.js';
import { MAIL_DELIVERY } from '../jobs/lock-keys.js';
import type { JobLog } from '../jobs/log.js';
import { deliverDueOutbox, startOutboxWorker, type OutboxChannel, type OutboxDeliveryResult } from '../jobs/outbox-worker.js';
import { backoffMs } from '../jobs/retry.js';
import type { Job } from '../jobs/scheduler.js';
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

export type DeliveryResult = OutboxDeliveryResult;

type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * One delivery run (jobs/outbox-worker.ts): takes the MAIL_DELIVERY advisory lock (one instance
 * delivers at a time), claims due rows with FOR UPDATE SKIP LOCKED and sends them one by one.
 *
 * Delivery is at-least-once: the row updates commit with the run's transaction, so a crash
 * after a send but before the commit sends that batch's mails again. The batch size bounds
 * that window, and the idempotency key travels with each mail (Message-ID) for receivers.
 */
export async function deliverDueMail(opts: DeliveryOptions): Promise<DeliveryResult> {
  const { db, transport, log } = opts;
  const channel: OutboxChannel<OutboxRow> = {
    table: mailOutbox,
    lockKey: MAIL_DELIVERY,
    noun: 'mail',
    send: async (row) => {
      const mail = parseTemplateMail(row.template, row.params);
      await transport.send({
        ...renderMail(mail),
        to: row.toEmail,
        template: row.template,
        params: mail.params,
        idempotencyKey: row.idempotencyKey,
      });
    },
    // A row that no longer renders, or a send the provider refused for good, will not get
    // better by waiting: fail it now instead of retrying for hours.
    isPermanent: (err) => err instanceof InvalidMailParamsError || (err instanceof MailSendError && !err.retryable),
    logMeta: (row, attempts) => ({ mailId: row.id, template: row.template, attempts }),
    failureLog: (err) => ({ err }),
  };
  return deliverDueOutbox(channel, {
    db,
    log,
    now: opts.now ?? (() => new Date()),
    batchSize: opts.batchSize ?? DEFAULT_BATCH_SIZE,
    maxAttempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  });
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
  return startOutboxWorker({
    name: 'mail-delivery',
    intervalMs,
    runOnStart,
    batchSize: delivery.batchSize ?? DEFAULT_BATCH_SIZE,
    log: opts.log,
    deliver: () => deliverDueMail(delivery),
  });
}
