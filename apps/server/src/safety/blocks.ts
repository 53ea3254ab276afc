import { and, arrayContains, asc, desc, eq, gt, inArray, isNotNull, not, or, sql } from 'drizzle-orm';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import type { BlockedPerson } from '@trailbuddy/shared/contracts/safety';
import type { Db, DbOrTx } from '../db/client.js';
import { hikeRequests, matches, profiles, userBlocks, users } from '../db/schema/index.js';
import { invalidField, notFound } from '../errors.js';
import { cancelledStillAheadFor, presentMatches } from '../matches/match-presenter.js';
import { takeOffHike } from '../matches/match-plans.js';
import { announce, giveSearchBack } from '../matches/matches.js';

/** The lock a block shares with the triggers that pair two people (migration 0016). */
const lockPair = (tx: DbOrTx, a: string, b: string) => tx.execute(sql`SELECT safety_pair_lock(${a}, ${b})`);

export async function isBlockedPair(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const rows = await db.execute<{ blocked: boolean }>(sql`SELECT safety_pair_blocked(${a}, ${b}) AS blocked`);
  return rows.rows[0]?.blocked === true;
}

/**
 * `blockerId` blocks `blockedId`: in one transaction, under the pair's lock, the block is stored
 * and the two stop hiking together (ADR 0032, ADR 0073):
 * - a hike of three or more they are both on goes on without the blocker, the others told only
 *   that the blocker left (as any leave tells them) and never of the block;
 * - any other pending or confirmed match between them is cancelled (`blocked`);
 * - an open request of either to join a hike the other is on ends.
 * The blocked person is not notified: their side shows the change like any other, through the
 * live event. With `matchId` (a block from a hike's card), the two must both be on that hike,
 * whoever of its people the blocked one is; a hike they do not share reads as one that does not
 * exist, as a report's does (ADR 0067).
 */
export async function blockPerson(
  db: Db,
  blockerId: string,
  blockedId: string,
  now: Date,
  matchId?: string,
): Promise<{ cancelledMatchIds: string[]; leftHikeIds: string[] }> {
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
    // The hikes the block changes are locked before the pair's lock, in one order, as every accept
    // of a join locks its hike: a join racing the block on the same hike waits for it, or the block
    // for the join, and the block then decides on the hike as it is (who is on it, how many).
    await lockHikesBetween(tx, blockerId, blockedId);
    await lockPair(tx, blockerId, blockedId);
    await tx.insert(userBlocks).values({ blockerId, blockedId, createdAt: now }).onConflictDoNothing();
    const shared = await tx
      .select()
      .from(matches)
      .where(and(inArray(matches.status, ['pending', 'confirmed']), arrayContains(matches.participants, [blockerId, blockedId])))
      .orderBy(asc(matches.id))
      .for('update');
    const cancelledMatchIds: string[] = [];
    const leftHikeIds: string[] = [];
    for (const m of shared) {
      if (m.status === 'confirmed' && m.participants.length > 2) {
        // Never a late cancellation: the blocker leaves because of someone, not on a whim (ADR 0073).
        await takeOffHike(tx, m, blockerId, now, { status: 'left-on-block', late: false });
        leftHikeIds.push(m.id);
        continue;
      }
      const [cancelled] = await tx
        .update(matches)
        .set({ status: 'cancelled', cancelReason: 'blocked', cancelledBy: blockerId, cancelledAt: now })
        .where(eq(matches.id, m.id))
        .returning();
      // A request to someone's search gives that search back, as a rejection would.
      if (!cancelled!.confirmedAt) await giveSearchBack(tx, cancelled!, now);
      await announce(tx, cancelled!);
      cancelledMatchIds.push(m.id);
    }
    await endJoinRequestsBetween(tx, blockerId, blockedId, now);
    return { cancelledMatchIds, leftHikeIds };
  });
}

/** `a`'s open requests to join a hike `b` is on, as SQL (either way round with the arguments swapped). */
const asksToJoinHikeOf = (a: string, b: string) =>
  sql`(${hikeRequests.userId} = ${a} AND ${hikeRequests.matchId} IN (SELECT id FROM matches WHERE participants @> ARRAY[${b}]::text[]))`;

