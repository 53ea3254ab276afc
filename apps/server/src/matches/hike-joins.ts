import { and, eq, gt, sql } from 'drizzle-orm';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { HIKE_FULL_MESSAGE } from '@trailbuddy/shared/domain/hikes';
import type { Db, DbOrTx } from '../db/client.js';
import { hikeRequests, matches, profiles, userBlocks, users } from '../db/schema/index.js';
import { AppError, conflict, notFound } from '../errors.js';
import { notify } from '../notifications/notify.js';
import { mayBeMatched } from '../policies/may-match-rule.js';
import { assertComfortable, comfortFilter, PROFILE_COMFORT, type ViewerComfort } from '../profiles/comfort.js';
import { presentMatches, type MatchRow } from './match-presenter.js';
import { announce, notParticipant, type MatchContext } from './matches.js';
import { assertNotBooked, endOtherPlans, oneHikeAtATime } from './one-hike-at-a-time.js';

const HIKE_GONE_MESSAGE = 'This hike can no longer be joined.';

/**
 * Joining a hike with room (ADR 0054): a person looking at a slot asks to join a confirmed hike
 * that has places left; anyone on the hike accepts or declines. The hike's row is locked by every
 * accept, so two accepts racing for the last place give one hike of the right size and the
 * others are told.
 */

/** Whether anyone on the hike and `userId` blocked the other (they never see each other: ADR 0032). */
async function blockedWithAnyone(db: DbOrTx, userId: string, people: string[]): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userBlocks)
    .where(
      sql`(${userBlocks.blockerId} = ${userId} AND ${userBlocks.blockedId} = ANY(${sql.param(people)}::text[]))
        OR (${userBlocks.blockedId} = ${userId} AND ${userBlocks.blockerId} = ANY(${sql.param(people)}::text[]))`,
    );
  return (row?.n ?? 0) > 0;
}

/**
 * Whether a block stands between `userId` and anyone on the hike, asked under each pair's lock (the
 * lock a block takes, migration 0019): a block made while a request waited is seen here, never
 * slipped past (ADR 0073). The pairs are locked in one order, so two accepts never wait on each other.
 */
async function blockedWithAnyoneNow(tx: DbOrTx, userId: string, people: readonly string[]): Promise<boolean> {
  const pairOf = (other: string) => (userId < other ? `${userId}:${other}` : `${other}:${userId}`);
  const inLockOrder = [...people].sort((a, b) => (pairOf(a) < pairOf(b) ? -1 : 1));
  for (const other of inLockOrder) await tx.execute(sql`SELECT safety_pair_lock(${userId}, ${other})`);
  return blockedWithAnyone(tx, userId, [...people]);
}

/**
 * The hikes a person may ask to join answer like a search: one that is full, started, blocked or
 * ruled out by comfort preferences is a hike that is not there.
 */
export async function requestToJoin(db: Db, ctx: MatchContext, matchId: string): Promise<{ requestId: string }> {
  return oneHikeAtATime(db, ctx, () =>
    db.transaction(async (tx) => {
      const [hike] = await tx
        .select()
        .from(matches)
        .where(and(eq(matches.id, matchId), eq(matches.status, 'confirmed'), gt(matches.startTime, ctx.now)));
      if (!hike || hike.participants.includes(ctx.userId)) throw notFound('Hike');
      if (hike.participants.length >= hike.capacity) throw new AppError(409, 'hike-full', HIKE_FULL_MESSAGE);
      if (await blockedWithAnyone(tx, ctx.userId, hike.participants)) throw notFound('Hike');
      for (const person of hike.participants) await assertComfortable(tx, ctx.userId, person, () => notFound('Hike'));
      const [mayMatch] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, ctx.userId), mayBeMatched(ctx.userId)));
      if (!mayMatch) throw notFound('Hike');
      await assertNotBooked(tx, ctx.userId, { start: hike.startTime, end: hike.endTime }, ctx);
      const [request] = await tx
        .insert(hikeRequests)
        .values({ matchId: hike.id, userId: ctx.userId, createdAt: ctx.now })
        .onConflictDoNothing()
        .returning();
      if (!request) throw conflict('You already asked to join this hike.', 'already-exists');
      for (const person of hike.participants) {
        await notify(tx, { recipientId: person, kind: 'join-requested', matchId: hike.id, actorId: ctx.userId, now: ctx.now });
      }
      await announce(tx, hike);
      return { requestId: request.id };
    }),
  );
}

