import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, formatTimeRange, INVALID_DATE, INVALID_TIME, toDate, UNKNOWN_DATE } from './date-format';

// Intl separates its parts with narrow and thin no-break spaces; compare the words.
const plain = (text: string) => text.replace(/[\u202f\u2009\u00a0]/g, ' ');

const US = { locale: 'en-US', timeZone: 'UTC', now: new Date('2026-06-01T00:00:00Z') };
const GB_LISBON = { locale: 'en-GB', timeZone: 'Europe/Lisbon', now: new Date('2026-06-01T00:00:00Z') };
const SAT_10 = '2026-06-13T10:00:00.000Z';
const SAT_13_30 = '2026-06-13T13:30:00.000Z';

describe('toDate', () => {
  it('tells a missing value (undefined) from an unreadable one (null)', () => {
    expect(toDate(undefined)).toBeUndefined();
    expect(toDate(null)).toBeUndefined();
    expect(toDate('')).toBeUndefined();
    expect(toDate('next saturday')).toBeNull();
    expect(toDate(new Date(Number.NaN))).toBeNull();
    expect(toDate(SAT_10)?.toISOString()).toBe(SAT_10);
  });
});

describe('formatDate', () => {
  it('writes the day in the three styles, in the given locale and zone', () => {
    expect(formatDate(SAT_10, 'long', US)).toBe('Saturday, June 13');
    expect(formatDate(SAT_10, 'short', US)).toBe('Sat, Jun 13');
    expect(formatDate(SAT_10, 'dayMonth', US)).toBe('June 13');
    expect(formatDate(SAT_10, 'long', GB_LISBON)).toBe('Saturday 13 June');
  });

  it('places the day in the time zone it is shown in', () => {
    const lateSaturdayUtc = '2026-06-13T23:30:00.000Z';
    expect(formatDate(lateSaturdayUtc, 'short', US)).toBe('Sat, Jun 13');
    expect(formatDate(lateSaturdayUtc, 'short', GB_LISBON)).toBe('Sun 14 Jun');
  });

  it('adds the year only when it is not the current one', () => {
    expect(formatDate('2025-06-14T10:00:00Z', 'short', US)).toBe('Sat, Jun 14, 2025');
    expect(formatDate('2027-01-02T10:00:00Z', 'long', US)).toBe('Saturday, January 2, 2027');
    expect(formatDate(SAT_10, 'long', { ...US, now: new Date('2026-12-31T12:00:00Z') })).toBe('Saturday, June 13');
  });

  it('gives product §8’s fallbacks', () => {
    expect(formatDate(undefined)).toBe(UNKNOWN_DATE);
    expect(formatDate(null, 'short')).toBe('Unknown Date');
    expect(formatDate('garbage')).toBe(INVALID_DATE);
    expect(formatDate('garbage')).toBe('Invalid date');
  });
});

describe('formatTime and formatTimeRange', () => {
  it('writes the product’s one clock form, 24-hour and two-digit, whatever the locale (issue 23)', () => {
    // en-US wrote "10:00 AM" for one time and "10:00 AM – 1:30 PM" for a range, en-GB "11:00–14:30".
    for (const locale of ['en-US', 'en-GB', 'pt-PT', 'fr-FR', 'ar-EG', undefined]) {
      expect(formatTime(SAT_10, { locale, timeZone: 'UTC' })).toBe('10:00');
      expect(formatTime(SAT_13_30, { locale, timeZone: 'UTC' })).toBe('13:30');
      expect(formatTimeRange(SAT_10, SAT_13_30, { locale, timeZone: 'UTC' })).toBe('10:00–13:30');
    }
    expect(formatTime('2026-06-13T16:30:00Z', US)).toBe('16:30');
    expect(formatTimeRange(SAT_10, SAT_13_30, GB_LISBON)).toBe('11:00–14:30');
  });

  it('reads the clock in the zone it is shown in, midnight as 00:00 and early hours with their zero', () => {
    expect(formatTime('2026-06-13T23:00:00Z', GB_LISBON)).toBe('00:00');
    expect(formatTime('2026-06-13T08:05:00Z', US)).toBe('08:05');
    expect(formatTimeRange('2026-06-13T22:00:00Z', '2026-06-14T01:00:00Z', US)).toBe('22:00–01:00');
  });

  it('falls back to the start when the end is missing or before it, and to "Invalid time" without a start', () => {
    expect(formatTimeRange(SAT_10, null, GB_LISBON)).toBe('11:00');
    expect(formatTimeRange(SAT_13_30, SAT_10, GB_LISBON)).toBe('14:30');
    expect(formatTimeRange(SAT_10, 'garbage', GB_LISBON)).toBe('11:00');
    expect(formatTimeRange('garbage', SAT_13_30)).toBe(INVALID_TIME);
    expect(formatTimeRange(undefined, SAT_13_30)).toBe('Invalid time');
    expect(formatTime(null)).toBe('Invalid time');
  });
});

describe('formatDateTime', () => {
  it('joins the short day and the start time', () => {
    expect(plain(formatDateTime(SAT_10, GB_LISBON))).toBe('Sat 13 Jun, 11:00');
    expect(formatDateTime(undefined)).toBe(UNKNOWN_DATE);
    expect(formatDateTime('garbage')).toBe(INVALID_DATE);
  });
});

describe('plainSpaces', () => {
  it('writes plain spaces where ICU puts thin or narrow no-break ones, so two runtimes write the same text', () => {
    const US_LISBON = { locale: 'en-US', timeZone: 'Europe/Lisbon', now: new Date(SAT_10) };
    expect(formatDate(SAT_10, 'short', { ...US_LISBON, plainSpaces: true })).not.toMatch(/[\u2009\u202f]/);
    // Clock readings have no spaces at all, with or without it.
    expect(formatDateTime(SAT_10, { ...US_LISBON, plainSpaces: true })).toBe('Sat, Jun 13, 11:00');
    expect(formatTimeRange(SAT_10, SAT_13_30, US_LISBON)).toBe('11:00–14:30');
  });
});