/** Locks, in id order, every pending or confirmed match both are on and every hike one of them asks to join with the other on it. */
async function lockHikesBetween(tx: DbOrTx, a: string, b: string) {
  const askedToJoin = tx
    .select({ matchId: hikeRequests.matchId })
    .from(hikeRequests)
    .where(and(eq(hikeRequests.status, 'pending'), or(asksToJoinHikeOf(a, b), asksToJoinHikeOf(b, a))));
  await tx
    .select({ id: matches.id })
    .from(matches)
    .where(
      and(
        inArray(matches.status, ['pending', 'confirmed']),
        or(arrayContains(matches.participants, [a, b]), inArray(matches.id, askedToJoin)),
      ),
    )
    .orderBy(asc(matches.id))
    .for('update');
}

/**
 * An open request of either to join a hike the other is on ends without a word to anyone, as
 * every other trace of the pair does: the blocker's own is withdrawn, the blocked person's is
 * closed (a closed request reads as any that did not go through). The hike's people see it leave
 * their card through the live event.
 */
async function endJoinRequestsBetween(tx: DbOrTx, blockerId: string, blockedId: string, now: Date) {
  const ended = await tx
    .update(hikeRequests)
    .set({
      status: sql`CASE WHEN ${hikeRequests.userId} = ${blockerId} THEN 'withdrawn' ELSE 'closed' END`,
      decidedAt: now,
    })
    .where(and(eq(hikeRequests.status, 'pending'), or(asksToJoinHikeOf(blockerId, blockedId), asksToJoinHikeOf(blockedId, blockerId))))
    .returning({ matchId: hikeRequests.matchId });
  if (ended.length === 0) return;
  const hikes = await tx
    .select()
    .from(matches)
    .where(
      inArray(
        matches.id,
        ended.map((r) => r.matchId),
      ),
    );
  for (const hike of hikes) await announce(tx, hike);
}

/**
 * The hikes the viewer's own block ended for them whose session has not ended, as the viewer sees
 * them: the matches page keeps each on its card, saying so with the way to undo it, instead of
 * dropping it with the other cancelled ones (issue 23, ADR 0067). Two kinds: a hike of two the
 * block cancelled (cancellation `blocked`), and a hike of three or more the blocker left because
 * of the block (ADR 0073), which goes on for the others: shown cancelled from the blocker's side,
 * `hikeGoesOn`, with no place, request or plan of theirs on it. The blocked person's list never
 * has them: theirs reads as any cancelled hike, or as a hike someone left.
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
  return [...(await presentMatches(db, rows, userId, now)), ...(await hikesLeftOnMyBlock(db, userId, now))];
}

async function hikesLeftOnMyBlock(db: DbOrTx, userId: string, now: Date): Promise<MatchView[]> {
  const left = await db
    .select({ match: matches, leftAt: sql<Date>`max(${hikeRequests.decidedAt})`.mapWith(hikeRequests.decidedAt) })
    .from(hikeRequests)
    .innerJoin(matches, eq(matches.id, hikeRequests.matchId))
    .where(
      and(
        eq(hikeRequests.userId, userId),
        eq(hikeRequests.status, 'left-on-block'),
        gt(matches.endTime, now),
        // Back on it since (after an unblock, by a new join): the hike is theirs again.
        not(arrayContains(matches.participants, [userId])),
      ),
    )
    .groupBy(matches.id)
    .orderBy(asc(matches.startTime));
  const views = await presentMatches(
    db,
    left.map((r) => r.match),
    userId,
    now,
  );
  return views.map((view, i) => ({
    ...view,
    status: 'cancelled' as const,
    cancellation: {
      kind: 'blocked' as const,
      by: 'me' as const,
      note: null,
      at: left[i]!.leftAt?.toISOString() ?? null,
      late: false,
      hikeGoesOn: true,
    },
    placesLeft: 0,
    joinRequests: [],
  }));
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
