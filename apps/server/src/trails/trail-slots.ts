import {
  sessionAt,
  START_TIME_NOT_OFFERED_MESSAGE,
  trailStartTimes,
  type Session,
  type WeekendDay,
} from '@trailbuddy/shared/domain/schedule';
import type { trails } from '../db/schema/index.js';
import { invalidField } from '../errors.js';

type SlotTrail = Pick<typeof trails.$inferSelect, 'startTime' | 'endTime' | 'weekendDay' | 'startTimes'>;

/**
 * The slot a search, an invitation or Best Matches is about (ADR 0065): the trail's session on
 * `day` at `time`, one of the trail's start times (400 naming `time` otherwise); without a time,
 * the trail's first.
 */
export function slotOf(trail: SlotTrail, day: WeekendDay, time: string | undefined, timeZone: string): Session {
  if (time !== undefined && !trailStartTimes(trail, { timeZone }).includes(time)) {
    throw invalidField('time', START_TIME_NOT_OFFERED_MESSAGE);
  }
  return sessionAt(trail, day, time, { timeZone });
}
