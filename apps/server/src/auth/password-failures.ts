import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rateLimits } from '../db/schema/index.js';
import { consumeRateLimit, type RateLimitRule } from '../identity/rate-limit.js';

/** Failed password sign-ins allowed per e-mail and per client IP within their windows. */
export interface PasswordFailureRules {
  perEmail: RateLimitRule;
  perClient: RateLimitRule;
}

/**
 * The one password lockout (checklist §5.4): the app's modal and the widget both sign in through
 * Better Auth's `/api/auth/sign-in/email`, where the sign-in guard plugin reads and counts these
 * keys, so failures lock the e-mail whatever address the attempts come from.
 */
export interface PasswordAttempt {
  /** Lower case: the address Better Auth looks up (a tenant's sign-in: its placeholder, password-accounts.ts). */
  emailKey: string;
  clientIp: string | null;
}

const emailCounter = (a: PasswordAttempt) => `password-failures:email:${a.emailKey}`;
const clientCounter = (ip: string) => `password-failures:ip:${ip}`;
const storedKey = (key: string) => `identity:${key}`;

async function isOverLimit(db: Db, key: string, rule: RateLimitRule, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ count: rateLimits.count, lastRequest: rateLimits.lastRequest })
    .from(rateLimits)
    .where(eq(rateLimits.key, storedKey(key)));
  return row !== undefined && row.lastRequest > now.getTime() - rule.windowMs && row.count >= rule.max;
}

/** True when the e-mail or the client is locked: every attempt, even the right password, is refused. */
export async function isPasswordSignInLocked(db: Db, rules: PasswordFailureRules, attempt: PasswordAttempt, now: Date) {
  if (await isOverLimit(db, emailCounter(attempt), rules.perEmail, now)) return true;
  return attempt.clientIp !== null && (await isOverLimit(db, clientCounter(attempt.clientIp), rules.perClient, now));
}

export async function countPasswordFailure(db: Db, rules: PasswordFailureRules, attempt: PasswordAttempt, now: Date) {
  await consumeRateLimit(db, emailCounter(attempt), rules.perEmail, now);
  if (attempt.clientIp !== null) await consumeRateLimit(db, clientCounter(attempt.clientIp), rules.perClient, now);
}

/** A successful sign-in forgives the e-mail's failures (not the client's: it may be guessing others). */
export async function clearPasswordFailures(db: Db, attempt: PasswordAttempt) {
  await db.delete(rateLimits).where(eq(rateLimits.key, storedKey(emailCounter(attempt))));
}
