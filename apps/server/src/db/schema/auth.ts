import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Better Auth's core tables (user, session, account, verification, rateLimit), written for
 * Drizzle by hand in the shape its Drizzle adapter expects. The property names are the ones
 * Better Auth uses; the columns are snake_case like the rest of the schema.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /**
     * Better Auth (the modal) finds accounts by this column, so it stays globally unique. A tenant
     * account (ADR 0009) holds a placeholder here (`tenant-<id>@tenant.invalid`) and its real
     * address in `tenantEmail`.
     */
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** A guest (product "anonymous" sign-in): a placeholder e-mail until the guest links a credential. */
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    /**
     * Disabled by an administrator: Better Auth's admin plugin's `banned` (auth/admin-accounts.ts),
     * which refuses every new session with `user-disabled`; its reason and end beside it.
     */
    disabled: boolean('disabled').notNull().default(false),
    banReason: text('ban_reason'),
    banExpires: timestamp('ban_expires', { withTimezone: true }),
    /** Better Auth's twoFactor plugin: the account has a second factor (two_factors). */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** E.164, set by phone sign-in; unique per tenant so a number belongs to one account of a tenant. */
    phoneNumber: text('phone_number'),
    phoneNumberVerified: boolean('phone_number_verified').notNull().default(false),
    /** The tenant (IDENTITY_TENANTS id) the account belongs to; null: the default accounts. Never changes. */
    tenantId: text('tenant_id'),
    /** A tenant account's real e-mail (lower case), unique within its tenant; null for default accounts. */
    tenantEmail: text('tenant_email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_tenant_email_idx').on(t.tenantId, t.tenantEmail),
    // coalesce: the default accounts (no tenant) are one pool too; numberless accounts never collide.
    uniqueIndex('users_tenant_phone_number_idx').on(sql`coalesce(${t.tenantId}, '')`, t.phoneNumber),
    check('users_tenant_email_check', sql`${t.tenantEmail} IS NULL OR ${t.tenantId} IS NOT NULL`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** The admin plugin's impersonation (its endpoints are not served): always null. */
    impersonatedBy: text('impersonated_by'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    /**
     * The tenant of the account's user, copied by a trigger on insert (migration 0008), never set by
     * code: the same provider subject (Google id, phone number, e-mail link) may sign in to one
     * account per tenant.
     */
    tenantId: text('tenant_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One account per provider subject and tenant: two concurrent first sign-ins cannot create two owners.
  (t) => [
    index('accounts_user_id_idx').on(t.userId),
    uniqueIndex('accounts_provider_account_tenant_idx').on(t.providerId, t.accountId, sql`coalesce(${t.tenantId}, '')`),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Better Auth's rate-limit counters live in the database so every instance shares them. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

/**
 * Counters of ours for limits that are not per client address (per e-mail, phone number or
 * account: the password lockout, mails and texts to one address, re-authentication), which Better
 * Auth's limiter cannot key (it counts per address and path in `rate_limits`, which stays its own).
 * A fixed window: `count` attempts since `windowStart`.
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  },
  (t) => [index('attempt_counters_window_start_idx').on(t.windowStart)],
);

/**
 * Short-lived, one-time records of our auth plugins (auth/one-time-records.ts): e-mail sign-in
 * links, pending federated credentials, a SAML IdP's form post waiting for the browser's cookies,
 * guest merge tokens. Found by a SHA-256 of what identifies them, so a database read hands out no
 * live token. Ours, beside Better Auth's `verification` table, which stays its plugins' own.
 */
export const oneTimeRecords = pgTable(
  'one_time_records',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('one_time_records_expires_idx').on(t.expiresAt)],
);

/**
 * What a cached session (Better Auth's cookie cache, auth/session-revocations.ts) must no longer
 * be trusted for: the sessions deleted and the users changed in one transaction, written by the
 * database's own triggers (migration 0033) so every path that signs out, revokes, bans, deletes
 * or edits an account is covered, and NOTIFYed to every instance on its own channel. An instance
 * that starts or reconnects its listener reads the recent rows before it trusts a cache again;
 * rows older than the cache's lifetime are pruned.
 */
export const sessionRevocations = pgTable(
  'session_revocations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sessionIds: text('session_ids').array().notNull(),
    userIds: text('user_ids').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_revocations_created_at_idx').on(t.createdAt)],
);
