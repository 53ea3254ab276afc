import { describe, expect, it } from 'vitest';
import { distanceMeters } from './distance';
import {
  ELEVATION_THRESHOLD_METERS,
  PROFILE_MAX_POINTS,
  climbAndDescent,
  downsampleProfile,
  effortKm,
  routeFacts,
  suggestDifficulty,
  type RoutePoint,
} from './route-facts';

/** Points due north from a start, `step` metres apart, with the given elevations. */
function northward(elevations: readonly (number | null)[], step = 100): RoutePoint[] {
  const metersPerDegree = 111_195;
  return elevations.map((elevation, i) => ({ latitude: 38.8 + (i * step) / metersPerDegree, longitude: -9.4, elevation }));
}

describe('climbAndDescent', () => {
  it('counts a clean climb and descent whole', () => {
    expect(climbAndDescent([100, 150, 200, 150, 100])).toEqual({ gain: 100, loss: 100 });
  });

  it('ignores jitter inside the threshold, which a plain sum would count', () => {
    const jitter = Array.from({ length: 200 }, (_, i) => 100 + (i % 2 === 0 ? 0 : ELEVATION_THRESHOLD_METERS - 1));
    const naive = jitter.slice(1).reduce((sum, e, i) => sum + Math.max(0, e - jitter[i]!), 0);
    expect(naive).toBeGreaterThan(300);
    expect(climbAndDescent(jitter)).toEqual({ gain: 0, loss: 0 });
  });

  it('keeps a slow steady climb made of steps smaller than the threshold', () => {
    const ramp = Array.from({ length: 101 }, (_, i) => 100 + i * 2);
    // All but the last step inside the band: short of the truth by less than the threshold.
    expect(climbAndDescent(ramp).gain).toBe(198);
    expect(climbAndDescent(ramp).loss).toBe(0);
  });

  it('leaves out a last step inside the band, and counts a change once it leaves the band', () => {
    expect(climbAndDescent([100, 110, 113])).toEqual({ gain: 10, loss: 0 });
    expect(climbAndDescent([100, 104, 96, 104, 120, 114])).toEqual({ gain: 20, loss: 6 });
    expect(climbAndDescent([])).toEqual({ gain: 0, loss: 0 });
  });
});

describe('routeFacts', () => {
  it('measures length, gain, loss, highest and lowest points', () => {
    const points = northward([50, 100, 250, 400, 300, 120]);
    const facts = routeFacts(points)!;
    expect(facts.distanceMeters).toBeCloseTo(500, -1);
    expect(facts.elevationGainMeters).toBe(350);
    expect(facts.elevationLossMeters).toBe(280);
    expect(facts.highestPointMeters).toBe(400);
    expect(facts.lowestPointMeters).toBe(50);
    expect(facts.profile[0]).toEqual([0, 50]);
    expect(facts.profile.at(-1)![1]).toBe(120);
  });

  it('counts the distance of points without an elevation, and the elevation of the rest', () => {
    const facts = routeFacts(northward([100, null, null, 160]))!;
    expect(facts.distanceMeters).toBeCloseTo(300, -1);
    expect(facts.elevationGainMeters).toBe(60);
    expect(facts.profile).toHaveLength(2);
    expect(facts.profile[1]![0]).toBeCloseTo(300, -1);
  });

  it('says nothing for a route without two elevations', () => {
    expect(routeFacts(northward([null, null, 100]))).toBeUndefined();
    expect(routeFacts([])).toBeUndefined();
  });

  it('sums the haversine distance of every leg', () => {
    const points: RoutePoint[] = [
      { latitude: 38.79, longitude: -9.39, elevation: 1 },
      { latitude: 38.8, longitude: -9.38, elevation: 2 },
      { latitude: 38.82, longitude: -9.4, elevation: 3 },
    ];
    expect(routeFacts(points)!.distanceMeters).toBe(
      Math.round(distanceMeters(points[0]!, points[1]!) + distanceMeters(points[1]!, points[2]!)),
    );
  });
});

describe('downsampleProfile', () => {
  it('keeps a short series as it is, rounded to decimetres', () => {
    expect(
      downsampleProfile([
        [0, 10.04],
        [55.55, 12],
      ]),
    ).toEqual([
      [0, 10],
      [55.6, 12],
    ]);
  });

  it('resamples a long series to evenly spaced points, ends included, interpolating between points', () => {
    const series = Array.from({ length: 5000 }, (_, i) => [i * 3, i % 1000] as const);
    const out = downsampleProfile(series);
    expect(out).toHaveLength(PROFILE_MAX_POINTS);
    expect(out[0]).toEqual([0, 0]);
    expect(out.at(-1)).toEqual([14_997, 999]);
    const steps = out.slice(1).map(([d], i) => d - out[i]![0]);
    for (const step of steps) expect(step).toBeCloseTo(14_997 / (PROFILE_MAX_POINTS - 1), 0);
    // Halfway along, 4.5 m, lies between the points at 3 m and 6 m: elevation 1.5.
    expect(
      downsampleProfile(
        [
          [0, 0],
          [3, 1],
          [6, 2],
          [9, 3],
        ],
        3,
      )[1],
    ).toEqual([4.5, 1.5]);
  });
});

describe('suggestDifficulty', () => {
  it.each([
    // [km, gain m, activity, effort km, difficulty]
    [5, 150, 'hiking', 6.5, 'Easy'],
    [8, 250, 'hiking', 10.5, 'Moderate'],
    [6, 500, 'hiking', 11, 'Moderate'],
    [14, 700, 'hiking', 21, 'Challenging'],
    [12, 900, 'running', 21, 'Challenging'],
    [30, 200, 'biking', 12, 'Moderate'],
    [24, 100, 'biking', 9, 'Easy'],
    [45, 1200, 'biking', 27, 'Challenging'],
  ] as const)('%d km with %d m of climbing on %s: %d effort km, %s', (km, gain, activity, effort, difficulty) => {
    const facts = { distanceMeters: km * 1000, elevationGainMeters: gain };
    expect(effortKm(facts, activity)).toBeCloseTo(effort, 6);
    expect(suggestDifficulty(facts, activity)).toBe(difficulty);
  });

  it('takes the thresholds as the lower bounds of their class', () => {
    expect(suggestDifficulty({ distanceMeters: 9_999, elevationGainMeters: 0 }, 'hiking')).toBe('Easy');
    expect(suggestDifficulty({ distanceMeters: 10_000, elevationGainMeters: 0 }, 'hiking')).toBe('Moderate');
    expect(suggestDifficulty({ distanceMeters: 10_000, elevationGainMeters: 1000 }, 'hiking')).toBe('Challenging');
  });
});
