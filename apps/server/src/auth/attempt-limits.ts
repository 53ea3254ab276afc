import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { attemptCounters } from '../db/schema/index.js';
import { identityError } from './errors.js';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/**
 * Counts one attempt under `key` (a fixed window in `attempt_counters`, shared by every instance)
 * and says whether it is within the rule. One upsert both counts and reads, so concurrent attempts
 * cannot slip past the limit. Limits per client address are Better Auth's limiter (auth.ts).
 */
export async function consumeRateLimit(db: DbOrTx, key: string, rule: RateLimitRule, now: Date = new Date()): Promise<boolean> {
  const windowOver = sql`${attemptCounters.windowStart} <= ${new Date(now.getTime() - rule.windowMs)}`;
  const [row] = await db
    .insert(attemptCounters)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: attemptCounters.key,
      set: {
        count: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${attemptCounters.count} + 1 END`,
        windowStart: sql`CASE WHEN ${windowOver} THEN ${now} ELSE ${attemptCounters.windowStart} END`,
      },
    })
    .returning({ count: attemptCounters.count });
  return row!.count <= rule.max;
}

/** Counts an attempt and refuses it with `too-many-requests` (with the given message, if any) past the limit. */
export async function enforceRateLimit(db: DbOrTx, key: string, rule: RateLimitRule, opts: { now?: Date; message?: string } = {}) {
  if (!(await consumeRateLimit(db, key, rule, opts.now))) throw identityError('too-many-requests', { message: opts.message });
}

/** True when `key` has used up its rule in the current window (counts nothing). */
export async function isRateLimited(db: Db, key: string, rule: RateLimitRule, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ count: attemptCounters.count })
    .from(attemptCounters)
    .where(and(eq(attemptCounters.key, key), gt(attemptCounters.windowStart, new Date(now.getTime() - rule.windowMs))));
  return row !== undefined && row.count >= rule.max;
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
}
