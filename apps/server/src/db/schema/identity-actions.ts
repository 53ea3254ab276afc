import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * Out-of-band action codes the identity API mails (checklist §5.12): verifyAndChangeEmail,
 * recoverEmail, revertSecondFactorAddition (and any verifyEmail / resetPassword code of ours).
 * Only a SHA-256 of the code is stored, so a copy of the table opens no account. A used code
 * keeps its row with `used_at` set: one-time use is an UPDATE … WHERE used_at IS NULL.
 */
export const identityActionCodes = pgTable(
  'identity_action_codes',
  {
    id: text('id').primaryKey(),
    codeHash: text('code_hash').notNull().unique(),
    /** PASSWORD_RESET | VERIFY_EMAIL | VERIFY_AND_CHANGE_EMAIL | RECOVER_EMAIL | REVERT_SECOND_FACTOR_ADDITION */
    operation: text('operation').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The e-mail the check shows: the new one for a change, the restored one for a recovery. */
    email: text('email').notNull(),
    /** The e-mail the account had before (a change), or the one a recovery replaces. */
    previousEmail: text('previous_email'),
    /** What the operation needs besides: the second factor to remove, the old verified flag. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('identity_action_codes_user_operation_idx').on(t.userId, t.operation)],
);

/**
 * Second factors (TOTP apps, SMS numbers) enrolled on an account. A row with `enrolled_at` null
 * is an enrollment in progress (the TOTP secret shown to the user, not yet confirmed by a code),
 * which lapses at `pending_expires_at`. TOTP secrets are encrypted with the auth secret.
 */
export const identitySecondFactors = pgTable(
  'identity_second_factors',
  {
    /** The factor's uid, as the widget's multiFactorInfo names it. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'totp' | 'phone' */
    factorId: text('factor_id').notNull(),
    displayName: text('display_name'),
    /** E.164, for a phone factor. */
    phoneNumber: text('phone_number'),
    /** The TOTP secret (base32), encrypted; for a pending phone factor, the hash of the SMS code. */
    secret: text('secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
    pendingExpiresAt: timestamp('pending_expires_at', { withTimezone: true }),
  },
  (t) => [index('identity_second_factors_user_id_idx').on(t.userId)],
);
