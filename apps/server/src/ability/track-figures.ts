import type { Activity } from '@trailbuddy/shared/contracts/enums';

/**
 * One sample of an activity as the analysis sees it: how far along (metres from the start), how
 * high, how long after the start. No coordinates: the parsers turn positions into distances and
 * drop them, so nothing downstream can keep a place (ADR 0056).
 */
export interface TrackSample {
  /** Cumulative distance from the start, metres. */
  distanceMeters: number;
  elevationMeters: number | null;
  /** Seconds since the first sample; null when the file has no times (a planned route). */
  elapsedSeconds: number | null;
  /** The recorder's own "moving" flag where it has one (Strava's moving stream). */
  moving?: boolean;
}

/** What one activity contributes to a summary: numbers only, no places and no times of day. */
export interface ActivityFigures {
  activity: Activity;
  /** The day it started (UTC), to keep only the last 12 months; null when the file has no time. */
  startedOn: Date | null;
  distanceMeters: number;
  elevationGainMeters: number;
  /** Moving time and distance on flat stretches (|grade| below FLAT_GRADE). */
  flatMovingSeconds: number;
  flatMovingMeters: number;
  /** Moving time and ascent on uphill stretches (grade at least CLIMB_GRADE). */
  climbMovingSeconds: number;
  climbAscentMeters: number;
}

/**
 * Below this speed a person is stopped (a photo, a snack, a traffic light), about 1 km/h: slower
 * than anyone walks up a steep path, faster than GPS drift while standing still.
 */
export const MOVING_SPEED_MPS = 0.3;
/** Grades are read over windows of at least this length, which irons out GPS and barometer noise. */
export const GRADE_WINDOW_METERS = 200;
/** |grade| below 3% counts as flat ground. */
export const FLAT_GRADE = 0.03;
/** A grade of 3% or more is a climb. */
export const CLIMB_GRADE = 0.03;

interface Window {
  meters: number;
  rise: number | null;
  movingSeconds: number | null;
  movingMeters: number;
}

/**
 * Cuts the track into consecutive windows of at least GRADE_WINDOW_METERS, each with its rise
 * (elevation at its end minus at its start) and the time and distance spent moving inside it.
 * A step is moving when the recorder said so or, without its flag, when its speed was at least
 * MOVING_SPEED_MPS.
 */
function windowsOf(samples: readonly TrackSample[]): Window[] {
  const windows: Window[] = [];
  let start = samples[0];
  let current: Window = { meters: 0, rise: null, movingSeconds: 0, movingMeters: 0 };
  for (let i = 1; i < samples.length; i++) {
    const prev = samples[i - 1]!;
    const next = samples[i]!;
    const meters = Math.max(0, next.distanceMeters - prev.distanceMeters);
    current.meters += meters;
    if (prev.elapsedSeconds === null || next.elapsedSeconds === null) current.movingSeconds = null;
    else if (current.movingSeconds !== null) {
      const seconds = next.elapsedSeconds - prev.elapsedSeconds;
      const moving = next.moving ?? (seconds > 0 && meters / seconds >= MOVING_SPEED_MPS);
      if (moving && seconds > 0) {
        current.movingSeconds += seconds;
        current.movingMeters += meters;
      }
    }
    if (current.meters >= GRADE_WINDOW_METERS || i === samples.length - 1) {
      const from = start!.elevationMeters;
      const to = next.elevationMeters;
      current.rise = from === null || to === null ? null : to - from;
      windows.push(current);
      start = next;
      current = { meters: 0, rise: null, movingSeconds: 0, movingMeters: 0 };
    }
  }
  return windows;
}

/**
 * The figures of one activity from its samples (in order). Distance is the track's; elevation
 * gain adds the rises of the windows, so noise inside a window does not count as climbing. A
 * track without times gives distance and gain, and no flat or climbing time.
 */
export function activityFigures(activity: Activity, startedOn: Date | null, samples: readonly TrackSample[]): ActivityFigures {
  const figures: ActivityFigures = {
    activity,
    startedOn,
    distanceMeters: 0,
    elevationGainMeters: 0,
    flatMovingSeconds: 0,
    flatMovingMeters: 0,
    climbMovingSeconds: 0,
    climbAscentMeters: 0,
  };
  if (samples.length < 2) return figures;
  figures.distanceMeters = Math.max(0, samples[samples.length - 1]!.distanceMeters - samples[0]!.distanceMeters);
  for (const w of windowsOf(samples)) {
    if (w.rise !== null && w.rise > 0) figures.elevationGainMeters += w.rise;
    if (w.rise === null || w.movingSeconds === null || w.meters === 0) continue;
    const grade = w.rise / w.meters;
    if (Math.abs(grade) < FLAT_GRADE) {
      figures.flatMovingSeconds += w.movingSeconds;
      figures.flatMovingMeters += w.movingMeters;
    } else if (grade >= CLIMB_GRADE) {
      figures.climbMovingSeconds += w.movingSeconds;
      figures.climbAscentMeters += w.rise;
    }
  }
  return figures;
}

/** Metres between two positions on the Earth (haversine, mean radius): how parsers turn positions into distance. */
export function metersBetween(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h)));
}
