/**
 * How the app writes dates and times, in one place, so a session reads the same on the home
 * page, the trail, the agenda, the matches and the matching views. Plain ECMAScript `Intl`: no
 * locale is fixed for dates, so they read the way the person's browser is set up, in its time
 * zone. Clock readings are the product's one form whatever the locale: 24-hour "10:00", a range
 * "10:00–13:00" (product §9, the texts and mails all write "10:00"; ADR 0067). Unreadable or
 * missing values give product §8's fallback labels instead of throwing.
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
   * Plain spaces for the thin and narrow no-break ones ICU may put in dates. The
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
// The hour cycle is fixed: a browser set to en-US would otherwise write "04:30 PM" on one view and
// "4:30 – 7:30 PM" on another (issue 23). The digits are read from the parts and joined here, so no
// locale's separators, day periods or ICU's spaces reach the text.
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', numberingSystem: 'latn' };
/** Between the two times of a range: an en dash, unspaced, as "10:00–13:00". */
export const TIME_RANGE_SEPARATOR = '\u2013';
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

/** "10:00": the 24-hour clock reading of `date` (the locale's digits are not used). */
function clockOf(date: Date, options: DateFormatOptions): string {
  let hour = '';
  let minute = '';
  for (const part of formatter(TIME, { timeZone: options.timeZone }).formatToParts(date)) {
    if (part.type === 'hour') hour = part.value;
    else if (part.type === 'minute') minute = part.value;
  }
  // Some older ICU builds print midnight as 24 despite hourCycle h23 (as schedule.ts notes).
  return `${String(Number(hour) % 24).padStart(2, '0')}:${minute.padStart(2, '0')}`;
}

/**
 * One clock reading in the product's form, "10:00" or "16:30" (24-hour, two-digit hour), in the
 * given zone; "Invalid time" when there is no readable value. Every view that shows a hike's or a
 * slot's time writes it with this or formatTimeRange.
 */
export function formatTime(value: DateInput, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  return date ? clockOf(date, options) : INVALID_TIME;
}

/** "10:00–13:30", or the start alone when the end is missing or before it; "Invalid time" without a start. */
export function formatTimeRange(start: DateInput, end: DateInput, options: DateFormatOptions = {}): string {
  const from = toDate(start);
  if (!from) return INVALID_TIME;
  const to = toDate(end);
  return to && to >= from ? `${clockOf(from, options)}${TIME_RANGE_SEPARATOR}${clockOf(to, options)}` : clockOf(from, options);
}

/** "Sat, Jun 14, 10:00": a day and its start time together. */
export function formatDateTime(value: DateInput, options: DateFormatOptions = {}): string {
  const date = toDate(value);
  if (date === undefined) return UNKNOWN_DATE;
  if (date === null) return INVALID_DATE;
  return `${formatDate(date, 'short', options)}, ${formatTime(date, options)}`;
}
