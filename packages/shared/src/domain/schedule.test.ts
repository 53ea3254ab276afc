import { describe, expect, it } from 'vitest';
import {
  CUSTOM_EVENT_HOURS,
  DEFAULT_START_HOUR,
  DEFAULT_TRAIL_HOURS,
  RECURRENCE_DAYS,
  WEEKEND_DAYS,
  addZonedDays,
  formatHours,
  isWeekendDay,
  nextWeekendSession,
  recurrenceOf,
  sessionForDay,
  zonedDateTimeToUtc,
  type WeekendDay,
} from './schedule';

const utc = (iso: string): Date => new Date(iso);

/**
 * Independent of the module under test: what a clock in `timeZone` shows, as
 * "YYYY-MM-DD HH:mm Weekday", so assertions read like the product rule.
 */
const testFormatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(date: Date, timeZone: string): string {
  let formatter = testFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'long',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    testFormatters.set(timeZone, formatter);
  }
  const parts = Object.fromEntries(formatter.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} ${parts.weekday}`;
}

describe('constants (product §9)', () => {
  it('match the spec', () => {
    expect(WEEKEND_DAYS).toEqual(['saturday', 'sunday']);
    expect(DEFAULT_START_HOUR).toBe(10);
    expect(DEFAULT_TRAIL_HOURS).toBe(3);
    expect(CUSTOM_EVENT_HOURS).toBe(2);
    expect(RECURRENCE_DAYS).toBe(7);
  });

  it.each([
    ['saturday', true],
    ['sunday', true],
    ['Saturday', false],
    ['monday', false],
    [undefined, false],
  ])('isWeekendDay(%s) is %s', (value, expected) => {
    expect(isWeekendDay(value)).toBe(expected);
  });
});

describe('nextWeekendSession', () => {
  // The week of Monday 2 June 2025 to Sunday 8 June 2025 (UTC).
  it.each<[string, string, WeekendDay, string]>([
    ['Monday', '2025-06-02T08:00:00Z', 'saturday', '2025-06-07T10:00:00.000Z'],
    ['Monday', '2025-06-02T08:00:00Z', 'sunday', '2025-06-08T10:00:00.000Z'],
    ['Tuesday', '2025-06-03T23:59:00Z', 'saturday', '2025-06-07T10:00:00.000Z'],
    ['Tuesday', '2025-06-03T23:59:00Z', 'sunday', '2025-06-08T10:00:00.000Z'],
    ['Wednesday', '2025-06-04T12:00:00Z', 'saturday', '2025-06-07T10:00:00.000Z'],
    ['Wednesday', '2025-06-04T12:00:00Z', 'sunday', '2025-06-08T10:00:00.000Z'],
    ['Thursday', '2025-06-05T00:00:00Z', 'saturday', '2025-06-07T10:00:00.000Z'],
    ['Thursday', '2025-06-05T00:00:00Z', 'sunday', '2025-06-08T10:00:00.000Z'],
    ['Friday', '2025-06-06T20:00:00Z', 'saturday', '2025-06-07T10:00:00.000Z'],
    ['Friday', '2025-06-06T20:00:00Z', 'sunday', '2025-06-08T10:00:00.000Z'],
    // Today is Saturday: next week's Saturday, whether before or after 10:00.
    ['Saturday 09:00', '2025-06-07T09:00:00Z', 'saturday', '2025-06-14T10:00:00.000Z'],
    ['Saturday 10:00', '2025-06-07T10:00:00Z', 'saturday', '2025-06-14T10:00:00.000Z'],
    ['Saturday 11:00', '2025-06-07T11:00:00Z', 'saturday', '2025-06-14T10:00:00.000Z'],
    ['Saturday 09:00', '2025-06-07T09:00:00Z', 'sunday', '2025-06-08T10:00:00.000Z'],
    // Today is Sunday: next week's Sunday; Saturday is six days ahead.
    ['Sunday 09:00', '2025-06-08T09:00:00Z', 'sunday', '2025-06-15T10:00:00.000Z'],
    ['Sunday 11:00', '2025-06-08T11:00:00Z', 'sunday', '2025-06-15T10:00:00.000Z'],
    ['Sunday 23:59', '2025-06-08T23:59:00Z', 'saturday', '2025-06-14T10:00:00.000Z'],
  ])('%s → next %s at 10:00', (_label, now, day, expectedStart) => {
    const session = nextWeekendSession(day, utc(now));
    expect(session.start.toISOString()).toBe(expectedStart);
    expect(session.end.getTime() - session.start.getTime()).toBe(3 * 3_600_000);
  });

  it.each([
    [3, '2025-06-07T13:00:00.000Z'],
    [2.5, '2025-06-07T12:30:00.000Z'],
    [0.25, '2025-06-07T10:15:00.000Z'],
    [1.1, '2025-06-07T11:06:00.000Z'],
    [CUSTOM_EVENT_HOURS, '2025-06-07T12:00:00.000Z'],
  ])('ends after %s hours', (hours, expectedEnd) => {
    const session = nextWeekendSession('saturday', utc('2025-06-04T12:00:00Z'), { hours });
    expect(session.start.toISOString()).toBe('2025-06-07T10:00:00.000Z');
    expect(session.end.toISOString()).toBe(expectedEnd);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('rejects hours = %s', (hours) => {
    expect(() => nextWeekendSession('saturday', utc('2025-06-04T12:00:00Z'), { hours })).toThrow(RangeError);
  });

  it('rejects an invalid now and an unknown time zone', () => {
    expect(() => nextWeekendSession('saturday', new Date(Number.NaN))).toThrow(RangeError);
    expect(() => nextWeekendSession('saturday', utc('2025-06-04T12:00:00Z'), { timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });

  it('decides "today" in the given zone, not in UTC', () => {
    // Friday 23:30 UTC is already Saturday 00:30 in Lisbon (WEST, UTC+1).
    const now = utc('2025-06-06T23:30:00Z');
    expect(nextWeekendSession('saturday', now).start.toISOString()).toBe('2025-06-07T10:00:00.000Z');
    const lisbon = nextWeekendSession('saturday', now, { timeZone: 'Europe/Lisbon' });
    expect(wallClock(lisbon.start, 'Europe/Lisbon')).toBe('2025-06-14 10:00 Saturday');
    expect(lisbon.start.toISOString()).toBe('2025-06-14T09:00:00.000Z');
  });

  it('decides "today" far east of UTC too (Auckland is a day ahead)', () => {
    // Saturday 20:00 UTC is Sunday 08:00 in Auckland (NZST, UTC+12).
    const session = nextWeekendSession('sunday', utc('2025-06-07T20:00:00Z'), { timeZone: 'Pacific/Auckland' });
    expect(wallClock(session.start, 'Pacific/Auckland')).toBe('2025-06-15 10:00 Sunday');
  });

  describe('DST week in Europe/Lisbon: the start stays at 10:00 local', () => {
    const timeZone = 'Europe/Lisbon';
    // Clocks go forward on Sunday 30 March 2025 (WET → WEST) and back on Sunday 26 October 2025.
    it.each<[string, string, WeekendDay, string, string]>([
      ['spring, Saturday before the change', '2025-03-26T12:00:00Z', 'saturday', '2025-03-29T10:00:00.000Z', '2025-03-29 10:00 Saturday'],
      ['spring, Sunday of the change', '2025-03-26T12:00:00Z', 'sunday', '2025-03-30T09:00:00.000Z', '2025-03-30 10:00 Sunday'],
      ['autumn, Saturday before the change', '2025-10-22T12:00:00Z', 'saturday', '2025-10-25T09:00:00.000Z', '2025-10-25 10:00 Saturday'],
      ['autumn, Sunday of the change', '2025-10-22T12:00:00Z', 'sunday', '2025-10-26T10:00:00.000Z', '2025-10-26 10:00 Sunday'],
      [
        'spring, asked on the changing Sunday itself',
        '2025-03-30T00:30:00Z',
        'sunday',
        '2025-04-06T09:00:00.000Z',
        '2025-04-06 10:00 Sunday',
      ],
    ])('%s', (_label, now, day, expectedStart, expectedWallClock) => {
      const session = nextWeekendSession(day, utc(now), { timeZone });
      expect(session.start.toISOString()).toBe(expectedStart);
      expect(wallClock(session.start, timeZone)).toBe(expectedWallClock);
      // Duration is elapsed time: three real hours even on the day the clocks change.
      expect(session.end.getTime() - session.start.getTime()).toBe(3 * 3_600_000);
    });
  });

  it('handles a US DST weekend (America/New_York, 9 March 2025)', () => {
    const now = utc('2025-03-05T12:00:00Z');
    const saturday = nextWeekendSession('saturday', now, { timeZone: 'America/New_York' });
    const sunday = nextWeekendSession('sunday', now, { timeZone: 'America/New_York' });
    expect(saturday.start.toISOString()).toBe('2025-03-08T15:00:00.000Z'); // EST, UTC−5
    expect(sunday.start.toISOString()).toBe('2025-03-09T14:00:00.000Z'); // EDT, UTC−4
  });
});

describe('zonedDateTimeToUtc', () => {
  it.each<[string, [number, number, number, number, number], string, string]>([
    ['UTC', [2025, 6, 7, 10, 0], 'UTC', '2025-06-07T10:00:00.000Z'],
    ['Lisbon winter (WET, +0)', [2025, 1, 15, 10, 0], 'Europe/Lisbon', '2025-01-15T10:00:00.000Z'],
    ['Lisbon summer (WEST, +1)', [2025, 7, 15, 10, 0], 'Europe/Lisbon', '2025-07-15T09:00:00.000Z'],
    ['Azores winter (−1)', [2025, 1, 15, 10, 0], 'Atlantic/Azores', '2025-01-15T11:00:00.000Z'],
    ['half-hour offset (Kolkata +5:30)', [2025, 1, 15, 10, 0], 'Asia/Kolkata', '2025-01-15T04:30:00.000Z'],
    ['quarter-hour offset (Kathmandu +5:45)', [2025, 1, 15, 10, 0], 'Asia/Kathmandu', '2025-01-15T04:15:00.000Z'],
    ['negative half-hour (St Johns −3:30)', [2025, 1, 15, 10, 0], 'America/St_Johns', '2025-01-15T13:30:00.000Z'],
    ['southern summer (Sydney +11)', [2025, 1, 15, 10, 0], 'Australia/Sydney', '2025-01-14T23:00:00.000Z'],
    ['midnight crosses the date line back', [2025, 1, 1, 0, 0], 'Pacific/Auckland', '2024-12-31T11:00:00.000Z'],
    ['leap day', [2024, 2, 29, 23, 59], 'UTC', '2024-02-29T23:59:00.000Z'],
    ['year below 100 is not read as 19xx', [50, 6, 1, 10, 0], 'UTC', '0050-06-01T10:00:00.000Z'],
    // 01:00 → 02:00 on 30 March 2025: 01:30 does not exist and resolves to 02:30 WEST.
    ['spring-forward gap moves forward', [2025, 3, 30, 1, 30], 'Europe/Lisbon', '2025-03-30T01:30:00.000Z'],
    // 02:00 → 01:00 on 26 October 2025: 01:30 happens twice and resolves to the first (WEST).
    ['autumn overlap takes the earlier instant', [2025, 10, 26, 1, 30], 'Europe/Lisbon', '2025-10-26T00:30:00.000Z'],
    ['New York gap (02:30 on 9 March 2025)', [2025, 3, 9, 2, 30], 'America/New_York', '2025-03-09T07:30:00.000Z'],
  ])('%s', (_label, [y, m, d, h, min], timeZone, expected) => {
    expect(zonedDateTimeToUtc(y, m, d, h, min, timeZone).toISOString()).toBe(expected);
  });

  it('defaults to UTC', () => {
    expect(zonedDateTimeToUtc(2025, 6, 7, 10, 0).toISOString()).toBe('2025-06-07T10:00:00.000Z');
  });

  it.each<[string, [number, number, number, number, number]]>([
    ['month 0', [2025, 0, 1, 10, 0]],
    ['month 13', [2025, 13, 1, 10, 0]],
    ['30 February', [2025, 2, 30, 10, 0]],
    ['29 February in a common year', [2025, 2, 29, 10, 0]],
    ['hour 24', [2025, 6, 7, 24, 0]],
    ['minute 60', [2025, 6, 7, 10, 60]],
    ['fractional hour', [2025, 6, 7, 10.5, 0]],
  ])('rejects %s', (_label, [y, m, d, h, min]) => {
    expect(() => zonedDateTimeToUtc(y, m, d, h, min, 'UTC')).toThrow(RangeError);
  });

  it('rejects an unknown time zone', () => {
    expect(() => zonedDateTimeToUtc(2025, 6, 7, 10, 0, 'Europe/Atlantis')).toThrow(RangeError);
  });

  // Hours 0–3 hold every DST change of these zones (Chatham jumps 02:45 → 03:45), 10 is the
  // session hour and 23 catches date-line slips; every day of 2025 is covered.
  const hoursToCheck = [0, 1, 2, 3, 10, 23];
  it.each(['Europe/Lisbon', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Pacific/Chatham'])(
    'round-trips wall-clock times on every day of 2025 in %s',
    (timeZone) => {
      const mismatches: string[] = [];
      let gaps = 0;
      for (let day = Date.UTC(2025, 0, 1); day < Date.UTC(2026, 0, 1); day += 86_400_000) {
        for (const h of hoursToCheck) {
          const wall = new Date(day);
          const [y, m, d] = [wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate()];
          const instant = zonedDateTimeToUtc(y, m, d, h, 30, timeZone);
          const shown = wallClock(instant, timeZone).slice(0, 16);
          const wanted = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')} ${String(h).padStart(2, '0')}:30`;
          if (shown === wanted) continue;
          // Only a time skipped by a spring-forward gap may differ, and it must land later, within an hour.
          const lateBy = Date.parse(`${shown.replace(' ', 'T')}:00Z`) - Date.parse(`${wanted.replace(' ', 'T')}:00Z`);
          if (lateBy > 0 && lateBy <= 3_600_000) gaps += 1;
          else mismatches.push(`${wanted} → ${shown}`);
        }
      }
      expect(mismatches).toEqual([]);
      // Each of these zones skips at most one checked time a year (Kathmandu has no DST).
      expect(gaps).toBe(timeZone === 'Asia/Kathmandu' ? 0 : timeZone === 'Australia/Lord_Howe' ? 0 : 1);
    },
  );
});

