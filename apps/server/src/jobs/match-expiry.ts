import { and, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { matches } from '../db/schema/index.js';
import { announce } from '../services/matches.js';
import { withAdvisoryLock } from './advisory-lock.js';
import { MATCH_EXPIRY } from './lock-keys.js';

/**
 * Searching or pending matches whose start has passed → cancelled, `expired` (SPEC §4).
 * One UPDATE under the job's advisory lock: however many instances run it, each match expires
 * once and its participants hear about it once.
 */
export async function expireMatches(db: Db, now: Date): Promise<number> {
  const run = await withAdvisoryLock(db, MATCH_EXPIRY, async (tx) => {
    const expired = await tx
      .update(matches)
      .set({ status: 'cancelled', cancelReason: 'expired' })
      .where(and(inArray(matches.status, ['searching', 'pending']), lte(matches.startTime, now)))
      .returning();
    for (const m of expired) await announce(tx, m);
    return expired.length;
  });
  return run.ran ? run.value : 0;
}
