import { and, arrayContains, desc, eq, gt, gte, isNotNull, ne, sql } from 'drizzle-orm';
import type { CancelMatchInput, MatchView } from '@trailbuddy/shared/contracts/match';
import { LATE_CANCEL_WINDOW_MS, normalizeMatchStatus, transitionError } from '@trailbuddy/shared/domain/match-states';
import type { Db, DbOrTx } from '../db/client.js';
import { hikeRequests, matches } from '../db/schema/index.js';
import { AppError, conflict, notFound } from '../errors.js';
import { notify } from '../notifications/notify.js';
import { cancelledStillAheadFor, partnerOf, presentMatches, type MatchRow } from './match-presenter.js';
import {
  announce,
  ensureSearch,
  giveSearchBack,
  loadMatch,
  loadTrail,
  notParticipant,
  SESSION_STARTED_MESSAGE,
  type MatchContext,
} from './matches.js';
import { assertNotBooked, oneHikeAtATime } from './one-hike-at-a-time.js';

const isParticipant = (m: MatchRow, userId: string) => m.participants.includes(userId) || m.id1 === userId;

/** How long a match someone else called off stays on the matches page (and a cancelled one in the calendar feed). */
export const CANCELLED_KEPT_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Withdraw (pending → cancelled, withdrawn): only the person who sent the request or invitation,
 * only while it is unanswered. One guarded UPDATE against the accept's: whichever commits first
 * wins and the other finds the match no longer pending (a 409 naming its state).
 */
export async function withdrawMatch(db: Db, ctx: MatchContext, matchId: string): Promise<{ match: MatchView; row: MatchRow }> {
  return db.transaction(async (tx) => {
    const [m] = await tx
      .update(matches)
      .set({ status: 'cancelled', cancelReason: 'withdrawn', cancelledBy: ctx.userId, cancelledAt: ctx.now })
      .where(and(eq(matches.id, matchId), eq(matches.status, 'pending'), eq(matches.requestedBy, ctx.userId)))
      .returning();
    if (!m) {
      const row = await loadMatch(tx, matchId);
      if (!isParticipant(row, ctx.userId)) throw notParticipant();
      const status = normalizeMatchStatus(row.status);
      if (status === 'pending') throw new AppError(403, 'permission-denied', 'Only the person who sent this request can withdraw it.');
      throw conflict(transitionError('withdraw', status), 'failed-precondition');
    }
    await giveSearchBack(tx, m, ctx.now);
    const partner = partnerOf(m, ctx.userId);
    if (partner) await notify(tx, { recipientId: partner, kind: 'request-withdrawn', matchId: m.id, actorId: ctx.userId, now: ctx.now });
    await announce(tx, m);
    return { match: (await presentMatches(tx, [m], ctx.userId, ctx.now))[0]!, row: m };
  });
}

/**
 * Cancel a confirmed hike (confirmed → cancelled) with a reason, before it starts: either
 * participant. Less than 24 hours before the start it is recorded as a late cancellation.
 */
export async function cancelMatch(
  db: Db,
  ctx: MatchContext,
  matchId: string,
  input: CancelMatchInput,
): Promise<{ match: MatchView; row: MatchRow }> {
  const lateBefore = new Date(ctx.now.getTime() + LATE_CANCEL_WINDOW_MS).toISOString();
  const left = await leaveHike(db, ctx, matchId, input);
  if (left) return left;
  return db.transaction(async (tx) => {
    const [m] = await tx
      .update(matches)
      .set({
        status: 'cancelled',
        cancelReason: 'user_cancelled',
        cancelledBy: ctx.userId,
        cancelledAt: ctx.now,
        cancelNote: input.reason,
        lateCancel: sql`${matches.startTime} < ${lateBefore}::timestamptz`,
      })
      .where(
        and(
          eq(matches.id, matchId),
          eq(matches.status, 'confirmed'),
          arrayContains(matches.participants, [ctx.userId]),
          gt(matches.startTime, ctx.now),
        ),
      )
      .returning();
    if (!m) {
      const row = await loadMatch(tx, matchId);
      if (!isParticipant(row, ctx.userId)) throw notParticipant();
      const status = normalizeMatchStatus(row.status);
      if (status === 'confirmed') throw conflict('This hike has already started; it can no longer be cancelled.', 'failed-precondition');
      throw conflict(transitionError('cancel', status), 'failed-precondition');
    }
    const partner = partnerOf(m, ctx.userId);
    if (partner) {
      await notify(tx, {
        recipientId: partner,
        kind: 'match-cancelled',
        matchId: m.id,
        actorId: ctx.userId,
        now: ctx.now,
        params: { reason: input.reason },
      });
    }
    await announce(tx, m);
    return { match: (await presentMatches(tx, [m], ctx.userId, ctx.now))[0]!, row: m };
  });
}

/**
 * Leaving a hike of three or more (ADR 0054): the hike goes on with the others, who are all told
 * (every channel); the place opens again. Less than 24 hours before the start it counts as a late
 * cancellation, like cancelling a hike of two. Null when the hike is not one to leave (a hike of
 * two is cancelled instead; anything else gets cancelMatch's answer).
 */