describe('addZonedDays', () => {
  it('keeps the wall-clock time across DST (Lisbon)', () => {
    const saturday = utc('2025-03-29T10:00:00Z'); // 10:00 WET
    expect(addZonedDays(saturday, 1, 'Europe/Lisbon').toISOString()).toBe('2025-03-30T09:00:00.000Z');
    expect(addZonedDays(saturday, 1).toISOString()).toBe('2025-03-30T10:00:00.000Z');
  });

  it('keeps seconds and milliseconds, and goes backwards', () => {
    expect(addZonedDays(utc('2025-03-01T10:11:12.345Z'), -1, 'Europe/Lisbon').toISOString()).toBe('2025-02-28T10:11:12.345Z');
  });
});

describe('sessionForDay', () => {
  const saturdayTrail = {
    startTime: utc('2025-06-07T10:00:00Z'),
    endTime: utc('2025-06-07T13:00:00Z'),
    weekendDay: 'saturday' as const,
  };
  const sundayTrail = {
    startTime: utc('2025-06-08T09:30:00Z'),
    endTime: utc('2025-06-08T12:00:00Z'),
    weekendDay: 'sunday' as const,
  };

  it.each<[string, typeof saturdayTrail | typeof sundayTrail, WeekendDay, string, string]>([
    ['Saturday trail, Sunday chosen: one day later', saturdayTrail, 'sunday', '2025-06-08T10:00:00.000Z', '2025-06-08T13:00:00.000Z'],
    ['Saturday trail, Saturday chosen: unchanged', saturdayTrail, 'saturday', '2025-06-07T10:00:00.000Z', '2025-06-07T13:00:00.000Z'],
    [
      'Sunday trail, Saturday chosen: one day earlier, 2.5 h kept',
      sundayTrail,
      'saturday',
      '2025-06-07T09:30:00.000Z',
      '2025-06-07T12:00:00.000Z',
    ],
    ['Sunday trail, Sunday chosen: unchanged', sundayTrail, 'sunday', '2025-06-08T09:30:00.000Z', '2025-06-08T12:00:00.000Z'],
  ])('%s', (_label, trail, chosen, start, end) => {
    const session = sessionForDay(trail, chosen);
    expect(session.start.toISOString()).toBe(start);
    expect(session.end.toISOString()).toBe(end);
  });

  it('returns new Date objects and leaves the trail untouched', () => {
    const session = sessionForDay(saturdayTrail, 'saturday');
    expect(session.start).not.toBe(saturdayTrail.startTime);
    sessionForDay(saturdayTrail, 'sunday');
    expect(saturdayTrail.startTime.toISOString()).toBe('2025-06-07T10:00:00.000Z');
  });

  it('keeps 10:00 local on the Sunday the clocks go forward (Lisbon)', () => {
    const trail = {
      startTime: utc('2025-03-29T10:00:00Z'), // Saturday 10:00 WET
      endTime: utc('2025-03-29T13:00:00Z'),
      weekendDay: 'saturday' as const,
    };
    const sunday = sessionForDay(trail, 'sunday', { timeZone: 'Europe/Lisbon' });
    expect(wallClock(sunday.start, 'Europe/Lisbon')).toBe('2025-03-30 10:00 Sunday');
    expect(sunday.end.getTime() - sunday.start.getTime()).toBe(3 * 3_600_000);

    const back = sessionForDay({ startTime: sunday.start, endTime: sunday.end, weekendDay: 'sunday' }, 'saturday', {
      timeZone: 'Europe/Lisbon',
    });
    expect(back.start.toISOString()).toBe(trail.startTime.toISOString());
    expect(back.end.toISOString()).toBe(trail.endTime.toISOString());
  });

  it('rejects a session that ends before it starts', () => {
    expect(() =>
      sessionForDay({ startTime: saturdayTrail.endTime, endTime: saturdayTrail.startTime, weekendDay: 'saturday' }, 'sunday'),
    ).toThrow(RangeError);
  });
});

