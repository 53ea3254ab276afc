import { z } from 'zod';
import { DIFFICULTIES } from './enums';

/**
 * A trail's trailhead and route (issue 24 "Trail facts and fit", ADR 0057). The trail list
 * carries the trailhead and the route's facts (a few numbers per trail); the elevation profile
 * comes with GET /api/trails/:id/route, for the trail page alone.
 */
export const trailheadSchema = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});
export type Trailhead = z.infer<typeof trailheadSchema>;

export const routeSummarySchema = z.object({
  distanceMeters: z.number().int().nonnegative(),
  elevationGainMeters: z.number().int().nonnegative(),
  elevationLossMeters: z.number().int().nonnegative(),
  highestPointMeters: z.number().int(),
  lowestPointMeters: z.number().int(),
});
export type RouteSummary = z.infer<typeof routeSummarySchema>;

/** GET /api/trails/:id/route and the answer of an upload. */
export const trailRouteSchema = routeSummarySchema.extend({
  /** [metres along the route, metres above sea level], evenly spaced, at most 200 points. */
  profile: z.array(z.tuple([z.number(), z.number()])),
  /** What the route's length and climbing suggest (packages/shared/src/domain/route-facts.ts). */
  suggestedDifficulty: z.enum(DIFFICULTIES),
});
export type TrailRoute = z.infer<typeof trailRouteSchema>;

/** The largest GPX file an administrator may upload for a trail's route. */
export const ROUTE_FILE_MAX_BYTES = 5 * 1024 * 1024;
/** The most track points a route may have (a day's walk logged every second is about 30,000). */
export const ROUTE_MAX_POINTS = 100_000;

const coordinate = (label: string, limit: number) =>
  z.coerce
    .number<unknown>({ error: `${label} must be a number.` })
    .min(-limit, `${label} must be between -${limit} and ${limit}.`)
    .max(limit, `${label} must be between -${limit} and ${limit}.`);

/** `PUT /api/trails/:id/trailhead`'s body: where the trail starts. */
export const setTrailheadSchema = z.object({
  latitude: coordinate('Latitude', 90),
  longitude: coordinate('Longitude', 180),
});
export type SetTrailheadInput = z.infer<typeof setTrailheadSchema>;

/** GET /api/trails's distance order: from one of the profile's cities, as "City, Country". */
export const TRAIL_SORTS = ['order', 'distance'] as const;
export type TrailSort = (typeof TRAIL_SORTS)[number];
