import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { sessionForDay, type WeekendDay } from '@trailbuddy/shared/domain/schedule';
import { parseIso } from './format-session';

export interface DaySession {
  /** Null when the trail's start time cannot be read: shown as "Invalid date" / "Invalid time". */
  start: Date | null;
  end: Date | null;
}

/** The visitor's own zone, so Saturday ↔ Sunday moves one day on the calendar they see. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The trail's session on the chosen weekend day (architecture §5 "Choosing the day"): the same
 * weekend, the same start time and duration. Unreadable times give nulls rather than throwing,
 * so the view can show product §8's fallbacks.
 */
export function sessionOnDay(
  trail: Pick<Trail, 'startTime' | 'endTime' | 'weekendDay'>,
  day: WeekendDay,
  timeZone = browserTimeZone(),
): DaySession {
  const start = parseIso(trail.startTime);
  if (!start) return { start: null, end: null };
  const parsedEnd = parseIso(trail.endTime);
  const end = parsedEnd && parsedEnd >= start ? parsedEnd : null;
  try {
    const session = sessionForDay({ startTime: start, endTime: end ?? start, weekendDay: trail.weekendDay }, day, { timeZone });
    return { start: session.start, end: end ? session.end : null };
  } catch {
    return { start: null, end: null };
  }
}

/** One start time of the trail on a day: `time` is what the search sends, unset when the trail offers its session's time only. */
export interface TimeSession extends DaySession {
  time: string | undefined;
}

const minutesOf = (time: string) => {
  const [hour = 0, minute = 0] = time.split(':').map(Number);
  return hour * 60 + minute;
};

/**
 * The trail's sessions on `day`, one per start time (ADR 0065), in the order of the day. The
 * times are on the trails' clock and the first is the session's own, so each is the day's
 * session moved by its distance from the first: the page needs no knowledge of the trails' zone.
 */
export function sessionsAtTimes(
  trail: Pick<Trail, 'startTime' | 'endTime' | 'weekendDay' | 'startTimes'>,
  day: WeekendDay,
  timeZone = browserTimeZone(),
): TimeSession[] {
  const base = sessionOnDay(trail, day, timeZone);
  const times = [...trail.startTimes].sort();
  if (times.length === 0) return [{ time: undefined, ...base }];
  const first = minutesOf(times[0]!);
  return times.map((time) => {
    const shift = (minutesOf(time) - first) * 60_000;
    return {
      time,
      start: base.start && new Date(base.start.getTime() + shift),
      end: base.end && new Date(base.end.getTime() + shift),
    };
  });
}