describe('recurrenceOf', () => {
  it('is the same session 7 days later', () => {
    const next = recurrenceOf({ start: utc('2025-06-07T10:00:00Z'), end: utc('2025-06-07T12:30:00Z') });
    expect(next.start.toISOString()).toBe('2025-06-14T10:00:00.000Z');
    expect(next.end.toISOString()).toBe('2025-06-14T12:30:00.000Z');
  });

  it('crosses a month and a year end', () => {
    const next = recurrenceOf({ start: utc('2025-12-28T10:00:00Z'), end: utc('2025-12-28T13:00:00Z') });
    expect(next.start.toISOString()).toBe('2026-01-04T10:00:00.000Z');
  });

  it('stays at 10:00 Lisbon time across both DST changes, week after week', () => {
    const timeZone = 'Europe/Lisbon';
    let session = nextWeekendSession('saturday', utc('2025-03-20T12:00:00Z'), { timeZone });
    const starts: string[] = [];
    // Saturday 22 March (WET) through 31 weekly copies to 25 October (still WEST), then one
    // more past the October change back to WET.
    for (let week = 0; week < 31; week += 1) {
      starts.push(wallClock(session.start, timeZone).slice(11));
      expect(session.end.getTime() - session.start.getTime()).toBe(3 * 3_600_000);
      session = recurrenceOf(session, { timeZone });
    }
    expect(new Set(starts)).toEqual(new Set(['10:00 Saturday']));
    expect(wallClock(session.start, timeZone).slice(0, 10)).toBe('2025-10-25');
    expect(recurrenceOf(session, { timeZone }).start.toISOString()).toBe('2025-11-01T10:00:00.000Z');
  });
});

describe('formatHours', () => {
  it.each([
    [3, '3.0'],
    [2.5, '2.5'],
    [10, '10.0'],
    [0, '0.0'],
    [1.04, '1.0'],
    [1.05, '1.1'],
    [0.15, '0.2'],
    [2.35, '2.4'],
    [-0.01, '0.0'],
  ])('formatHours(%s) is "%s"', (hours, expected) => {
    expect(formatHours(hours)).toBe(expected);
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY])('rejects %s', (hours) => {
    expect(() => formatHours(hours)).toThrow(RangeError);
  });
});
