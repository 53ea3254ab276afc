import { and, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { matches } from '../db/schema/index.js';
import { notify } from '../notifications/notify.js';
import { announce } from '../matches/matches.js';

/**
 * Searching or pending matches whose start has passed → cancelled, `expired` (product §4).
 * One UPDATE … RETURNING: however many runs overlap, PostgreSQL's row locks let each match
 * change once (a second UPDATE re-checks the status after the first commits and skips it), so
 * its participants hear about it once (live, and by a notification in the same transaction).
 */
export async function expireMatches(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(matches)
      .set({ status: 'cancelled', cancelReason: 'expired' })
      .where(and(inArray(matches.status, ['searching', 'pending']), lte(matches.startTime, now)))
      .returning();
    for (const m of expired) {
      await announce(tx, m);
      // Nobody caused it: every participant hears, the searcher and the one who asked alike.
      for (const recipientId of m.participants) await notify(tx, { recipientId, kind: 'match-expired', matchId: m.id, now });
    }
    return expired.length;
  });
}
