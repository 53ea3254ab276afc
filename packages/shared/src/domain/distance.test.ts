import { describe, expect, it } from 'vitest';
import { distanceKm, distanceMeters, formatDistance, isLatLng, nearestOf, trailheadDistance, trailheadDistanceText } from './distance';

const lisbon = { latitude: 38.71667, longitude: -9.13333 };
const porto = { latitude: 41.14961, longitude: -8.61099 };
const london = { latitude: 51.50853, longitude: -0.12574 };
const sydney = { latitude: -33.86785, longitude: 151.20732 };

describe('distanceMeters', () => {
  it('is zero from a point to itself and the same both ways', () => {
    expect(distanceMeters(lisbon, lisbon)).toBe(0);
    expect(distanceMeters(lisbon, porto)).toBeCloseTo(distanceMeters(porto, lisbon), 6);
  });

  it('gives the known great-circle distances within 0.5%', () => {
    // Reference figures: the WGS 84 ellipsoid's geodesic (Vincenty) between the same points.
    expect(distanceKm(lisbon, porto)).toBeGreaterThan(274 * 0.995);
    expect(distanceKm(lisbon, porto)).toBeLessThan(274 * 1.005);
    expect(distanceKm(lisbon, london)).toBeGreaterThan(1585 * 0.995);
    expect(distanceKm(lisbon, london)).toBeLessThan(1585 * 1.005);
  });

  it('measures one degree of latitude as about 111.2 km, and a degree of longitude shrinking with latitude', () => {
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -1);
    expect(distanceMeters({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 1 })).toBeCloseTo(55_597, -2);
  });

  it('crosses the antimeridian the short way and stays finite for antipodes', () => {
    expect(distanceKm({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 })).toBeCloseTo(111.2, 0);
    expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(20_015, 0);
    expect(distanceKm(lisbon, sydney)).toBeGreaterThan(18_000);
  });

  it('is precise over a few metres, as between route points', () => {
    const a = { latitude: 38.8, longitude: -9.4 };
    const b = { latitude: 38.8 + 5 / 111_195, longitude: -9.4 };
    expect(distanceMeters(a, b)).toBeCloseTo(5, 3);
  });
});

describe('isLatLng', () => {
  it.each([
    [{ latitude: 38.7, longitude: -9.1 }, true],
    [{ latitude: 90, longitude: 180 }, true],
    [{ latitude: 91, longitude: 0 }, false],
    [{ latitude: 0, longitude: -180.1 }, false],
    [{ latitude: Number.NaN, longitude: 0 }, false],
    [{ latitude: 1 }, false],
    [null, false],
  ])('%j → %s', (point, expected) => {
    expect(isLatLng(point)).toBe(expected);
  });
});

describe('formatDistance', () => {
  it.each([
    [0, '0 m'],
    [847, '850 m'],
    [1000, '1 km'],
    [4_260, '4.3 km'],
    [12_400, '12 km'],
    [1_585_000, '1,585 km'],
  ])('%d m → %s', (meters, text) => {
    expect(formatDistance(meters)).toBe(text);
  });
});

describe('distance to a trailhead on Best Matches (issue 24)', () => {
  it('rounds to kilometres and marks a home beyond the travel distance', () => {
    expect(trailheadDistance(lisbon, porto, 150)).toEqual({ km: 274, beyond: true });
    expect(trailheadDistance(lisbon, porto, 300)).toEqual({ km: 274, beyond: false });
    expect(trailheadDistance(undefined, porto, 150)).toEqual({ km: null, beyond: false });
  });

  it('says it in a few words, and nothing when there is no distance', () => {
    expect(trailheadDistanceText({ km: 12, beyond: false })).toBe('12 km from the trailhead');
    expect(trailheadDistanceText({ km: 1585, beyond: true })).toBe('1,585 km from the trailhead, farther than you travel');
    expect(trailheadDistanceText({ km: null, beyond: false })).toBeNull();
  });
});

describe('a hike’s distance (ADR 0068)', () => {
  it('is its nearest known person’s, beyond only when that one is', () => {
    expect(
      nearestOf([
        { km: 1585, beyond: true },
        { km: 22, beyond: false },
        { km: null, beyond: false },
      ]),
    ).toEqual({ km: 22, beyond: false });
    expect(
      nearestOf([
        { km: 1585, beyond: true },
        { km: 300, beyond: true },
      ]),
    ).toEqual({ km: 300, beyond: true });
    expect(nearestOf([{ km: null, beyond: false }])).toEqual({ km: null, beyond: false });
    expect(nearestOf([])).toEqual({ km: null, beyond: false });
  });
});
