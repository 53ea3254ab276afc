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
 * The haversine distance in metres from a point to each trail's trailhead, in SQL, so that the
 * database orders and pages by it. It is packages/shared's distanceMeters written again (a db
 * test holds the two to the same figures); trails without a trailhead get NO_TRAILHEAD_METERS.
 */
export function distanceOrder(from: LatLng): SQL<number> {
  const lat = sql`radians(${trails.trailheadLatitude})`;
  const lat0 = sql`radians(${from.latitude}::float8)`;
  const dLat = sql`(${lat} - ${lat0})`;
  const dLng = sql`radians(${trails.trailheadLongitude} - ${from.longitude}::float8)`;
  const h = sql`power(sin(${dLat} / 2), 2) + cos(${lat0}) * cos(${lat}) * power(sin(${dLng} / 2), 2)`;
  return sql<number>`coalesce(2 * ${EARTH_RADIUS_METERS}::float8 * asin(least(1, sqrt(${h}))), ${NO_TRAILHEAD_METERS}::float8)`;
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
