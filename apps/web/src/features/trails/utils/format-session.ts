// Formatters are built once: constructing an Intl.DateTimeFormat is far costlier than using one.
// No locale argument, so dates read the way the visitor's browser is set up.
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' });
const shortDayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
const shortDateFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

export function parseIso(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const isValid = (date: Date | null): date is Date => date !== null && !Number.isNaN(date.getTime());

/** "Saturday, 14 June" in the visitor's locale and time zone; SPEC §8's fallback otherwise. */
export function formatSessionDay(start: string | Date | null): string {
  const date = typeof start === 'string' ? parseIso(start) : start;
  return isValid(date) ? dayFormat.format(date) : 'Invalid date';
}

/** "Sat, 14 Jun": the same, where space is tight. */
export function formatSessionDayShort(start: Date | null): string {
  return isValid(start) ? shortDayFormat.format(start) : 'Invalid date';
}

/** "14 June", for a label that already names the weekday; SPEC §8's fallback otherwise. */
export function formatShortDate(date: Date | null): string {
  return isValid(date) ? shortDateFormat.format(date) : 'Invalid date';
}

/** "10:00 – 13:00" in the visitor's locale and time zone; SPEC §8's fallback otherwise. */
export function formatSessionTime(startTime: string | Date | null, endTime: string | Date | null): string {
  const start = typeof startTime === 'string' ? parseIso(startTime) : startTime;
  const end = typeof endTime === 'string' ? parseIso(endTime) : endTime;
  if (!isValid(start)) return 'Invalid time';
  return isValid(end) && end >= start ? timeFormat.formatRange(start, end) : timeFormat.format(start);
}
