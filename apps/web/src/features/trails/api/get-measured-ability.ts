import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACTIVITIES } from '@trailbuddy/shared/contracts/enums';
import type { MeasuredAbility } from '@trailbuddy/shared/contracts/ability';
import { api, ApiError } from '../../../lib/api-client';

/** The signed-in person's measured-ability summary (issue 24): what they imported, summarised by the server. */
export const MEASURED_ABILITY_PATH = '/api/me/ability';

const nullableNumber = (value: unknown) => value === null || typeof value === 'number';

/**
 * The summaries of a GET /api/me/ability answer: a list, or an object holding one. Read by hand
 * rather than with the zod schema, which the trail page's chunk would otherwise carry; entries
 * that are not summaries are left out.
 */
export function abilitiesFrom(body: unknown): MeasuredAbility[] {
  const list = Array.isArray(body)
    ? body
    : body !== null && typeof body === 'object'
      ? Object.values(body).find((value): value is unknown[] => Array.isArray(value))
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

/** None measured (404: nothing imported, or no such service yet) reads as an empty list. */
export async function getMeasuredAbility(signal?: AbortSignal): Promise<MeasuredAbility[]> {
  try {
    return abilitiesFrom(await api.get<unknown>(MEASURED_ABILITY_PATH, { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

export const measuredAbilityQueryOptions = () =>
  queryOptions({ queryKey: ['me', 'ability'] as const, queryFn: ({ signal }) => getMeasuredAbility(signal) });

/** Only asked for someone signed in; a failure shows no fit, never an error on the trail page. */
export function useMeasuredAbility(enabled: boolean) {
  return useQuery({ ...measuredAbilityQueryOptions(), enabled, retry: false });
}
