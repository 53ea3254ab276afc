import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What the development SMS transport "delivered": a person reads it at /dev/sms on a fresh
 * machine with no SMS gateway. In the database rather than in memory so every instance shows
 * the same inbox; never written in production.
 */
export const smsDevInbox = pgTable(
  'sms_dev_inbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    /** A redelivery after a crash (at-least-once) lands once. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sms_dev_inbox_received_idx').on(t.receivedAt)],
);

/**
 * Captcha solutions already accepted, kept until their challenge expires, so a solved ALTCHA
 * payload (or a reCAPTCHA token) is good for one request only. The primary key makes the
 * check-and-record one atomic insert.
 */
export const captchaSolutionsUsed = pgTable(
  'captcha_solutions_used',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('captcha_solutions_used_expires_idx').on(t.expiresAt)],
);
