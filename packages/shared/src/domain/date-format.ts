/**
 * How the app writes dates and times, in one place, so a session reads the same on the home
 * page, the trail, the agenda, the matches and the matching views. Plain ECMAScript `Intl`: no
 * locale is fixed, so dates read the way the person's browser is set up, in its time zone.
 * Unreadable or missing values give product §8's fallback labels instead of throwing.
 */

import { FALLBACK_LABELS } from '../contracts/fallback-labels';

export const UNKNOWN_DATE = FALLBACK_LABELS.unknownDate;
export const INVALID_DATE = FALLBACK_LABELS.invalidDate;
export const INVALID_TIME = FALLBACK_LABELS.invalidTime;

/** An ISO string, an epoch in milliseconds or a Date; null, undefined and '' mean "not known". */
export type DateInput = Date | string | number | null | undefined;

/**
 * - `long`: "Saturday, June 14" (en-US) / "Saturday 14 June" (en-GB): a session's day.
 * - `short`: "Sat, Jun 14": the same where space is tight.
 * - `dayMonth`: "June 14": beside a label that already names the weekday.
 * The year is added when it is not the current one, so a past or far-off session stays clear.
 */
export type DateStyle = 'long' | 'short' | 'dayMonth';

export interface DateFormatOptions {
  /** BCP 47 locale; the runtime's default when left out. */
  locale?: string;
  /** IANA zone; the runtime's own when left out. */
  timeZone?: string;
  /** "Now", for deciding whether to show the year; the current time when left out. */
  now?: Date;
  /**
   * Plain spaces for the thin and narrow no-break ones ICU puts in times ("10:00\u202fAM"). The
   * runtimes' ICU data differ there (Node's has them, Chromium's not always), so a text written
   * on the server and read back while the browser hydrates it must do without (ADR 0023).
   */
  plainSpaces?: boolean;
}

const ICU_SPACES = /[\u2009\u202f]/g;
const spaced = (text: string, { plainSpaces }: DateFormatOptions) => (plainSpaces ? text.replace(ICU_SPACES, ' ') : text);

const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { weekday: 'long', day: 'numeric', month: 'long' },
  short: { weekday: 'short', day: 'numeric', month: 'short' },
  dayMonth: { day: 'numeric', month: 'long' },
};
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const YEAR: Intl.DateTimeFormatOptions = { year: 'numeric' };

// Built once per shape: constructing an Intl.DateTimeFormat costs far more than using one.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(parts: Intl.DateTimeFormatOptions, { locale, timeZone }: DateFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale ?? '', timeZone ?? '', parts]);
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...parts, ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, found);
  }
  return found;
}

/** undefined when there is no value at all, null when there is one that is not a readable date. */
export function toDate(value: DateInput): Date | null | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Saturday, June 14" (or the `short` / `dayMonth` style); "Unknown Date" or "Invalid date" otherwise. */
export function formatDate(value: DateInput, style: DateStyle = 'long', options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (date === undefined) return UNKNOWN_DATE;
  if (date === null) return INVALID_DATE;
  const years = formatter(YEAR, options);
  const otherYear = years.format(date) !== years.format(options.now ?? new Date());
  return spaced(formatter(otherYear ? { ...STYLES[style], ...YEAR } : STYLES[style], options).format(date), options);
}

/** One clock reading, "10:00 AM" / "10:00"; "Invalid time" when there is no readable value. */
export function formatTime(value: DateInput, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  return date ? spaced(formatter(TIME, options).format(date), options) : INVALID_TIME;
}

/** "10:00 AM – 1:30 PM", or the start alone when the end is missing or before it; "Invalid time" without a start. */
export function formatTimeRange(start: DateInput, end: DateInput, options: DateFormatOptions = {}): string {
  const from = toDate(start);
  if (!from) return INVALID_TIME;
  const to = toDate(end);
  const times = formatter(TIME, options);
  return spaced(to && to >= from ? times.formatRange(from, to) : times.format(from), options);
}

/** "Sat, Jun 14, 10:00 AM": a day and its start time together. */
export function formatDateTime(value: DateInput, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (date === undefined) return UNKNOWN_DATE;
  if (date === null) return INVALID_DATE;
  return `${formatDate(date, 'short', options)}, ${formatTime(date, options)}`;
}
