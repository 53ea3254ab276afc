import { formatDate, INVALID_DATE, toDate, type DateFormatOptions } from '@trailbuddy/shared/domain/date-format';

// The trails' names for the app's one set of date formatters (shared/domain/date-format). A
// trail's session always has a time, so a missing one is as unreadable as a malformed one. Times
// are written by the shared formatTime / formatTimeRange themselves, as on every other view.

export function parseIso(iso: string): Date | null {
  return toDate(iso) ?? null;
}

/** "Saturday, June 14" in the visitor's locale and time zone; product §8's fallback otherwise. */
export function formatSessionDay(start: string | Date | null, options?: DateFormatOptions): string {
  return start ? formatDate(start, 'long', options) : INVALID_DATE;
}

/** "Sat, Jun 14": the same, where space is tight. */
export function formatSessionDayShort(start: Date | null, options?: DateFormatOptions): string {
  return start ? formatDate(start, 'short', options) : INVALID_DATE;
}

/** "June 14", for a label that already names the weekday; product §8's fallback otherwise. */
export function formatShortDate(date: Date | null, options?: DateFormatOptions): string {
  return date ? formatDate(date, 'dayMonth', options) : INVALID_DATE;
}
