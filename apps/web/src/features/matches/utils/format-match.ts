import type { MatchStatus } from '@trailbuddy/shared/contracts/enums';
import { FALLBACK_LABELS } from '@trailbuddy/shared/contracts/fallback-labels';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import type { PublicProfile } from '@trailbuddy/shared/contracts/profile';
import { DEFAULT_AVATAR } from '@trailbuddy/shared/data/avatars';
import { DEFAULT_COMPATIBILITY } from '@trailbuddy/shared/domain/compatibility';

export const trailNameOf = (match: MatchView) => match.trail?.name || FALLBACK_LABELS.unknownTrail;
export const partnerNameOf = (partner: PublicProfile | null) => partner?.name.trim() || FALLBACK_LABELS.unknownPartner;
export const avatarOf = (partner: PublicProfile | null) => partner?.image || DEFAULT_AVATAR;

/** SPEC §9: "Default match display is 85%" when the score is not known. */
export const compatibilityOf = (score: number | null | undefined) => Math.round(score ?? DEFAULT_COMPATIBILITY);

/** What a card's status badge says: SPEC §4's status, except for a finished session still awaiting feedback. */
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
