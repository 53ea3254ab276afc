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
 * The trail's session on the chosen weekend day (ARCHITECTURE §5 "Choosing the day"): the same
 * weekend, the same start time and duration. Unreadable times give nulls rather than throwing,
 * so the view can show SPEC §8's fallbacks.
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
