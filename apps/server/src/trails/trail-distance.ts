import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { TrailListQuery } from '@trailbuddy/shared/contracts/trail';
import { locationPoint } from '@trailbuddy/shared/data/city-points';
import { EARTH_RADIUS_METERS, type LatLng } from '@trailbuddy/shared/domain/distance';
import { trails } from '../db/schema/index.js';
import { invalidField } from '../errors.js';

/** Farther than any two points on Earth: where a trail without a trailhead sorts. */
export const NO_TRAILHEAD_METERS = 1e9;

/**
 * The haversine distance in metres between a point held in two SQL columns (degrees) and a fixed
 * point: packages/shared's distanceMeters written again in SQL, so that the database orders, pages
 * and bands by it (a db test holds the two to the same figures). Null when the columns are.
 */
export function haversineMeters(latitude: SQL, longitude: SQL, to: LatLng): SQL<number> {
  const lat = sql`radians(${latitude})`;
  const lat0 = sql`radians(${to.latitude}::float8)`;
  const dLat = sql`(${lat} - ${lat0})`;
  const dLng = sql`radians(${longitude} - ${to.longitude}::float8)`;
  const h = sql`power(sin(${dLat} / 2), 2) + cos(${lat0}) * cos(${lat}) * power(sin(${dLng} / 2), 2)`;
  return sql<number>`(2 * ${EARTH_RADIUS_METERS}::float8 * asin(least(1, sqrt(${h}))))`;
}

/**
 * The distance in metres from a point to each trail's trailhead, for the trail list's distance
 * order; trails without a trailhead get NO_TRAILHEAD_METERS.
 */
export function distanceOrder(from: LatLng): SQL<number> {
  return sql<number>`coalesce(${haversineMeters(sql`${trails.trailheadLatitude}`, sql`${trails.trailheadLongitude}`, from)}, ${NO_TRAILHEAD_METERS}::float8)`;
}

/**
 * Whether a home point (two SQL columns, null when unknown) lies within `maxTravelKm` of a
 * trailhead as a card rounds it: trailheadDistance's `!beyond` with a known distance, in SQL.
 * Math.round(km) ≤ max exactly when km < max + 0.5. An unknown home is never within.
 */
export function withinTravel(latitude: SQL, longitude: SQL, trailhead: LatLng, maxTravelKm: number): SQL<boolean> {
  const meters = (maxTravelKm + 0.5) * 1000;
  // A great circle is never shorter than its north-south part (haversine ≥ R·|Δφ|), so a home
  // outside this band of latitudes is not within: two comparisons spare the trigonometry for
  // most rows (ADR 0068). The margin (about 1 cm) keeps float rounding from ever excluding a
  // point the haversine itself would take; the answer is the haversine's alone.
  const reach = (meters / EARTH_RADIUS_METERS) * (180 / Math.PI) + 1e-7;
  return sql<boolean>`(${latitude} IS NOT NULL
    AND ${latitude} BETWEEN ${trailhead.latitude - reach}::float8 AND ${trailhead.latitude + reach}::float8
    AND ${haversineMeters(latitude, longitude, trailhead)} < ${meters}::float8)`;
}

/** The distance order's cursor: the last row's distance, then the list's own key (order, start micros, id). */
export const trailDistanceCursor = z.tuple([
  z.number().min(0).max(NO_TRAILHEAD_METERS),
  z
    .number()
    .int()
    .min(-(2 ** 31))
    .max(2 ** 31 - 1),
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  z.uuid(),
]);

/** The point a distance-ordered list is measured from: one of the profile's cities; undefined for the list's own order. */
export function resolveOrigin(query: Pick<TrailListQuery, 'sort' | 'from'>): LatLng | undefined {
  if (query.sort !== 'distance') {
    if (query.from !== undefined) throw invalidField('from', 'From goes with sort=distance.');
    return undefined;
  }
  if (query.from === undefined) throw invalidField('from', 'Say where from: a city of the profile’s list, as "City, Country".');
  const origin = locationPoint(query.from);
  if (!origin) throw invalidField('from', 'From must be a city of the profile’s list, as "City, Country".');
  return origin;
}
