import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { api } from '../api-client';

/** The coming weekend's trail sessions, in the admins' chosen order. */
export async function getTrails(signal?: AbortSignal): Promise<Trail[]> {
  const { trails } = await api.get<{ trails: Trail[] }>('/api/trails', { signal });
  return trails;
}

/**
 * Home filters the full list in the browser rather than asking the server per filter: the list
 * is one weekend's sessions (tens of rows), switching filters is then instant, and the location
 * filter can offer every place that has a trail whatever activity is selected.
 */
export const trailsQueryOptions = () =>
  queryOptions({
    queryKey: ['trails'],
    queryFn: ({ signal }) => getTrails(signal),
  });

export function useTrails() {
  return useQuery(trailsQueryOptions());
}
