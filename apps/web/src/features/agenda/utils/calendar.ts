import { addDays, format, startOfMonth, startOfWeek } from 'date-fns';

/** Weeks start on Monday, as on European calendars (the product's trails are in Europe). */
export const WEEK_STARTS_ON = 1;

/** A day's key, 'YYYY-MM-DD', on the browser's calendar (the same key `daysWithSessions` gives). */
export const dayKey = (day: Date) => format(day, 'yyyy-MM-dd');

/** The local midnight a 'YYYY-MM-DD' key stands for. */
export function fromDayKey(key: string): Date {
  const [year = 1970, month = 1, day = 1] = key.split('-').map(Number);
  return new Date(year, month - 1, day);
}

/**
 * The weeks shown for `month`, from the Monday on or before its first day. Always six rows
 * (enough for any month), padded with the next month's days, so the calendar keeps its height
 * from month to month and the cards below it do not jump.
 */
export function monthGrid(month: Date): Date[][] {
  const first = startOfWeek(startOfMonth(month), { weekStartsOn: WEEK_STARTS_ON });
  const weeks: Date[][] = [];
  for (let start = first; weeks.length < 6; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)));
  }
  return weeks;
}

/** Monday to Sunday, for the column headers. */
export function weekdays(): Date[] {
  const monday = startOfWeek(new Date(2024, 0, 1), { weekStartsOn: WEEK_STARTS_ON });
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * The day the agenda opens on: today when it has a session, else the next day that has one, else
 * today. Opening on an empty today when a session is three days away makes the agenda look empty.
 * Keys are 'YYYY-MM-DD', so they order as strings.
 */
export function openingDayKey(daysWithSessions: ReadonlySet<string>, todayKey: string): string {
  let next: string | null = null;
  for (const key of daysWithSessions) {
    if (key >= todayKey && (next === null || key < next)) next = key;
  }
  return next ?? todayKey;
}
