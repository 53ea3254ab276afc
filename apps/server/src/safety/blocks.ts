import { and, arrayContains, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import type { BlockedPerson } from '@trailbuddy/shared/contracts/safety';
import type { Db, DbOrTx } from '../db/client.js';
import { matches, profiles, userBlocks, users } from '../db/schema/index.js';
import { invalidField, notFound } from '../errors.js';
import { cancelledStillAheadFor, presentMatches } from '../matches/match-presenter.js';
import { announce, giveSearchBack } from '../matches/matches.js';

/** The lock a block shares with the triggers that pair two people (migration 0016). */
const lockPair = (tx: DbOrTx, a: string, b: string) => tx.execute(sql`SELECT safety_pair_lock(${a}, ${b})`);

export async function isBlockedPair(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const rows = await db.execute<{ blocked: boolean }>(sql`SELECT safety_pair_blocked(${a}, ${b}) AS blocked`);
  return rows.rows[0]?.blocked === true;
}

/**
 * `blockerId` blocks `blockedId`: in one transaction, under the pair's lock, the block is stored
 * and every pending or confirmed match between them is cancelled (`blocked`). The blocked person
 * is not notified: their side shows the match cancelled like any other, through the live event.
 * With `matchId` (a block from a hike's card), the two must both be on that hike, whoever of its
 * people the blocked one is; a hike they do not share reads as one that does not exist, as a
 * report's does (ADR 0067).
 */
export async function blockPerson(
  db: Db,
  blockerId: string,
  blockedId: string,
  now: Date,
  matchId?: string,
): Promise<{ cancelledMatchIds: string[] }> {
  if (blockerId === blockedId) throw invalidField('userId', 'You cannot block yourself.');
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
    if (!target) throw notFound('Profile');
    if (matchId) {
      const [shared] = await tx
        .select({ id: matches.id })
        .from(matches)
        .where(and(eq(matches.id, matchId), arrayContains(matches.participants, [blockerId, blockedId])));
      if (!shared) throw notFound('Match');
    }
    await lockPair(tx, blockerId, blockedId);
    await tx.insert(userBlocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing();
    const cancelled = await tx
      .update(matches)
      .set({ status: 'cancelled', cancelReason: 'blocked', cancelledBy: blockerId, cancelledAt: now })
      .where(and(inArray(matches.status, ['pending', 'confirmed']), arrayContains(matches.participants, [blockerId, blockedId])))
      .returning();
    for (const m of cancelled) {
      // A request to someone's search gives that search back, as a rejection would.
      if (!m.confirmedAt) await giveSearchBack(tx, m, now);
      await announce(tx, m);
    }
    return { cancelledMatchIds: cancelled.map((m) => m.id) };
  });
}

/**
 * The confirmed hikes the viewer's own block cancelled whose session has not ended, as the viewer
 * sees them (cancellation `blocked`): the matches page keeps each on its card, saying so with the
 * way to undo it, instead of dropping it with the other cancelled ones (issue 23, ADR 0067). The
 * blocked person's list never has them: theirs reads as any cancelled hike.
 */
export async function hikesCancelledByMyBlock(db: DbOrTx, userId: string, now: Date): Promise<MatchView[]> {
  const rows = await db
    .select()
    .from(matches)
    .where(
      cancelledStillAheadFor(
        userId,
        now,
        eq(matches.cancelReason, 'blocked'),
        eq(matches.cancelledBy, userId),
        isNotNull(matches.confirmedAt),
      ),
    )
    .orderBy(asc(matches.startTime), asc(matches.createdAt));
  return presentMatches(db, rows, userId);
}

/** Lifts the viewer's own block; the other person's block of the viewer, if any, stays. */
export async function unblockPerson(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(userBlocks).where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** The people the viewer blocked, most recent first (the profile's settings list). */
export async function listBlocked(db: DbOrTx, blockerId: string): Promise<BlockedPerson[]> {
  const rows = await db
    .select({ userId: users.id, name: users.name, fullName: profiles.fullName, image: profiles.image, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt));
  return rows.map((r) => ({ userId: r.userId, name: r.fullName ?? r.name, image: r.image, blockedAt: r.blockedAt.toISOString() }));
}
