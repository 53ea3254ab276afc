// Built once: constructing an Intl.DateTimeFormat costs far more than using one.
const format = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/** "Sat, 14 Jun, 10:00" in the admin's locale and time zone; SPEC §8's fallback otherwise. */
export function formatTrailDate(startIso: string): string {
  const date = new Date(startIso);
  return Number.isNaN(date.getTime()) ? 'Invalid date' : format.format(date);
}
