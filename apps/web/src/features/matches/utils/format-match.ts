import type { MatchStatus } from '@trailbuddy/shared/contracts/enums';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import type { PublicProfile } from '@trailbuddy/shared/contracts/profile';
import { DEFAULT_AVATAR } from '@trailbuddy/shared/data/avatars';
import { DEFAULT_COMPATIBILITY } from '@trailbuddy/shared/domain/compatibility';

// Built once: constructing an Intl.DateTimeFormat is far costlier than using one. No locale
// argument, so dates read the way the visitor's browser is set up (as on the home page).
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Sat, 14 Jun 2025"; SPEC §8's fallbacks when the date is missing or unreadable. */
export function formatMatchDate(startIso: string | null | undefined): string {
  if (!startIso) return 'Unknown Date';
  const start = parse(startIso);
  return start ? dayFormat.format(start) : 'Invalid date';
}

/** "10:00 – 13:00"; "Invalid time" when the start cannot be read. */
export function formatMatchTime(startIso: string | null | undefined, endIso: string | null | undefined): string {
  const start = parse(startIso);
  const end = parse(endIso);
  if (!start) return 'Invalid time';
  return end && end >= start ? timeFormat.formatRange(start, end) : timeFormat.format(start);
}

export const trailNameOf = (match: MatchView) => match.trail?.name || 'Unknown Trail';
export const partnerNameOf = (partner: PublicProfile | null) => partner?.name.trim() || 'Unknown Partner';
export const avatarOf = (partner: PublicProfile | null) => partner?.image || DEFAULT_AVATAR;

/** SPEC §9: "Default match display is 85%" when the score is not known. */
export const compatibilityOf = (score: number | null | undefined) => Math.round(score ?? DEFAULT_COMPATIBILITY);

export const STATUS_LABELS: Record<MatchStatus, string> = {
  searching: 'Searching',
  pending: 'Pending',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  active: 'Your event',
};

export const STATUS_STYLES: Record<MatchStatus, string> = {
  searching: 'bg-stone-100 text-stone-700 ring-stone-200',
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  confirmed: 'bg-brand-50 text-brand-800 ring-brand-200',
  completed: 'bg-accent-50 text-accent-700 ring-accent-100',
  cancelled: 'bg-red-50 text-red-800 ring-red-200',
  active: 'bg-sky-50 text-sky-800 ring-sky-200',
};
