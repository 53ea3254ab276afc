import { describe, expect, it } from 'vitest';
import {
  START_TIME_FORMAT_MESSAGE,
  START_TIMES_MAX,
  START_TIMES_MISSING_MESSAGE,
  START_TIMES_REPEATED_MESSAGE,
  START_TIMES_TOO_MANY_MESSAGE,
  nextWeekendSession,
  sessionAt,
  startTimeOf,
  startTimesProblem,
  trailStartTimes,
} from './schedule';

const LISBON = 'Europe/Lisbon';

describe('startTimesProblem (issue 23: the administrator sets a trail’s start times)', () => {
  it('accepts one to four distinct times of day', () => {
    expect(startTimesProblem(['10:00'])).toBeNull();
    expect(startTimesProblem(['00:00', '08:30', '14:15', '23:59'])).toBeNull();
  });

  it('names what is wrong: none, too many, not a time of day, repeated', () => {
    expect(startTimesProblem([])).toBe(START_TIMES_MISSING_MESSAGE);
    expect(startTimesProblem(['07:00', '08:00', '09:00', '10:00', '11:00'])).toBe(START_TIMES_TOO_MANY_MESSAGE);
    expect(START_TIMES_MAX).toBe(4);
    for (const bad of ['24:00', '9:00', '10:60', '10:00:00', 'ten', '', 1000]) {
      expect(startTimesProblem([bad]), String(bad)).toBe(START_TIME_FORMAT_MESSAGE);
    }
    expect(startTimesProblem(['10:00', '14:00', '10:00'])).toBe(START_TIMES_REPEATED_MESSAGE);
  });
});

describe('trailStartTimes and startTimeOf', () => {
  it('reads the wall clock in the zone, and falls back to the session’s own time when none are set', () => {
    const start = new Date('2026-07-04T09:00:00Z'); // 10:00 in Lisbon (summer time)
    expect(startTimeOf(start, LISBON)).toBe('10:00');
    expect(startTimeOf(start, 'UTC')).toBe('09:00');
    expect(trailStartTimes({ startTimes: [], startTime: start }, { timeZone: LISBON })).toEqual(['10:00']);
    expect(trailStartTimes({ startTimes: ['14:00', '08:30'], startTime: start }, { timeZone: LISBON })).toEqual(['08:30', '14:00']);
  });
});

describe('sessionAt: a slot is the trail, the day and the start time', () => {
  const trail = {
    startTime: new Date('2026-11-21T10:00:00Z'),
    endTime: new Date('2026-11-21T13:30:00Z'),
    weekendDay: 'saturday' as const,
  };

  it('moves the day’s session to the chosen time, keeping the trail’s duration', () => {
    expect(sessionAt(trail, 'saturday', '14:30', { timeZone: LISBON })).toEqual({
      start: new Date('2026-11-21T14:30:00Z'),
      end: new Date('2026-11-21T18:00:00Z'),
    });
    expect(sessionAt(trail, 'sunday', '08:00', { timeZone: LISBON })).toEqual({
      start: new Date('2026-11-22T08:00:00Z'),
      end: new Date('2026-11-22T11:30:00Z'),
    });
    // Without a time: the trail's own session on that day.
    expect(sessionAt(trail, 'sunday', undefined, { timeZone: LISBON }).start).toEqual(new Date('2026-11-22T10:00:00Z'));
  });

  it('keeps the wall-clock time across a DST change (Lisbon, last Sunday of October)', () => {
    const october = {
      startTime: new Date('2026-10-24T09:00:00Z'),
      endTime: new Date('2026-10-24T12:00:00Z'),
      weekendDay: 'saturday' as const,
    };
    // Saturday is summer time (UTC+1), Sunday winter time (UTC+0): 16:00 on the clock both days.
    expect(sessionAt(october, 'saturday', '16:00', { timeZone: LISBON }).start).toEqual(new Date('2026-10-24T15:00:00Z'));
    expect(sessionAt(october, 'sunday', '16:00', { timeZone: LISBON }).start).toEqual(new Date('2026-10-25T16:00:00Z'));
  });

  it('refuses a time that is not HH:MM', () => {
    expect(() => sessionAt(trail, 'saturday', '7pm', { timeZone: LISBON })).toThrow(RangeError);
  });
});

describe('nextWeekendSession with a time', () => {
  it('starts at the given time instead of 10:00', () => {
    const now = new Date('2026-11-18T09:00:00Z'); // a Wednesday
    expect(nextWeekendSession('saturday', now, { hours: 2, timeZone: LISBON, time: '08:15' })).toEqual({
      start: new Date('2026-11-21T08:15:00Z'),
      end: new Date('2026-11-21T10:15:00Z'),
    });
    expect(nextWeekendSession('saturday', now, { timeZone: LISBON }).start).toEqual(new Date('2026-11-21T10:00:00Z'));
  });
});
