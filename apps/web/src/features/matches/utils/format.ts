import type { MatchStatus } from '@trailbuddy/shared/contracts/enums';
import { FALLBACK_LABELS } from '@trailbuddy/shared/contracts/fallback-labels';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import type { PublicProfile } from '@trailbuddy/shared/contracts/profile';
import type { BestMatch } from '@trailbuddy/shared/contracts/match';
import { compatibilityLabel, NO_COMPATIBILITY_REASON } from '@trailbuddy/shared/domain/compatibility';
import { trailheadDistanceText } from '@trailbuddy/shared/domain/distance';

export { compatibilityLabel };

/** The label's accessible title: the reason when there is no figure (issue 24: no default 85%). */
export const compatibilityTitle = (value: number | null | undefined): string | undefined =>
  typeof value === 'number' ? undefined : `No match figure: ${NO_COMPATIBILITY_REASON}`;

/** Why a candidate is suggested, in a few words: the shared traits, then the distance to the trailhead. */
export function bestMatchWhy({ reasons, trailhead }: Pick<BestMatch, 'reasons' | 'trailhead'>): string {
  const distance = trailheadDistanceText(trailhead);
  return [...reasons, ...(distance ? [distance] : [])].join(' · ');
}

/** The label with its reason written out, where there is room for it (the match summary). */
export const compatibilityWithReason = (value: number | null | undefined): string =>
  typeof value === 'number' ? compatibilityLabel(value) : `${compatibilityLabel(value)} (${NO_COMPATIBILITY_REASON})`;

export const UNKNOWN_TRAIL = FALLBACK_LABELS.unknownTrail;
const UNKNOWN_PARTNER = FALLBACK_LABELS.unknownPartner;

export const trailNameOf = (match: MatchView) => match.trail?.name || UNKNOWN_TRAIL;
export const partnerNameOf = (partner: PublicProfile | null | undefined) => partner?.name.trim() || UNKNOWN_PARTNER;

/** What a card's status badge says: product §4's status, except for a finished session still awaiting feedback. */
export type StatusBadge = MatchStatus | 'awaitingFeedback';

export const STATUS_LABELS: Record<StatusBadge, string> = {
  searching: 'Searching',
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  active: 'Your event',
  awaitingFeedback: 'Awaiting feedback',
};

export const STATUS_STYLES: Record<StatusBadge, string> = {
  searching: 'bg-stone-100 text-stone-700 ring-stone-200',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  confirmed: 'bg-brand-50 text-brand-800 ring-brand-200',
  completed: 'bg-accent-50 text-accent-700 ring-accent-100',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
  active: 'bg-sky-50 text-sky-800 ring-sky-200',
  // A finished hike: the completed colours, since that is the tab it sits in.
  awaitingFeedback: 'bg-accent-50 text-accent-700 ring-accent-100',
};
