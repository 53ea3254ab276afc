import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockInTransaction } from '../../db/locks.js';
import { users } from '../../db/schema/index.js';
import { enforceRateLimit, type RateLimitRule } from '../attempt-limits.js';
import { hasEmailInTenant } from '../users.js';

/** Accounts store e-mails in lower case (as Better Auth does), so every comparison is exact. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/**
 * The full account owning an e-mail in a tenant (null: the default accounts, ADR 0009): guests
 * only hold placeholder addresses and never match, nor do other tenants' accounts.
 */
export async function findAccountByEmail(db: DbOrTx, email: string, tenantId: string | null) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(hasEmailInTenant(normalizeEmail(email), tenantId), eq(users.isAnonymous, false)))
    .limit(1);
  return user ?? null;
}

/**
 * Per-address keys (link supersession, locks, failure counters) of an account in a tenant: the
 * default accounts keep their keys; a tenant's are prefixed, so tenants never share one.
 */
export const tenantScopedKey = (email: string, tenantId: string | null) => (tenantId ? `tenant:${tenantId}:${email}` : email);

/** PostgreSQL's unique violation, wherever Drizzle or Better Auth wrapped it. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Mails to one address (sign-in links, reset mails) are limited so a mailbox cannot be flooded. */
export async function limitMailsTo(db: Db, email: string, rule: RateLimitRule, now: Date): Promise<void> {
  await enforceRateLimit(db, `mail:email:${normalizeEmail(email)}`, rule, {
    now,
    message: 'Too many e-mails were sent to this address. Try again later.',
  });
}

/** Serialises work on one e-mail address across requests and instances, for one transaction. */
export const lockEmail = (tx: DbOrTx, email: string) => lockInTransaction(tx, 'identity-email', email);