async function loadRequest(db: DbOrTx, requestId: string) {
  const [request] = await db.select().from(hikeRequests).where(eq(hikeRequests.id, requestId));
  if (!request) throw notFound('Request');
  return request;
}

/** The hike of a request, locked for the decision; only the people on it may decide. */
async function lockHikeFor(tx: DbOrTx, matchId: string, userId: string): Promise<MatchRow> {
  const [hike] = await tx.select().from(matches).where(eq(matches.id, matchId)).for('update');
  if (!hike) throw notFound('Hike');
  if (!hike.participants.includes(userId)) throw notParticipant();
  return hike;
}

/** The open requests of a full hike end, each requester told (ADR 0054: "the others are told"). */
async function closeOpenRequests(tx: DbOrTx, hike: MatchRow, now: Date) {
  const closed = await tx
    .update(hikeRequests)
    .set({ status: 'closed', decidedAt: now })
    .where(and(eq(hikeRequests.matchId, hike.id), eq(hikeRequests.status, 'pending')))
    .returning();
  for (const r of closed) await notify(tx, { recipientId: r.userId, kind: 'hike-full', matchId: hike.id, now });
}

/**
 * Accept a request to join: anyone on the hike. The first accept that finds a place wins; an
 * accept that finds the hike full ends the request (its requester is told) and answers 409.
 */
export async function acceptJoinRequest(db: Db, ctx: MatchContext, requestId: string): Promise<MatchView> {
  const outcome = await oneHikeAtATime(db, ctx, () =>
    db.transaction(async (tx) => {
      const request = await loadRequest(tx, requestId);
      const hike = await lockHikeFor(tx, request.matchId, ctx.userId);
      const [still] = await tx.select().from(hikeRequests).where(eq(hikeRequests.id, requestId));
      // Closed by the accept that took the last place (its requester was told then).
      if (still?.status === 'closed' && hike.participants.length >= hike.capacity) return { full: true as const };
      if (still?.status !== 'pending') throw conflict('This request was already answered.', 'failed-precondition');
      if (hike.status !== 'confirmed' || hike.startTime <= ctx.now) throw conflict(HIKE_GONE_MESSAGE, 'failed-precondition');
      if (await blockedWithAnyoneNow(tx, request.userId, hike.participants)) {
        // Closed like the requests the block ended itself: the requester learns nothing of it.
        await tx.update(hikeRequests).set({ status: 'closed', decidedAt: ctx.now }).where(eq(hikeRequests.id, requestId));
        await announce(tx, hike);
        return { gone: true as const };
      }
      if (hike.participants.length >= hike.capacity) {
        await closeOpenRequests(tx, hike, ctx.now);
        return { full: true as const };
      }
      await endOtherPlans(tx, request.userId, hike, ctx.now, (ended) => announce(tx, ended));
      await tx
        .update(hikeRequests)
        .set({ status: 'accepted', decidedBy: ctx.userId, decidedAt: ctx.now })
        .where(eq(hikeRequests.id, requestId));
      const [joined] = await tx
        .update(matches)
        .set({ participants: sql`array_append(${matches.participants}, ${request.userId})` })
        .where(eq(matches.id, hike.id))
        .returning();
      const m = joined!;
      await notify(tx, { recipientId: request.userId, kind: 'match-accepted', matchId: m.id, actorId: ctx.userId, now: ctx.now });
      for (const person of hike.participants) {
        await notify(tx, { recipientId: person, kind: 'hike-joined', matchId: m.id, actorId: request.userId, now: ctx.now });
      }
      if (m.participants.length >= m.capacity) await closeOpenRequests(tx, m, ctx.now);
      await announce(tx, m);
      return { view: (await presentMatches(tx, [m], ctx.userId, ctx.now))[0]! };
    }),
  );
  if ('full' in outcome) throw new AppError(409, 'hike-full', HIKE_FULL_MESSAGE);
  if ('gone' in outcome) throw conflict(HIKE_GONE_MESSAGE, 'failed-precondition');
  return outcome.view;
}

