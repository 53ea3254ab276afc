// Formatters are built once: constructing an Intl.DateTimeFormat is far costlier than using one.
// No locale argument, so dates read the way the visitor's browser is set up.
const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'long', day: 'numeric', month: 'long' });
const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Saturday, 14 June" in the visitor's locale and time zone; SPEC §8's fallback otherwise. */
export function formatSessionDay(startIso: string): string {
  const start = parse(startIso);
  return start ? dayFormat.format(start) : 'Invalid date';
}

/** "10:00 – 13:00" in the visitor's locale and time zone; SPEC §8's fallback otherwise. */
export function formatSessionTime(startIso: string, endIso: string): string {
  const start = parse(startIso);
  const end = parse(endIso);
  if (!start) return 'Invalid time';
  return end && end >= start ? timeFormat.formatRange(start, end) : timeFormat.format(start);
}
