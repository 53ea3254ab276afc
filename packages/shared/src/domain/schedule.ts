/**
 * Weekend session scheduling (architecture §5 "Trails are weekly sessions", "Choosing the day";
 * product §9 weekend sessions, durations, recurrence, hours display).
 *
 * All wall-clock rules ("10:00 on Saturday") are applied in an IANA time zone, not in the
 * process's local zone, so the server and every browser compute the same instants. A zone's
 * offset at an instant is date-fns's own time-zone package, `@date-fns/tz` (`tzOffset`: plain
 * JavaScript over `Intl`, no Node APIs); the calendar arithmetic around it is below. Only
 * `tzOffset` is imported, by its own entry: it is 0.3 KB gzip, where `TZDate` would add 1.4 KB to
 * the signed-out home, which reads this module (ADR 0071).
 */
import { tzOffset } from '@date-fns/tz/tzOffset';

export const WEEKEND_DAYS = ['saturday', 'sunday'] as const;
export type WeekendDay = (typeof WEEKEND_DAYS)[number];

export const DEFAULT_START_HOUR = 10;
export const DEFAULT_TRAIL_HOURS = 3;
export const CUSTOM_EVENT_HOURS = 2;
export const RECURRENCE_DAYS = 7;
/** Defaulting to UTC (not the host's zone) keeps results independent of where the code runs. */
export const DEFAULT_TIME_ZONE = 'UTC';

export interface Session {
  readonly start: Date;
  readonly end: Date;
}