/** Decline a request to join (anyone on the hike), or withdraw one's own. */
export async function declineJoinRequest(db: Db, ctx: MatchContext, requestId: string): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const request = await loadRequest(tx, requestId);
    const own = request.userId === ctx.userId;
    const hike = own
      ? (await tx.select().from(matches).where(eq(matches.id, request.matchId)))[0]
      : await lockHikeFor(tx, request.matchId, ctx.userId);
    const [ended] = await tx
      .update(hikeRequests)
      .set({ status: own ? 'withdrawn' : 'declined', decidedBy: ctx.userId, decidedAt: ctx.now })
      .where(and(eq(hikeRequests.id, requestId), eq(hikeRequests.status, 'pending')))
      .returning();
    if (!ended) throw conflict('This request was already answered.', 'failed-precondition');
    if (!own)
      await notify(tx, {
        recipientId: request.userId,
        kind: 'match-rejected',
        matchId: request.matchId,
        actorId: ctx.userId,
        now: ctx.now,
      });
    if (hike) await announce(tx, hike);
    return { ok: true as const };
  });
}

/** My open requests to join hikes, by hike id (Best Matches marks them as asked). */
export async function myOpenJoinRequests(db: DbOrTx, userId: string, matchIds: string[]): Promise<Set<string>> {
  if (matchIds.length === 0) return new Set();
  const rows = await db
    .select({ matchId: hikeRequests.matchId })
    .from(hikeRequests)
    .where(
      and(
        eq(hikeRequests.userId, userId),
        eq(hikeRequests.status, 'pending'),
        sql`${hikeRequests.matchId} = ANY(${sql.param(matchIds)}::uuid[])`,
      ),
    );
  return new Set(rows.map((r) => r.matchId));
}

/**
 * The confirmed hikes of a slot with places left, that the viewer is not on and shares no block
 * with, the longest-standing first: what Best Matches offers to join. A full hike is offered to
 * nobody. One statement: the slot's (trail, status) is matches_trail_status_idx's prefix, and a
 * slot has few hikes; everyone on one must pass the comfort preferences both ways, as a searcher does.
 */
export async function hikesWithRoom(
  db: DbOrTx,
  viewerId: string,
  trailId: string,
  slotStart: Date,
  comfort: ViewerComfort,
): Promise<MatchRow[]> {
  return db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.trailId, trailId),
        eq(matches.startTime, slotStart),
        eq(matches.status, 'confirmed'),
        sql`cardinality(${matches.participants}) < ${matches.capacity}`,
        sql`NOT (${matches.participants} @> ARRAY[${viewerId}]::text[])`,
        // Nobody on it blocked the viewer or was blocked by them (ADR 0032).
        sql`NOT EXISTS (SELECT 1 FROM ${userBlocks} b WHERE (b.blocker_id = ${viewerId} AND b.blocked_id = ANY(${matches.participants}))
          OR (b.blocked_id = ${viewerId} AND b.blocker_id = ANY(${matches.participants})))`,
        // Everyone on it passes the viewer's comfort preferences and the viewer theirs (ADR 0031).
        sql`NOT EXISTS (SELECT 1 FROM ${profiles} p WHERE p.user_id = ANY(${matches.participants})
          AND NOT (${comfortFilter(PROFILE_COMFORT, comfort)}))`,
      ),
    )
    .orderBy(matches.confirmedAt)
    .limit(10);
}
