import { and, eq, inArray, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { userBlocks } from '../db/schema/index.js';

/**
 * The one place that decides what a blocked pair sees of each other (ADR 0038, issue 22): once
 * either blocked the other, every view that names the other person (a match, a past partner, a
 * changed plan, a conversation's match, a notification) shows a first name and "no longer
 * available", and nothing else of the profile. Presenters ask `blockedAmong` once per answer and
 * pass each named person through `asSeenBy` (profiles/person.ts, the person presenter).
 */

/** Of `others`, the people `viewerId` blocked or was blocked by: one query for a whole answer. */
export async function blockedAmong(db: DbOrTx, viewerId: string, others: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(others)].filter((id) => id !== viewerId);
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, viewerId), inArray(userBlocks.blockedId, ids)),
        and(eq(userBlocks.blockedId, viewerId), inArray(userBlocks.blockerId, ids)),
      ),
    );
  return new Set(rows.map((r) => (r.blockerId === viewerId ? r.blockedId : r.blockerId)));
}
