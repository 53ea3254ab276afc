import { and, arrayContains, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { MatchCancellation, MatchView } from '@trailbuddy/shared/contracts/match';
import { normalizeMatchStatus } from '@trailbuddy/shared/domain/match-states';
import type { DbOrTx } from '../db/client.js';
import { matchFeedback, matches, trails } from '../db/schema/index.js';
import { hikePerson, joinRequestView, openJoinRequests, peopleById } from './hike-people.js';
import { publicProfilesById } from '../profiles/person.js';
import { matchTrail } from '../trails/trail-presenter.js';

export type MatchRow = typeof matches.$inferSelect;

export const partnerOf = (m: Pick<MatchRow, 'id1' | 'id2'>, userId: string): string | null => (m.id1 === userId ? m.id2 : m.id1);

/** Everyone on a match but `userId` (ADR 0054: a hike may have more than two people). */
export const othersOn = (m: Pick<MatchRow, 'participants'>, userId: string): string[] => m.participants.filter((id) => id !== userId);

/**
 * `userId`'s cancelled matches whose session has not ended, narrowed by `also`: the cancelled
 * ones the matches page still shows (changed plans, a hike the person's own block ended).
 */
export const cancelledStillAheadFor = (userId: string, now: Date, ...also: SQL[]): SQL =>
  and(arrayContains(matches.participants, [userId]), eq(matches.status, 'cancelled'), gt(matches.endTime, now), ...also)!;

/** Places still free on a confirmed hike. */
export const placesLeftOn = (m: Pick<MatchRow, 'status' | 'participants' | 'capacity'>): number =>
  m.status === 'confirmed' ? Math.max(0, m.capacity - m.participants.length) : 0;

/** Why a cancelled match ended, from the viewer's side (null while it is not cancelled). */
export function cancellationOf(m: MatchRow, viewerId: string): MatchCancellation | null {
  if (normalizeMatchStatus(m.status) !== 'cancelled') return null;
  const kind =
    // Only the one who blocked reads it: the blocked person must not learn of the block (ADR 0032).
    m.cancelReason === 'blocked' && m.cancelledBy === viewerId && m.confirmedAt
      ? 'blocked'
      : m.cancelReason === 'expired'
        ? 'expired'
        : m.cancelReason === 'withdrawn'
          ? 'withdrawn'
          : m.confirmedAt
            ? 'cancelled'
            : m.id2
              ? 'rejected'
              : 'search-cancelled';
  return {
    kind,
    by: m.cancelledBy === null ? null : m.cancelledBy === viewerId ? 'me' : 'partner',
    note: m.cancelNote,
    at: m.cancelledAt?.toISOString() ?? null,
    late: m.lateCancel,
  };
}

/**
 * Turns match rows into what one participant sees: the trail (null when it was deleted, so the
 * UI shows "Unknown Trail"), the partner's public profile and the viewer's own feedback. `now` is
 * the caller's clock (the route's, a task's): the people's measured ability, and so their
 * compatibility, counts the figures of the 12 months before it, not before the wall clock.
 */
export async function presentMatches(db: DbOrTx, rows: MatchRow[], viewerId: string, now: Date): Promise<MatchView[]> {
  if (rows.length === 0) return [];
  const trailIds = [...new Set(rows.map((m) => m.trailId))];
  const partnerIds = [...new Set(rows.map((m) => partnerOf(m, viewerId)).filter((id): id is string => id !== null))];
  // One query after another: callers inside a transaction hold one connection, which runs one
  // query at a time (pg refuses overlapping queries on a client).
  const trailRows = await db.select().from(trails).where(inArray(trails.id, trailIds));
  const partners = await publicProfilesById(db, partnerIds, viewerId);
  const requests = await openJoinRequests(
    db,
    rows.filter((m) => m.status === 'confirmed' && m.participants.includes(viewerId)).map((m) => m.id),
  );
  const people = await peopleById(db, [viewerId, ...rows.flatMap((m) => m.participants), ...requests.map((r) => r.userId)], viewerId, now);
  const feedbackRows = await db
    .select()
    .from(matchFeedback)
    .where(
      and(
        eq(matchFeedback.userId, viewerId),
        inArray(
          matchFeedback.matchId,
          rows.map((m) => m.id),
        ),
      ),
    );
  const trailById = new Map(trailRows.map((t) => [t.id, t]));
  const feedbackByMatch = new Map(feedbackRows.map((f) => [f.matchId, f]));
  return rows.map((m) => {
    const trail = trailById.get(m.trailId);
    const partnerId = partnerOf(m, viewerId);
    const feedback = feedbackByMatch.get(m.id);
    const status = normalizeMatchStatus(m.status);
    const activity = trail?.activity ?? 'hiking';
    const viewer = people.get(viewerId);
    return {
      id: m.id,
      trailId: m.trailId,
      trail: trail ? matchTrail(trail) : null,
      status,
      startTime: m.startTime.toISOString(),
      endTime: m.endTime.toISOString(),
      createdManually: m.createdManually,
      compatibility: m.compatibility,
      createdAt: m.createdAt.toISOString(),
      confirmedAt: m.confirmedAt?.toISOString() ?? null,
      role: m.id1 === viewerId ? 'creator' : 'partner',
      partner: partnerId ? (partners.get(partnerId) ?? null) : null,
      awaitingMyAnswer: status === 'pending' && m.requestedBy !== viewerId,
      myFeedback: feedback
        ? {
            attended: feedback.attended,
            rating: feedback.rating,
            wouldHikeAgain: feedback.wouldHikeAgain,
            comment: feedback.comment,
            skipped: feedback.skipped,
            submittedAt: feedback.submittedAt.toISOString(),
          }
        : null,
      cancellation: cancellationOf(m, viewerId),
      capacity: m.capacity,
      people: othersOn(m, viewerId).flatMap((id) => {
        const person = people.get(id);
        if (!person) return [];
        const seen = hikePerson(person, viewer, activity);
        // A pair shows the number fixed when they were first shown as a pair (issue 24).
        return [m.participants.length === 2 && m.compatibility !== null ? { ...seen, compatibility: m.compatibility } : seen];
      }),
      placesLeft: placesLeftOn(m),
      joinRequests: requests.filter((r) => r.matchId === m.id).flatMap((r) => joinRequestView(r, people, viewer, activity) ?? []),
    };
  });
}
