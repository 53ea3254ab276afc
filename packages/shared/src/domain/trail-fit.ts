/**
 * The fit check of a trail page (issue 24 "Trail facts and fit", ADR 0057): how a trail's route
 * compares with what a member has measurably done in the last year, and how long it would take
 * them. Advice only: nothing ever refuses a search or a match on it.
 */
import type { MeasuredAbility } from '../contracts/ability';
import type { Activity } from '../contracts/enums';
import type { RouteFacts } from './route-facts';

/**
 * Naismith's rule puts 600 m of ascent at the time of 5 km on the flat: a metre of climbing
 * weighs as much as 8⅓ m of level ground. Used for a member whose imports give a flat pace but
 * no climbing rate.
 */
export const NAISMITH_FLAT_METERS_PER_METER_CLIMBED = 5000 / 600;

export interface TrailFit {
  readonly activity: Activity;
  /** Longer than the longest activity of this type in the member's last year. */
  readonly longerThanEver: boolean;
  /** More ascent than the member's largest climb of this type in the last year. */
  readonly moreClimbingThanEver: boolean;
  /** Moving time at the member's own flat pace and climbing rate; null without a flat pace. */
  readonly estimateSeconds: number | null;
}

/**
 * Moving time of a route at a member's pace, Naismith-style: the time of its length at their flat
 * pace, plus the time of its ascent at their climbing rate (or, lacking one, at Naismith's
 * equivalence to their flat pace). Descent and stops are not counted, as Naismith does not.
 */
export function movingTimeSeconds(
  route: Pick<RouteFacts, 'distanceMeters' | 'elevationGainMeters'>,
  ability: Pick<MeasuredAbility, 'flatPaceSecondsPerKm' | 'climbRateMetersPerHour'>,
): number | null {
  const pace = ability.flatPaceSecondsPerKm;
  if (pace === null || !(pace > 0)) return null;
  const flat = (route.distanceMeters / 1000) * pace;
  const rate = ability.climbRateMetersPerHour;
  const climbing =
    rate !== null && rate > 0
      ? (route.elevationGainMeters / rate) * 3600
      : ((route.elevationGainMeters * NAISMITH_FLAT_METERS_PER_METER_CLIMBED) / 1000) * pace;
  return flat + climbing;
}

/**
 * The fit of a trail for a member: undefined when the member has no measured ability for the
 * trail's activity (the page then says nothing rather than guess), or the trail has no route.
 */
export function trailFit(
  route: Pick<RouteFacts, 'distanceMeters' | 'elevationGainMeters'> | null | undefined,
  activity: Activity,
  abilities: readonly MeasuredAbility[],
): TrailFit | undefined {
  const ability = abilities.find((a) => a.activity === activity && a.activityCount > 0);
  if (!route || !ability) return undefined;
  return {
    activity,
    longerThanEver: route.distanceMeters > ability.longestDistanceMeters,
    moreClimbingThanEver: route.elevationGainMeters > ability.largestElevationGainMeters,
    estimateSeconds: movingTimeSeconds(route, ability),
  };
}

/** "3 h 40", "45 min": to the nearest five minutes, since the estimate is no finer than that. */
export function formatEstimate(seconds: number): string {
  const minutes = Math.max(5, Math.round(seconds / 300) * 5);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${String(m).padStart(2, '0')}`;
}

/** The sentences the trail page shows for a fit, in order (one source for server, web and tests). */
export function fitSentences(fit: TrailFit): string[] {
  const sentences: string[] = [];
  if (fit.longerThanEver) sentences.push('Longer than anything you did in the last year.');
  if (fit.moreClimbingThanEver) sentences.push('More climbing than anything you did in the last year.');
  if (!fit.longerThanEver && !fit.moreClimbingThanEver) sentences.push('Within what you have done in the last year.');
  if (fit.estimateSeconds !== null) sentences.push(`About ${formatEstimate(fit.estimateSeconds)} at your pace.`);
  return sentences;
}
