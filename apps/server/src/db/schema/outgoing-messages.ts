import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per mail or text message ever queued, by its idempotency key (ADR 0011). The message
 * itself travels as a graphile-worker job and is gone once sent; this row stays, so the same key
 * never yields a second message, not even after the first job completed and was deleted (a job
 * key alone only dedupes pending jobs). It also records how delivery ended, without the content:
 * no addresses, links or codes are kept here.
 */
export const outgoingMessages = pgTable(
  'outgoing_messages',
  {
    channel: text('channel', { enum: ['mail', 'sms'] }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.channel, t.idempotencyKey] })],
);
