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

/**
 * Every code texted for phone sign-in: the handset's limits (the resend delay, so many codes an
 * hour) and the tenant the code was asked for (ADR 0009: a code signs in only where it was asked
 * for). Beside Better Auth's phone plugin, whose own record of a code cannot carry these (it is
 * rewritten on every wrong guess). Rows older than the limits and the code's lifetime are pruned.
 */
export const phoneCodeSends = pgTable(
  'phone_code_sends',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phoneNumber: text('phone_number').notNull(),
    /** Null: the default accounts. */
    tenantId: text('tenant_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('phone_code_sends_number_idx').on(t.phoneNumber, t.sentAt), index('phone_code_sends_sent_idx').on(t.sentAt)],
);
