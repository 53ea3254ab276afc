import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
 * Second factors, in the table of Better Auth's `twoFactor` plugin: one row per account. The
 * plugin owns `secret` (the TOTP secret, encrypted with the auth secret), `backupCodes`,
 * `verified` (false while an authenticator app waits for its first code, or when the account has
 * only a phone) and the lockout counters. The other columns are ours (ADR 0043): the widget's
 * factor uids and names, when each factor was enrolled, and the phone factor (the plugin's OTP is
 * texted to `phoneNumber`; an enrollment waits on `pendingPhoneNumber`).
 */
export const twoFactors = pgTable('two_factors', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  backupCodes: text('backup_codes').notNull(),
  verified: boolean('verified').notNull().default(true),
  failedVerificationCount: integer('failed_verification_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** A secret moved from the old table: base32 text, re-encrypted in the plugin's format on first use. */
  legacyBase32Secret: boolean('legacy_base32_secret').notNull().default(false),
  totpUid: text('totp_uid'),
  totpDisplayName: text('totp_display_name'),
  totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
  /** An authenticator app's enrollment lapses when its first code has not come by then. */
  totpPendingUntil: timestamp('totp_pending_until', { withTimezone: true }),
  phoneUid: text('phone_uid'),
  /** E.164, the enrolled SMS factor. */
  phoneNumber: text('phone_number'),
  phoneDisplayName: text('phone_display_name'),
  phoneEnrolledAt: timestamp('phone_enrolled_at', { withTimezone: true }),
  pendingPhoneNumber: text('pending_phone_number'),
  pendingPhoneUntil: timestamp('pending_phone_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
