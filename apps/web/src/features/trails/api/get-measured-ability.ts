import { ACTIVITIES } from '@trailbuddy/shared/contracts/enums';
import type { MeasuredAbility } from '@trailbuddy/shared/contracts/ability';
import { useMe } from '../../../lib/queries/me';

const nullableNumber = (value: unknown) => value === null || typeof value === 'number';

/**
 * The summaries in a value: a list of them, or an object holding one. Read by hand rather than
 * with the zod schema, which the trail page's chunk would otherwise carry; entries that are not
 * summaries are left out.
 */
export function abilitiesFrom(value: unknown): MeasuredAbility[] {
  const list = Array.isArray(value)
    ? value
    : value !== null && typeof value === 'object'
      ? Object.values(value).find((entry): entry is unknown[] => Array.isArray(entry))
      : undefined;
  return (list ?? []).filter((entry): entry is MeasuredAbility => {
    if (entry === null || typeof entry !== 'object') return false;
    const a = entry as Record<string, unknown>;
    return (
      ACTIVITIES.includes(a.activity as MeasuredAbility['activity']) &&
      typeof a.activityCount === 'number' &&
      nullableNumber(a.flatPaceSecondsPerKm) &&
      nullableNumber(a.climbRateMetersPerHour) &&
      typeof a.longestDistanceMeters === 'number' &&
      typeof a.largestElevationGainMeters === 'number'
    );
  });
}

/**
 * The signed-in person's measured-ability summaries (issue 24), as their own profile carries them
 * (`measuredAbility`, added by the activity import); none while it carries no such list. Read
 * from GET /api/me's cached answer: no request of its own, and nothing for a visitor.
 */
export function useMeasuredAbility(): MeasuredAbility[] {
  const profile: unknown = useMe().data?.profile;
  const list = profile !== null && typeof profile === 'object' ? (profile as { measuredAbility?: unknown }).measuredAbility : undefined;
  return list === undefined ? [] : abilitiesFrom(list);
}
