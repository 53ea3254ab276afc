import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_ROOTS } from '@trailbuddy/shared/contracts/cache-roots';
import type { TrailRoute } from '@trailbuddy/shared/contracts/trail-route';
import { api } from '../../../lib/api-client';

/** Under the trail root: a live `trail.changed` (a new route uploaded) refreshes it. */
export const trailRouteQueryOptions = (trailId: string) =>
  queryOptions({
    queryKey: [CACHE_ROOTS.trail, trailId, 'route'] as const,
    queryFn: ({ signal }) => api.get<TrailRoute>(`/api/trails/${encodeURIComponent(trailId)}/route`, { signal }),
  });

/** A trail's route with its elevation profile; asked only for a trail the list says has one. */
export function useTrailRoute(trailId: string, enabled: boolean) {
  return useQuery({ ...trailRouteQueryOptions(trailId), enabled });
}
