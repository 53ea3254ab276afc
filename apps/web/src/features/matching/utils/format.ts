import type { SkillLevel } from '@trailbuddy/shared/contracts/enums';
import { DEFAULT_COMPATIBILITY } from '@trailbuddy/shared/domain/compatibility';

// Built once: constructing an Intl.DateTimeFormat costs far more than using one. No locale
// argument, so dates read the way the person's browser is set up.
const dateFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

function parse(iso: string | null | undefined): Date | null | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Saturday, 14 June 2026"; SPEC §8's fallbacks when the date is missing or unreadable. */
export function formatMatchDate(startIso: string | null | undefined): string {
  const start = parse(startIso);
  if (start === undefined) return 'Unknown Date';
  return start ? dateFormat.format(start) : 'Invalid date';
}

/** "10:00 – 12:00" (or the start alone when the end is unusable); "Invalid time" otherwise. */
export function formatMatchTime(startIso: string | null | undefined, endIso?: string | null): string {
  const start = parse(startIso);
  if (!start) return 'Invalid time';
  const end = parse(endIso);
  return end && end >= start ? timeFormat.formatRange(start, end) : timeFormat.format(start);
}

/** One clock reading, e.g. the end of a proposed event. */
export function formatClock(date: Date): string {
  return timeFormat.format(date);
}

/** A stored compatibility, or the product's default display when none was computed (SPEC §9). */
export function compatibilityPercent(value: number | null | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : DEFAULT_COMPATIBILITY;
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

export function skillLabel(level: SkillLevel): string {
  return capitalize(level);
}

export const UNKNOWN_TRAIL = 'Unknown Trail';
export const UNKNOWN_PARTNER = 'Unknown Partner';