async function leaveHike(
  db: Db,
  ctx: MatchContext,
  matchId: string,
  input: CancelMatchInput,
): Promise<{ match: MatchView; row: MatchRow } | null> {
  return db.transaction(async (tx) => {
    const [hike] = await tx
      .select()
      .from(matches)
      .where(
        and(
          eq(matches.id, matchId),
          eq(matches.status, 'confirmed'),
          arrayContains(matches.participants, [ctx.userId]),
          gt(matches.startTime, ctx.now),
          sql`cardinality(${matches.participants}) > 2`,
        ),
      )
      .for('update');
    if (!hike) return null;
    const late = hike.startTime.getTime() - ctx.now.getTime() < LATE_CANCEL_WINDOW_MS;
    const m = await takeOffHike(tx, hike, ctx.userId, ctx.now, { status: 'left', late, reason: input.reason });
    return { match: (await presentMatches(tx, [m], ctx.userId, ctx.now))[0]!, row: m };
  });
}

/**
 * Takes `userId` off a hike of three or more whose row the caller has locked: the hike goes on
 * with the others, who are all told that the person left (`hike-left`, every channel), and the
 * place opens again. The `hike_requests` row records the leave: `left` (counted as a late
 * cancellation by migration 0028's trigger when `late`), or `left-on-block` for the blocker of
 * someone on it (ADR 0073), never late and never named to the others: their notification is the
 * one any leave sends, with no reason.
 */
export async function takeOffHike(
  tx: DbOrTx,
  hike: MatchRow,
  userId: string,
  now: Date,
  leave: { status: 'left' | 'left-on-block'; late: boolean; reason?: string },
): Promise<MatchRow> {
  const rest = hike.participants.filter((id) => id !== userId);
  // The creator and partner columns stay two of the people still on it.
  const id1 = hike.id1 === userId ? rest.find((id) => id !== hike.id2)! : hike.id1;
  const id2 = hike.id2 === userId ? rest.find((id) => id !== id1)! : hike.id2;
  const [m] = await tx.update(matches).set({ participants: rest, id1, id2 }).where(eq(matches.id, hike.id)).returning();
  await tx.insert(hikeRequests).values({
    matchId: hike.id,
    userId,
    status: leave.status,
    decidedBy: userId,
    decidedAt: now,
    createdAt: now,
    late: leave.late,
  });
  for (const person of rest) {
    await notify(tx, {
      recipientId: person,
      kind: 'hike-left',
      matchId: hike.id,
      actorId: userId,
      now,
      params: { reason: leave.reason },
    });
  }
  // The one who left hears of it too (their list drops the hike).
  await announce(tx, { ...m!, participants: hike.participants });
  return m!;
}

/**
 * "Find me someone else" (ADR 0054): the one left when the other person cancelled a hike of two
 * gets their search for the slot back at once, with the room for more they had chosen, so Best
 * Matches offers them again to people searching that slot.
 */
export async function findSomeoneElse(db: Db, ctx: MatchContext, matchId: string): Promise<MatchView> {
  return oneHikeAtATime(db, ctx, () =>
    db.transaction(async (tx) => {
      const m = await loadMatch(tx, matchId);
      if (!isParticipant(m, ctx.userId)) throw notParticipant();
      const cancelledByOther = m.status === 'cancelled' && m.confirmedAt !== null && m.cancelledBy !== null && m.cancelledBy !== ctx.userId;
      if (!cancelledByOther) throw conflict('Only a hike your buddy cancelled can be searched again.', 'failed-precondition');
      if (m.startTime <= ctx.now) throw conflict(SESSION_STARTED_MESSAGE, 'failed-precondition');
      const slot = { start: m.startTime, end: m.endTime };
      await assertNotBooked(tx, ctx.userId, slot, ctx);
      const { match } = await ensureSearch(tx, ctx.userId, await loadTrail(tx, m.trailId), slot, m.id, m.capacity);
      return (await presentMatches(tx, [match], ctx.userId, ctx.now))[0]!;
    }),
  );
}

/** One of my matches, whatever its state (cancelled included, with why): 404 for anyone else's. */
export async function getMyMatch(db: DbOrTx, userId: string, matchId: string, now: Date): Promise<MatchView> {
  const [m] = await db
    .select()
    .from(matches)
    .where(and(eq(matches.id, matchId), arrayContains(matches.participants, [userId])));
  if (!m) throw notFound('Match');
  return (await presentMatches(db, [m], userId, now))[0]!;
}

/**
 * Plans the partner changed lately: matches with a partner that the other person withdrew or
 * cancelled, or rejected, in the last two weeks and not yet past, newest first. The matches page
 * shows them so a cancelled hike does not just vanish.
 */
export async function listChangedPlans(db: DbOrTx, userId: string, now: Date): Promise<MatchView[]> {
  const rows = await db
    .select()
    .from(matches)
    .where(
      cancelledStillAheadFor(
        userId,
        now,
        isNotNull(matches.cancelledBy),
        ne(matches.cancelledBy, userId),
        gte(matches.cancelledAt, new Date(now.getTime() - CANCELLED_KEPT_MS)),
      ),
    )
    .orderBy(desc(matches.cancelledAt));
  return presentMatches(
    db,
    rows.filter((m) => partnerOf(m, userId) !== null),
    userId,
    now,
  );
}
