import type { MatchStatus, SkillLevel } from '@trailbuddy/shared/contracts/enums';
import { FALLBACK_LABELS } from '@trailbuddy/shared/contracts/fallback-labels';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import type { PublicProfile } from '@trailbuddy/shared/contracts/profile';
import { DEFAULT_COMPATIBILITY } from '@trailbuddy/shared/domain/compatibility';

/** A stored compatibility, or SPEC §9's "Default match display is 85%" when none was computed. */
export function compatibilityPercent(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : DEFAULT_COMPATIBILITY;
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function skillLabel(level: SkillLevel): string {
  return capitalize(level);
}

export const UNKNOWN_TRAIL = FALLBACK_LABELS.unknownTrail;
const UNKNOWN_PARTNER = FALLBACK_LABELS.unknownPartner;

export const trailNameOf = (match: MatchView) => match.trail?.name || UNKNOWN_TRAIL;
export const partnerNameOf = (partner: PublicProfile | null | undefined) => partner?.name.trim() || UNKNOWN_PARTNER;

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
