import { and, arrayContains, asc, count, eq, lte, notExists, sql } from 'drizzle-orm';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import type { FeedbackInput } from '@trailbuddy/shared/domain/feedback';
import type { Db, DbOrTx } from '../db/client.js';
import { matchFeedback, matches } from '../db/schema/index.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { presentMatches } from './match-presenter.js';
import { announce, type MatchContext } from './matches.js';

/**
 * The feedback prompt (product §4): the first confirmed match whose end has passed and that the
 * user has not given feedback on yet.
 */
export async function pendingFeedbackPrompt(db: DbOrTx, userId: string, now: Date): Promise<MatchView | null> {
  const [m] = await db
    .select()
    .from(matches)
    .where(
      and(
        eq(matches.status, 'confirmed'),
        arrayContains(matches.participants, [userId]),
        lte(matches.endTime, now),
        notExists(
          db
            .select({ one: sql`1` })
            .from(matchFeedback)
            .where(and(eq(matchFeedback.matchId, matches.id), eq(matchFeedback.userId, userId))),
        ),
      ),
    )
    .orderBy(asc(matches.endTime))
    .limit(1);
  return m ? ((await presentMatches(db, [m], userId, now))[0] ?? null) : null;
}

/**
 * Records one participant's feedback (or skip). The match row is locked, so two participants
 * answering at once still see each other: the second one completes the match (confirmed →
 * completed once both submitted or skipped).
 */
export async function giveFeedback(
  db: Db,
  ctx: MatchContext,
  matchId: string,
  input: FeedbackInput | { skipped: true },
): Promise<MatchView> {
  return db.transaction(async (tx) => {
    const [m] = await tx.select().from(matches).where(eq(matches.id, matchId)).for('update');
    if (!m) throw notFound('Match');
    if (!m.participants.includes(ctx.userId)) throw forbidden('Only a participant may give feedback on this match.');
    if (m.status !== 'confirmed')
      throw conflict(`This match is ${m.status}; feedback is given on confirmed matches.`, 'failed-precondition');
    if (m.endTime > ctx.now) throw conflict('Feedback opens once the session has ended.', 'failed-precondition');

    const skipped = 'skipped' in input;
    const [saved] = await tx
      .insert(matchFeedback)
      .values({
        matchId,
        userId: ctx.userId,
        skipped,
        attended: skipped ? null : input.attended,
        rating: skipped || !input.attended ? null : input.rating,
        wouldHikeAgain: skipped || !input.attended ? null : (input.wouldHikeAgain ?? null),
        comment: skipped || !input.attended ? null : (input.comment ?? null),
        // The structured answers about the partner; a trigger counts them for the partner's badge (ADR 0031).
        partnerShowedUp: skipped || !input.attended ? null : (input.showedUp ?? null),
        partnerOnTime: skipped || !input.attended ? null : (input.onTime ?? null),
        partnerPaceAsDescribed: skipped || !input.attended ? null : (input.paceAsDescribed ?? null),
        submittedAt: ctx.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!saved) throw conflict('You already gave feedback for this match.', 'already-exists');

    const [answers] = await tx.select({ n: count() }).from(matchFeedback).where(eq(matchFeedback.matchId, matchId));
    const bothAnswered = (answers?.n ?? 0) >= m.participants.length;
    const [current] = bothAnswered ? await tx.update(matches).set({ status: 'completed' }).where(eq(matches.id, matchId)).returning() : [m];
    await announce(tx, current!);
    return (await presentMatches(tx, [current!], ctx.userId, ctx.now))[0]!;
  });
}
