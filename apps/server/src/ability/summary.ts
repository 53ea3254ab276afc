import type { MeasuredAbility } from '@trailbuddy/shared/contracts/ability';
import { ACTIVITIES } from '@trailbuddy/shared/contracts/enums';
import type { ActivityFigures } from './track-figures.js';

/** An activity speaks for a flat pace once it has this much moving distance on flat ground. */
export const MIN_FLAT_METERS = 500;
/** …and for a climbing rate once it has climbed this much while moving. */
export const MIN_CLIMB_METERS = 50;
/** The summary covers this many days back from today. */
export const SUMMARY_DAYS = 365;

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The first day the summary still counts, given today. */
export function summaryCutoff(now: Date): Date {
  return new Date(now.getTime() - SUMMARY_DAYS * 24 * 3600 * 1000);
}

/**
 * The measured ability per activity type from the figures of the last 12 months. "Typical" is
 * the median over activities, so one race or one stroll with a child does not move it; each
 * activity's own pace is its flat moving time over its flat moving distance. Activities without
 * a start date (a file without times) count for distance and gain whenever they were done.
 */
export function summarise(figures: readonly ActivityFigures[], now: Date): MeasuredAbility[] {
  const cutoff = summaryCutoff(now);
  const recent = figures.filter((f) => f.startedOn === null || f.startedOn >= cutoff);
  const summaries: MeasuredAbility[] = [];
  for (const activity of ACTIVITIES) {
    const mine = recent.filter((f) => f.activity === activity);
    if (mine.length === 0) continue;
    const paces = mine.filter((f) => f.flatMovingMeters >= MIN_FLAT_METERS).map((f) => f.flatMovingSeconds / (f.flatMovingMeters / 1000));
    const climbs = mine
      .filter((f) => f.climbAscentMeters >= MIN_CLIMB_METERS && f.climbMovingSeconds > 0)
      .map((f) => f.climbAscentMeters / (f.climbMovingSeconds / 3600));
    const pace = median(paces);
    const climb = median(climbs);
    summaries.push({
      activity,
      activityCount: mine.length,
      flatPaceSecondsPerKm: pace === null ? null : Math.round(pace),
      climbRateMetersPerHour: climb === null ? null : Math.round(climb),
      longestDistanceMeters: Math.round(Math.max(...mine.map((f) => f.distanceMeters))),
      largestElevationGainMeters: round1(Math.max(...mine.map((f) => f.elevationGainMeters))),
      updatedAt: now.toISOString(),
    });
  }
  return summaries;
}
