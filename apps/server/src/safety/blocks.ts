import { and, arrayContains, desc, eq, inArray, sql } from 'drizzle-orm';
import type { BlockedPerson } from '@trailbuddy/shared/contracts/safety';
import type { Db, DbOrTx } from '../db/client.js';
import { matches, profiles, userBlocks, users } from '../db/schema/index.js';
import { invalidField, notFound } from '../errors.js';
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
 */
export async function blockPerson(db: Db, blockerId: string, blockedId: string, now: Date): Promise<{ cancelledMatchIds: string[] }> {
  if (blockerId === blockedId) throw invalidField('userId', 'You cannot block yourself.');
  return db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
    if (!target) throw notFound('Profile');
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
