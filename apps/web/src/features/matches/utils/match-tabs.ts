import type { MatchView } from '@trailbuddy/shared/contracts/match';

import { MATCH_TABS, type MatchTab } from '../../../lib/routes';

export { MATCH_TABS, type MatchTab };

export const MATCH_TAB_LABELS: Record<MatchTab, string> = { upcoming: 'Upcoming', pending: 'Pending', completed: 'Completed' };

const time = (iso: string) => new Date(iso).getTime();

/** Whether the session is over. An unreadable end is not known to have passed, so it stays upcoming. */
function hasEnded(match: MatchView, now: number): boolean {
  return time(match.endTime) <= now;
}

/**
 * A confirmed session that is over but not completed yet: it becomes completed once both people
 * have given (or skipped) their feedback (product §4), so until then it is awaiting feedback.
 */
export function awaitsFeedback(match: MatchView, now: number): boolean {
  return match.status === 'confirmed' && hasEnded(match, now);
}

/**
 * A confirmed hike my own block cancelled (ADR 0067): it keeps its card until the session ends,
 * saying so with the way to undo the block, rather than vanishing once the list is fetched again.
 */
export const endedByMyBlock = (match: MatchView): boolean => match.status === 'cancelled' && match.cancellation?.kind === 'blocked';

/**
 * Splits my matches over the matches page's tabs (product §2 "matches-page"):
 * - Upcoming: confirmed sessions, manual events I created, and hikes my block cancelled, that have
 *   not ended yet;
 * - Pending: requests waiting for an answer, mine or my partner's;
 * - Completed: completed matches, and confirmed ones whose end has passed (they only become
 *   completed once both people gave feedback, product §4).
 * Searching matches (nobody has joined yet) belong to no tab. Upcoming and pending read soonest
 * first; completed reads most recent first.
 */
export function splitMatchTabs(matches: readonly MatchView[], now: number): Record<MatchTab, MatchView[]> {
  const upcoming: MatchView[] = [];
  const pending: MatchView[] = [];
  const completed: MatchView[] = [];
  for (const match of matches) {
    if (match.status === 'pending') pending.push(match);
    else if (match.status === 'completed') completed.push(match);
    else if (match.status === 'confirmed') (awaitsFeedback(match, now) ? completed : upcoming).push(match);
    else if (match.status === 'active' && match.role === 'creator' && !hasEnded(match, now)) upcoming.push(match);
    else if (endedByMyBlock(match) && !hasEnded(match, now)) upcoming.push(match);
  }
  const soonestFirst = (a: MatchView, b: MatchView) => (time(a.startTime) || 0) - (time(b.startTime) || 0);
  return {
    upcoming: upcoming.sort(soonestFirst),
    pending: pending.sort(soonestFirst),
    completed: completed.sort((a, b) => soonestFirst(b, a)),
  };
}
