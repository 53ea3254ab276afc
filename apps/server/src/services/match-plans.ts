import { and, arrayContains, desc, eq, gt, gte, isNotNull, ne, sql } from 'drizzle-orm';
import type { CancelMatchInput, MatchView } from '@trailbuddy/shared/contracts/match';
import { LATE_CANCEL_WINDOW_MS, normalizeMatchStatus, transitionError } from '@trailbuddy/shared/domain/match-states';
import type { Db, DbOrTx } from '../db/client.js';
import { matches } from '../db/schema/index.js';
import { AppError, conflict, notFound } from '../errors.js';
import { notify } from '../notifications/notify.js';
import { partnerOf, presentMatches, type MatchRow } from './match-presenter.js';
import { announce, giveSearchBack, loadMatch, notParticipant, type MatchContext } from './matches.js';

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
    return { match: (await presentMatches(tx, [m], ctx.userId))[0]!, row: m };
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
    return { match: (await presentMatches(tx, [m], ctx.userId))[0]!, row: m };
  });
}

/** One of my matches, whatever its state (cancelled included, with why): 404 for anyone else's. */
export async function getMyMatch(db: DbOrTx, userId: string, matchId: string): Promise<MatchView> {
  const [m] = await db
    .select()
    .from(matches)
    .where(and(eq(matches.id, matchId), arrayContains(matches.participants, [userId])));
  if (!m) throw notFound('Match');
  return (await presentMatches(db, [m], userId))[0]!;
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
      and(
        arrayContains(matches.participants, [userId]),
        eq(matches.status, 'cancelled'),
        isNotNull(matches.cancelledBy),
        ne(matches.cancelledBy, userId),
        gte(matches.cancelledAt, new Date(now.getTime() - CANCELLED_KEPT_MS)),
        gt(matches.endTime, now),
      ),
    )
    .orderBy(desc(matches.cancelledAt));
  return presentMatches(
    db,
    rows.filter((m) => partnerOf(m, userId) !== null),
    userId,
  );
}
