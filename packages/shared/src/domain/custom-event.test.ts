import { describe, expect, it } from 'vitest';
import {
  CUSTOM_EVENT_HOURS,
  CUSTOM_EVENT_INVALID_MESSAGE,
  CUSTOM_EVENT_PAST_MESSAGE,
  customEventSession,
  validateCustomEventStart,
  zonedDateKey,
} from './schedule';

// Tests for the custom-event and date-key additions to schedule.ts, kept apart from the existing
// schedule.test.ts so concurrent edits to that file do not collide.

describe('customEventSession', () => {
  it.each([
    ['2025-06-21T10:00:00.000Z', '2025-06-21T12:00:00.000Z'],
    ['2025-06-21T23:30:00.000Z', '2025-06-22T01:30:00.000Z'],
    // Lisbon's DST change (01:00 UTC, 2025-03-30): still two hours of elapsed time
    ['2025-03-30T00:30:00.000Z', '2025-03-30T02:30:00.000Z'],
    ['2025-06-21T10:00:00.123Z', '2025-06-21T12:00:00.123Z'],
  ])('starting %s ends %s', (start, end) => {
    const session = customEventSession(new Date(start));
    expect(session.start.toISOString()).toBe(start);
    expect(session.end.toISOString()).toBe(end);
    expect(session.end.getTime() - session.start.getTime()).toBe(CUSTOM_EVENT_HOURS * 3_600_000);
  });

  it('lasts the trail’s own duration when it is given (issue 23), two hours when it is not usable', () => {
    const start = new Date('2025-06-21T10:00:00.000Z');
    expect(customEventSession(start, 4.5).end.toISOString()).toBe('2025-06-21T14:30:00.000Z');
    expect(customEventSession(start, 0).end.toISOString()).toBe('2025-06-21T12:00:00.000Z');
  });

  it('rejects an invalid date', () => {
    expect(() => customEventSession(new Date('nope'))).toThrow(RangeError);
  });
});

describe('validateCustomEventStart', () => {
  const now = new Date('2025-06-18T12:00:00Z');
  it.each<[string, Date, string | null]>([
    ['a minute ahead', new Date('2025-06-18T12:01:00Z'), null],
    ['a millisecond ahead', new Date(now.getTime() + 1), null],
    ['next month', new Date('2025-07-18T12:00:00Z'), null],
    ['exactly now', new Date(now.getTime()), CUSTOM_EVENT_PAST_MESSAGE],
    ['a millisecond ago', new Date(now.getTime() - 1), CUSTOM_EVENT_PAST_MESSAGE],
    ['yesterday', new Date('2025-06-17T12:00:00Z'), CUSTOM_EVENT_PAST_MESSAGE],
    ['an invalid date', new Date('not a date'), CUSTOM_EVENT_INVALID_MESSAGE],
  ])('%s → %s', (_label, start, expected) => {
    expect(validateCustomEventStart(start, now)).toBe(expected);
  });

  it('messages are for people', () => {
    expect(CUSTOM_EVENT_PAST_MESSAGE).toBe('Choose a date and time in the future.');
    expect(CUSTOM_EVENT_INVALID_MESSAGE).toBe('Choose a valid date and time.');
  });

  it('an invalid `now` is a programming error, not user input', () => {
    expect(() => validateCustomEventStart(new Date(), new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('zonedDateKey', () => {
  it.each([
    ['2025-06-21T23:30:00Z', 'UTC', '2025-06-21'],
    ['2025-06-21T23:30:00Z', 'Europe/Lisbon', '2025-06-22'],
    ['2025-06-21T02:00:00Z', 'America/Los_Angeles', '2025-06-20'],
    ['2025-01-01T00:00:00Z', 'Pacific/Kiritimati', '2025-01-01'],
    ['2024-12-31T23:59:59Z', 'Asia/Tokyo', '2025-01-01'],
    ['2025-03-09T09:59:59Z', 'America/New_York', '2025-03-09'],
    ['0099-05-04T12:00:00Z', 'UTC', '0099-05-04'],
  ])('%s in %s → %s', (iso, zone, expected) => {
    expect(zonedDateKey(new Date(iso), zone)).toBe(expected);
  });

  it('defaults to UTC', () => {
    expect(zonedDateKey(new Date('2025-06-21T23:30:00Z'))).toBe('2025-06-21');
  });

  it('throws on an unknown zone', () => {
    expect(() => zonedDateKey(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});
