import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { identityError } from './errors.js';
import type { IdentityErrorCode } from '@trailbuddy/shared/contracts/identity';

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/**
 * A fixed-window counter in PostgreSQL (Better Auth's `rate_limits` table, under keys of our
 * own), so every server instance counts the same requests. One upsert both counts and reads,
 * which keeps concurrent requests from slipping past the limit.
 */
export async function consumeRateLimit(db: Db, key: string, rule: RateLimitRule, now: Date = new Date()): Promise<boolean> {
  const nowMs = now.getTime();
  const windowStart = nowMs - rule.windowMs;
  const result = await db.execute<{ count: number }>(sql`
    INSERT INTO rate_limits (id, key, count, last_request) VALUES (${randomUUID()}, ${`identity:${key}`}, 1, ${nowMs})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.last_request <= ${windowStart} THEN 1 ELSE rate_limits.count + 1 END,
      last_request = CASE WHEN rate_limits.last_request <= ${windowStart} THEN ${nowMs} ELSE rate_limits.last_request END
    RETURNING count`);
  return Number(result.rows[0]!.count) <= rule.max;
}

/** Counts a request and refuses it with `too-many-requests` (or the given code's message) past the limit. */
export async function enforceRateLimit(
  db: Db,
  key: string,
  rule: RateLimitRule,
  opts: { now?: Date; message?: string; code?: IdentityErrorCode } = {},
): Promise<void> {
  if (!(await consumeRateLimit(db, key, rule, opts.now))) {
    throw identityError(opts.code ?? 'too-many-requests', { message: opts.message });
  }
}
