import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { CACHE_ROOTS } from '@trailbuddy/shared/contracts/cache-roots';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { api } from '../../../lib/api-client';
import { trailsQueryOptions } from '../../../lib/queries/trails';

/**
 * One trail's keys start with 'trail' (not 'trails'): live trail events invalidate that root
 * (the shared LIVE_EVENT_REFRESHES table), so an open detail view refreshes without a reload.
 */
export const trailKeys = {
  all: [CACHE_ROOTS.trail] as const,
  detail: (trailId: string) => [...trailKeys.all, trailId] as const,
};

export function getTrail(trailId: string, signal?: AbortSignal): Promise<Trail> {
  return api.get<Trail>(`/api/trails/${encodeURIComponent(trailId)}`, { signal });
}

export const trailQueryOptions = (trailId: string) =>
  queryOptions({
    queryKey: trailKeys.detail(trailId),
    queryFn: ({ signal }) => getTrail(trailId, signal),
  });

/**
 * The trail for the detail view. Coming from home, the list is already cached: its row is shown
 * at once while the trail itself is fetched, so the view opens without a loading state.
 */
export function useTrail(trailId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...trailQueryOptions(trailId),
    initialData: () => queryClient.getQueryData(trailsQueryOptions().queryKey)?.find((trail) => trail.id === trailId),
    // As old as the list it came from; being stale, the trail itself is still fetched on mount.
    initialDataUpdatedAt: () => queryClient.getQueryState(trailsQueryOptions().queryKey)?.dataUpdatedAt,
  });
}
