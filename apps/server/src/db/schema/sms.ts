import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
 * One phone sign-in attempt: the code sent to a number, kept as an HMAC (never in clear), with
 * its expiry and wrong-attempt count. `verificationId` (the row id) is what the client holds.
 * `status` ends the code: `used` after a successful sign-in, `superseded` by a newer code for
 * the same number, `burned` after too many wrong attempts.
 */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** E.164. */
    phoneNumber: text('phone_number').notNull(),
    /** The tenant the code signs in to (ADR 0009); null: the default accounts. */
    tenantId: text('tenant_id'),
    codeHash: text('code_hash').notNull(),
    status: text('status', { enum: ['pending', 'used', 'superseded', 'burned'] })
      .notNull()
      .default('pending'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('phone_verifications_number_idx').on(t.phoneNumber, t.createdAt)],
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
