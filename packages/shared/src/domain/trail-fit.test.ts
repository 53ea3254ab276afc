import { describe, expect, it } from 'vitest';
import type { MeasuredAbility } from '../contracts/ability';
import { fitSentences, formatEstimate, movingTimeSeconds, trailFit } from './trail-fit';

const hiker: MeasuredAbility = {
  activity: 'hiking',
  activityCount: 14,
  flatPaceSecondsPerKm: 720,
  climbRateMetersPerHour: 400,
  longestDistanceMeters: 16_000,
  largestElevationGainMeters: 900,
  updatedAt: '2026-11-20T10:00:00.000Z',
};
const route = { distanceMeters: 12_000, elevationGainMeters: 600 };

describe('movingTimeSeconds', () => {
  it('adds the flat time at the member’s pace and the climbing time at their rate', () => {
    // 12 km × 12 min = 2 h 24; 600 m at 400 m/h = 1 h 30.
    expect(movingTimeSeconds(route, hiker)).toBe(12 * 720 + 1.5 * 3600);
  });

  it('without a climbing rate, weighs a metre of ascent as Naismith does (600 m = 5 km)', () => {
    expect(movingTimeSeconds(route, { ...hiker, climbRateMetersPerHour: null })).toBeCloseTo(12 * 720 + 5 * 720, 6);
  });

  it('gives no estimate without a flat pace', () => {
    expect(movingTimeSeconds(route, { ...hiker, flatPaceSecondsPerKm: null })).toBeNull();
  });
});

describe('trailFit', () => {
  it('is within what the member has done when shorter and lower than their best', () => {
    const fit = trailFit(route, 'hiking', [hiker])!;
    expect(fit).toMatchObject({ longerThanEver: false, moreClimbingThanEver: false });
    expect(fitSentences(fit)).toEqual(['Within what you have done in the last year.', 'About 3 h 55 at your pace.']);
  });

  it('says when the trail is longer or climbs more than anything of the last year', () => {
    const fit = trailFit({ distanceMeters: 21_000, elevationGainMeters: 1_100 }, 'hiking', [hiker])!;
    expect(fitSentences(fit).slice(0, 2)).toEqual([
      'Longer than anything you did in the last year.',
      'More climbing than anything you did in the last year.',
    ]);
  });

  it('uses the ability of the trail’s own activity, and none when the member has none for it', () => {
    const runner: MeasuredAbility = { ...hiker, activity: 'running', flatPaceSecondsPerKm: 330, longestDistanceMeters: 30_000 };
    expect(trailFit(route, 'running', [hiker, runner])!.estimateSeconds).toBe(12 * 330 + 1.5 * 3600);
    expect(trailFit(route, 'biking', [hiker, runner])).toBeUndefined();
    expect(trailFit(route, 'hiking', [{ ...hiker, activityCount: 0 }])).toBeUndefined();
    expect(trailFit(null, 'hiking', [hiker])).toBeUndefined();
  });
});

describe('formatEstimate', () => {
  it.each([
    [60, '5 min'],
    [45 * 60, '45 min'],
    [3600, '1 h'],
    [3 * 3600 + 38 * 60, '3 h 40'],
    [2 * 3600 + 4 * 60, '2 h 05'],
  ])('%d s → %s', (seconds, text) => {
    expect(formatEstimate(seconds)).toBe(text);
  });
});
