import { BLOCK_LEFT_HIKE_TEXT, BLOCKED_HIKE_TEXT } from '@trailbuddy/shared/contracts/safety';
import { FORMER_MEMBER, FORMER_MEMBER_IN_A_SENTENCE } from '@trailbuddy/shared/contracts/account';
import { FALLBACK_LABELS } from '@trailbuddy/shared/contracts/fallback-labels';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { LATE_CANCEL_WINDOW_MS } from '@trailbuddy/shared/domain/match-states';

/** The partner as a sentence names them: a first name, or "Your buddy" for a deleted account. */
export const partnerFirstName = (match: MatchView) =>
  match.partner?.id === FORMER_MEMBER.id
    ? FORMER_MEMBER_IN_A_SENTENCE
    : match.partner?.name.trim().split(/\s+/)[0] || FALLBACK_LABELS.unknownPartner;
export const trailName = (match: MatchView) => match.trail?.name || FALLBACK_LABELS.unknownTrail;

/** Cancelling now would be recorded as late: the hike starts within 24 hours. */
export const wouldBeLate = (match: MatchView, now: number) => new Date(match.startTime).getTime() - now < LATE_CANCEL_WINDOW_MS;

/** Whether I sent this pending request or invitation (so I may withdraw it). */
export const iSentIt = (match: MatchView) => match.status === 'pending' && !match.awaitingMyAnswer;

/** A confirmed hike still to start: it can go in a calendar and be cancelled. */
export const isUpcomingHike = (match: MatchView, now: number) => match.status === 'confirmed' && new Date(match.startTime).getTime() > now;

/** One line that says what happened to a cancelled match, from my side. */
export function whatHappened(match: MatchView): string | null {
  const c = match.cancellation;
  if (!c) return null;
  const partner = partnerFirstName(match);
  switch (c.kind) {
    case 'withdrawn':
      return c.by === 'me' ? 'You withdrew this request.' : `${partner} withdrew the request.`;
    case 'rejected':
      return c.by === 'me' ? 'You declined this request.' : `${partner} declined the request.`;
    case 'cancelled':
      return c.by === 'me' ? 'You cancelled this hike.' : `${partner} cancelled the hike.`;
    case 'search-cancelled':
      return 'You cancelled this search.';
    case 'expired':
      return 'This request expired: the session started before anyone answered.';
    case 'blocked':
      return c.hikeGoesOn ? BLOCK_LEFT_HIKE_TEXT : BLOCKED_HIKE_TEXT;
  }
}
