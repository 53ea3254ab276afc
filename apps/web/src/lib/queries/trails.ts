import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { CACHE_ROOTS } from '@trailbuddy/shared/contracts/cache-roots';
import { PAGE_DATA_BLOCK_IDS } from '@trailbuddy/shared/contracts/page-data';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { api } from '../api-client';
import type { PageDataBlocks } from '../server-render';

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
    queryKey: [CACHE_ROOTS.trails],
    queryFn: ({ signal }) => getTrails(signal),
  });

export function useTrails() {
  return useQuery(trailsQueryOptions());
}

/**
 * Starts the trails query with the list the server put in the page (ADR 0007), so the home page
 * renders its cards on the first render instead of after a round trip to /api/trails. Read once,
 * at start: later the query fetches as usual, and live events keep it current. Returns whether
 * the page had a usable list.
 */
export function primeTrailsFromPage(queryClient: QueryClient, doc: PageDataBlocks = document): boolean {
  const block = doc.getElementById(PAGE_DATA_BLOCK_IDS.trails);
  if (!block?.textContent) return false;
  block.remove();
  try {
    const { trails } = JSON.parse(block.textContent) as { trails?: unknown };
    if (!Array.isArray(trails)) return false;
    queryClient.setQueryData(trailsQueryOptions().queryKey, trails as Trail[]);
    return true;
  } catch {
    return false; // the app asks /api/trails as it would without it
  }
}