export interface ZoneOptions {
  /** IANA zone, e.g. 'Europe/Lisbon'. Default 'UTC'. */
  readonly timeZone?: string;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** `Date#getUTCDay` numbering. */
const WEEKDAY_INDEX: Readonly<Record<WeekendDay, number>> = { saturday: 6, sunday: 0 };

export function isWeekendDay(value: unknown): value is WeekendDay {
  return (WEEKEND_DAYS as readonly unknown[]).includes(value);
}

/**
 * The next `day` at 10:00 (or `time`, "HH:MM") in `timeZone`, strictly after today: when today
 * (in that zone) is already that day, the session is next week's, even before its time (product §9
 * "if today is that day, next week's"). The end is `hours` later (default 3; fractions allowed)
 * in elapsed time.
 */
export function nextWeekendSession(
  day: WeekendDay,
  now: Date,
  opts: { readonly hours?: number; readonly timeZone?: string; readonly time?: string } = {},
): Session {
  const timeZone = opts.timeZone ?? DEFAULT_TIME_ZONE;
  const hours = opts.hours ?? DEFAULT_TRAIL_HOURS;
  assertValidDate(now, 'now');
  if (!Number.isFinite(hours) || hours <= 0) {
    throw new RangeError(`hours must be a number greater than 0, got ${hours}`);
  }

  const today = wallClockOf(now, timeZone);
  const todayIndex = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const daysAhead = (WEEKDAY_INDEX[day] - todayIndex + 7) % 7 || RECURRENCE_DAYS;
  const date = addCalendarDays(today, daysAhead);

  if (opts.time !== undefined && !isStartTime(opts.time)) throw new RangeError(`time must be HH:MM, got ${opts.time}`);
  const [hour, minute] = opts.time ? (opts.time.split(':').map(Number) as [number, number]) : [DEFAULT_START_HOUR, 0];
  const start = zonedDateTimeToUtc(date.year, date.month, date.day, hour, minute, timeZone);
  return { start, end: new Date(start.getTime() + Math.round(hours * HOUR_MS)) };
}

/**
 * The session on `chosenDay` of the same weekend as the trail's session: Saturday ↔ Sunday is
 * one calendar day either way, at the same wall-clock time and with the same duration. The
 * shift is done on the calendar in `timeZone`, not as ±24 h, because Europe's DST changes fall
 * on a Sunday morning and a 24-hour shift would move the session by an hour.
 */
export function sessionForDay(
  trail: { readonly startTime: Date; readonly endTime: Date; readonly weekendDay: WeekendDay },
  chosenDay: WeekendDay,
  opts: ZoneOptions = {},
): Session {
  const offsetDays = chosenDay === trail.weekendDay ? 0 : chosenDay === 'sunday' ? 1 : -1;
  return shiftSession({ start: trail.startTime, end: trail.endTime }, offsetDays, opts.timeZone ?? DEFAULT_TIME_ZONE);
}

/**
 * The next occurrence of a weekly session, 7 calendar days later at the same wall-clock time in
 * `timeZone` (so a 10:00 Lisbon session stays at 10:00 across a DST change) and with the same
 * duration.
 */
export function recurrenceOf(session: Session, opts: ZoneOptions = {}): Session {
  return shiftSession(session, RECURRENCE_DAYS, opts.timeZone ?? DEFAULT_TIME_ZONE);
}

/**
 * A trail's start times (issue 23, ADR 0065): wall-clock "HH:MM" readings in the trails' zone, each
 * a session of the trail's own duration on the chosen day. A trail offers at least one and at
 * most START_TIMES_MAX; the seed's trails keep their one time (an empty stored list reads as the
 * time of the trail's session, so no zone is needed to migrate them).
 */
export const START_TIMES_MAX = 4;
export const START_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
export const START_TIME_FORMAT_MESSAGE = 'Start times must be times of day written as HH:MM, such as 09:30.';
export const START_TIMES_MISSING_MESSAGE = 'Give at least one start time.';
export const START_TIMES_TOO_MANY_MESSAGE = `A trail offers at most ${START_TIMES_MAX} start times a day.`;
export const START_TIMES_REPEATED_MESSAGE = 'Each start time may be given only once.';
export const START_TIME_NOT_OFFERED_MESSAGE = 'Choose one of the trail’s start times.';

export const isStartTime = (value: unknown): value is string => typeof value === 'string' && START_TIME_PATTERN.test(value);

/** Null when `times` may be a trail's start times, else the message naming what is wrong. */
export function startTimesProblem(times: readonly unknown[]): string | null {
  if (times.length === 0) return START_TIMES_MISSING_MESSAGE;
  if (times.length > START_TIMES_MAX) return START_TIMES_TOO_MANY_MESSAGE;
  if (!times.every(isStartTime)) return START_TIME_FORMAT_MESSAGE;
  return new Set(times).size === times.length ? null : START_TIMES_REPEATED_MESSAGE;
}

/** Start times in the order of the day ("HH:MM" sorts as text in the order of the clock). */
export const sortStartTimes = (times: readonly string[]): string[] => [...times].sort();

/** The "HH:MM" that the wall clock in `timeZone` shows at `date`. */
export function startTimeOf(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  assertValidDate(date, 'date');
  const { hour, minute } = wallClockOf(date, timeZone);
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** The start times a trail offers: the ones set, or the time of its session when none are. */
export function trailStartTimes(trail: { readonly startTimes?: readonly string[]; readonly startTime: Date }, opts: ZoneOptions = {}) {
  const set = trail.startTimes ?? [];
  return set.length > 0 ? sortStartTimes(set) : [startTimeOf(trail.startTime, opts.timeZone ?? DEFAULT_TIME_ZONE)];
}

/**
 * The session on `day` at `time` (one of the trail's start times): the day's session (sessionForDay)
 * moved to that wall-clock time on the same calendar date in `timeZone`, with the same duration.
 * Without a time, the trail's own time.
 */
export function sessionAt(
  trail: { readonly startTime: Date; readonly endTime: Date; readonly weekendDay: WeekendDay },
  day: WeekendDay,
  time: string | undefined,
  opts: ZoneOptions = {},
): Session {
  const timeZone = opts.timeZone ?? DEFAULT_TIME_ZONE;
  const onDay = sessionForDay(trail, day, { timeZone });
  if (time === undefined) return onDay;
  if (!isStartTime(time)) throw new RangeError(`time must be HH:MM, got ${time}`);
  const date = wallClockOf(onDay.start, timeZone);
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const start = zonedDateTimeToUtc(date.year, date.month, date.day, hour, minute, timeZone);
  return { start, end: new Date(start.getTime() + (onDay.end.getTime() - onDay.start.getTime())) };
}

/** product §9 "Hours display uses one decimal": 3 → "3.0", 2.5 → "2.5". */
export function formatHours(hours: number): string {
  if (!Number.isFinite(hours)) throw new RangeError(`hours must be a finite number, got ${hours}`);
  // Rounding on the decimal value first, because toFixed alone rounds the binary value
  // (0.15.toFixed(1) is "0.1"); `+ 0` turns -0 into 0 so "-0.0" never shows.
  return (Math.round(hours * 10) / 10 + 0).toFixed(1);
}

/**
 * The instant at which the wall clock in `timeZone` shows year-month-day hour:minute
 * (`month` 1–12). Matches Temporal's 'compatible' disambiguation: a time skipped by a DST gap
 * resolves to the same clock reading after the jump (01:30 → 02:30 when 01:00 jumps to 02:00),
 * and a time that occurs twice resolves to the earlier instant.
 */
export function zonedDateTimeToUtc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  timeZone: string = DEFAULT_TIME_ZONE,
): Date {
  assertInteger(year, 'year', 1, 9999);
  assertInteger(month, 'month', 1, 12);
  assertInteger(day, 'day', 1, daysInMonth(year, month));
  assertInteger(hour, 'hour', 0, 23);
  assertInteger(minute, 'minute', 0, 59);
  return new Date(wallClockToInstant({ year, month, day, hour, minute, second: 0, millisecond: 0 }, timeZone));
}

/**
 * Adds calendar days in `timeZone`, keeping the wall-clock time (unlike adding n × 24 h, which
 * drifts by the DST difference).
 */
export function addZonedDays(date: Date, days: number, timeZone: string = DEFAULT_TIME_ZONE): Date {
  assertValidDate(date, 'date');
  assertInteger(days, 'days', -1_000_000, 1_000_000);
  const wall = wallClockOf(date, timeZone);
  return new Date(wallClockToInstant({ ...wall, ...addCalendarDays(wall, days) }, timeZone));
}

export const CUSTOM_EVENT_INVALID_MESSAGE = 'Choose a valid date and time.';
export const CUSTOM_EVENT_PAST_MESSAGE = 'Choose a date and time in the future.';

/**
 * A proposed custom date (a manual event, architecture §5 "Choosing the day") lasts the trail's
 * own duration (issue 23; CUSTOM_EVENT_HOURS when none is known) of elapsed time from its start;
 * unlike trail sessions it has no wall-clock rule, so no zone is involved.
 */
export function customEventSession(start: Date, hours: number = CUSTOM_EVENT_HOURS): Session {
  assertValidDate(start, 'start');
  const duration = Number.isFinite(hours) && hours > 0 ? hours : CUSTOM_EVENT_HOURS;
  return { start, end: new Date(start.getTime() + Math.round(duration * HOUR_MS)) };
}

/**
 * Null when `start` may be proposed, else the message to show. It must be strictly after `now`:
 * an event starting now could not be joined, and the expiry job would cancel it at once.
 * Returns a message instead of throwing because it checks user input, on the form and the server.
 */
export function validateCustomEventStart(start: Date, now: Date): string | null {
  assertValidDate(now, 'now');
  if (!(start instanceof Date) || Number.isNaN(start.getTime())) return CUSTOM_EVENT_INVALID_MESSAGE;
  return start.getTime() > now.getTime() ? null : CUSTOM_EVENT_PAST_MESSAGE;
}

/**
 * The calendar date ('YYYY-MM-DD') that the wall clock in `timeZone` shows at `date`, for
 * grouping sessions by the day a person sees on their calendar.
 */
export function zonedDateKey(date: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  assertValidDate(date, 'date');
  const { year, month, day } = wallClockOf(date, timeZone);
  const pad = (value: number, width: number): string => String(value).padStart(width, '0');
  return `${year < 0 ? '-' : ''}${pad(Math.abs(year), 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

// ---------------------------------------------------------------------------------------------

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

function shiftSession(session: Session, days: number, timeZone: string): Session {
  assertValidDate(session.start, 'start');
  assertValidDate(session.end, 'end');
  const duration = session.end.getTime() - session.start.getTime();
  if (duration < 0) throw new RangeError('A session cannot end before it starts');
  const start = addZonedDays(session.start, days, timeZone);
  return { start, end: new Date(start.getTime() + duration) };
}

/** Throws RangeError for a zone `Intl` does not know (tzOffset would answer NaN), the error callers should see. */
const knownZones = new Set<string>();
function offsetAt(instant: number, timeZone: string): number {
  if (!knownZones.has(timeZone)) {
    new Intl.DateTimeFormat('en-US', { timeZone });
    knownZones.add(timeZone);
  }
  return tzOffset(timeZone, new Date(instant)) * MINUTE_MS;
}

/** What the wall clock in `timeZone` shows at `date`. */
function wallClockOf(date: Date, timeZone: string): WallClock {
  const wall = new Date(date.getTime() + offsetAt(date.getTime(), timeZone));
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
    millisecond: wall.getUTCMilliseconds(),
  };
}

/** The wall clock read as if it were UTC; the difference from the real instant is the offset. */
function wallClockAsUtc(wall: WallClock): number {
  const date = new Date(0);
  // setUTCFullYear, because Date.UTC maps years 0–99 to 1900–1999.
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, wall.millisecond);
  return date.getTime();
}

/**
 * The instant at which the wall clock in `timeZone` shows `wall`, with Temporal's 'compatible'
 * disambiguation: a time that occurs twice is the earlier instant, and a time skipped by a DST
 * gap lands the same distance past the jump.
 */
function wallClockToInstant(wall: WallClock, timeZone: string): number {
  const local = wallClockAsUtc(wall);
  // A day either side brackets any single DST transition near this wall time; the offsets in
  // force there are the only candidates.
  const offsetBefore = offsetAt(local - DAY_MS, timeZone);
  const offsetAfter = offsetAt(local + DAY_MS, timeZone);
  const matches = [offsetBefore, offsetAfter]
    .map((offset) => local - offset)
    .filter((instant) => instant + offsetAt(instant, timeZone) === local);
  if (matches.length > 0) return Math.min(...matches);
  // The wall time falls in a gap: read it with the offset from before the jump, which lands
  // the same distance past the jump.
  return local - offsetBefore;
}

function addCalendarDays(date: { year: number; month: number; day: number }, days: number) {
  const shifted = new Date(0);
  shifted.setUTCFullYear(date.year, date.month - 1, date.day + days);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function daysInMonth(year: number, month: number): number {
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(year, month, 0);
  return lastDay.getUTCDate();
}

function assertInteger(value: number, name: string, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer from ${min} to ${max}, got ${value}`);
  }
}

function assertValidDate(value: Date, name: string): void {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new RangeError(`${name} must be a valid Date`);
  }
}
