/**
 * What a trail's route says about it (issue 24 "Trail facts and fit", ADR 0057): its length,
 * climbing and descent, highest point and an elevation profile small enough to ship with the
 * trail, and the difficulty those suggest. Pure: the server parses the GPX file into points and
 * calls these.
 */
import type { Activity, Difficulty } from '../contracts/enums';
import { distanceMeters, type LatLng } from './distance';

export interface RoutePoint extends LatLng {
  /** Metres above sea level; null where the file gives none for this point. */
  readonly elevation: number | null;
}

/** One point of the elevation profile: metres along the route, metres above sea level. */
export type ProfilePoint = readonly [distanceMeters: number, elevationMeters: number];

export interface RouteFacts {
  readonly distanceMeters: number;
  readonly elevationGainMeters: number;
  readonly elevationLossMeters: number;
  readonly highestPointMeters: number;
  readonly lowestPointMeters: number;
  /** Evenly spaced along the route, first and last point included, at most PROFILE_MAX_POINTS. */
  readonly profile: readonly ProfilePoint[];
}

/**
 * GPS and barometric elevations jitter by a few metres from point to point; summing every
 * wiggle counts climbing that never happened (a flat promenade "gains" hundreds of metres). A
 * change counts only once the elevation has moved this far from the last counted level, in one
 * direction (a dead band, or hysteresis): 5 m removes the jitter of a consumer GPS and keeps
 * every real climb, as the elevation figures of the usual route planners do.
 */
export const ELEVATION_THRESHOLD_METERS = 5;

export const PROFILE_MAX_POINTS = 200;

/** Gain and loss of a series of elevations, counted through the threshold's dead band. */
export function climbAndDescent(elevations: readonly number[], threshold = ELEVATION_THRESHOLD_METERS): { gain: number; loss: number } {
  let gain = 0;
  let loss = 0;
  let level = elevations[0];
  if (level === undefined) return { gain, loss };
  // What is left inside the band at the end is not counted: a route's figures may fall short of
  // the truth by less than the threshold, never count jitter.
  for (const elevation of elevations) {
    if (elevation - level >= threshold) {
      gain += elevation - level;
      level = elevation;
    } else if (level - elevation >= threshold) {
      loss += level - elevation;
      level = elevation;
    }
  }
  return { gain, loss };
}

/**
 * The profile as `count` points evenly spaced in distance, each elevation interpolated between
 * the two route points around it: a chart's x axis is then regular, and the file's own point
 * density (one a second, or one a kilometre) does not matter.
 */
export function downsampleProfile(series: readonly ProfilePoint[], count = PROFILE_MAX_POINTS): ProfilePoint[] {
  if (series.length <= count) return series.map(([d, e]) => [round1(d), round1(e)]);
  const total = series[series.length - 1]![0];
  const out: ProfilePoint[] = [];
  let j = 0;
  for (let i = 0; i < count; i++) {
    const at = (total * i) / (count - 1);
    while (j < series.length - 2 && series[j + 1]![0] < at) j++;
    const [d0, e0] = series[j]!;
    const [d1, e1] = series[j + 1]!;
    const t = d1 > d0 ? Math.min(1, Math.max(0, (at - d0) / (d1 - d0))) : 0;
    out.push([round1(at), round1(e0 + (e1 - e0) * t)]);
  }
  return out;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The facts of a route given as points in order. Distance counts every point; the elevation
 * figures count the points that carry an elevation. Undefined when the route has fewer than two
 * points with an elevation, since then it says nothing of its climbing.
 */
export function routeFacts(points: readonly RoutePoint[]): RouteFacts | undefined {
  const series: ProfilePoint[] = [];
  let along = 0;
  for (let i = 0; i < points.length; i++) {
    if (i > 0) along += distanceMeters(points[i - 1]!, points[i]!);
    const elevation = points[i]!.elevation;
    if (elevation !== null && Number.isFinite(elevation)) series.push([along, elevation]);
  }
  if (series.length < 2) return undefined;
  const elevations = series.map(([, e]) => e);
  const { gain, loss } = climbAndDescent(elevations);
  return {
    distanceMeters: Math.round(along),
    elevationGainMeters: Math.round(gain),
    elevationLossMeters: Math.round(loss),
    highestPointMeters: Math.round(Math.max(...elevations)),
    lowestPointMeters: Math.round(Math.min(...elevations)),
    profile: downsampleProfile(series),
  };
}

/**
 * Effort of a route in "effort kilometres": its length plus one kilometre for every 100 m of
 * climbing (the Swiss Alpine Club's Leistungskilometer, which ranks walking routes by the time
 * they take). On a bike, flat kilometres cost about a third of a walker's, climbing the same.
 */
export function effortKm(facts: Pick<RouteFacts, 'distanceMeters' | 'elevationGainMeters'>, activity: Activity): number {
  const flatKm = facts.distanceMeters / 1000;
  return (activity === 'biking' ? flatKm / 3 : flatKm) + facts.elevationGainMeters / 100;
}

/**
 * Below `moderate` effort km a route is Easy, from `challenging` on it is Challenging: about
 * 2½ h and 5 h of walking (an effort kilometre takes some 15 minutes), the lengths a beginner's
 * and a seasoned hiker's day out run to.
 */
export const DIFFICULTY_EFFORT_KM = { moderate: 10, challenging: 20 } as const;

/** The difficulty a route suggests: what the admin form proposes when a route is uploaded. */
export function suggestDifficulty(facts: Pick<RouteFacts, 'distanceMeters' | 'elevationGainMeters'>, activity: Activity): Difficulty {
  const effort = effortKm(facts, activity);
  if (effort >= DIFFICULTY_EFFORT_KM.challenging) return 'Challenging';
  if (effort >= DIFFICULTY_EFFORT_KM.moderate) return 'Moderate';
  return 'Easy';
}
