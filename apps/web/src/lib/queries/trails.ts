import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import { CACHE_ROOTS } from '@trailbuddy/shared/contracts/cache-roots';
import type { Activity } from '@trailbuddy/shared/contracts/enums';
import { PAGE_DATA_BLOCK_IDS } from '@trailbuddy/shared/contracts/page-data';
import type { Trail, TrailPage, TrailPlaces } from '@trailbuddy/shared/contracts/trail';
import { useMemo } from 'react';
import { api } from '../api-client';
import type { PageDataBlocks } from '../server-render';

/** What GET /api/trails narrows the list by (ADR 0022); an absent field does not narrow. */
export interface TrailQuery {
  activity?: Activity;
  country?: string;
  /** One place, "City, Country". */
  location?: string;
  /** Words of the name or place. */
  q?: string;
  /** Nearest trailhead to `from` ("City, Country", one of the profile's cities) first (ADR 0057). */
  sort?: 'distance';
  from?: string;
  /** Only the signed-in person's favourite trails (issue 23). */
  favourites?: true;
}

/**
 * Every key starts with 'trails', the root live trail events invalidate (LIVE_EVENT_REFRESHES):
 * the loaded pages of each list are then fetched again, and the places too. One trail's keys
 * start with 'trail', refreshed by the same events.
 */
export const trailKeys = {
  /** Every trail list: its pages and its places. */
  lists: [CACHE_ROOTS.trails] as const,
  pages: (query: TrailQuery) => [CACHE_ROOTS.trails, 'pages', query] as const,
  allPages: [CACHE_ROOTS.trails, 'pages'] as const,
  places: [CACHE_ROOTS.trails, 'places'] as const,
  detail: (trailId: string) => [CACHE_ROOTS.trail, trailId] as const,
};

/** A page of the coming weekend's trail sessions, in the admins' chosen order. */
export async function getTrailPage({ favourites, ...query }: TrailQuery, cursor: string | null, signal?: AbortSignal): Promise<TrailPage> {
  // The favourites are the person's own list, paged and filtered as the public one is.
  const path = favourites ? '/api/me/favourites/trails' : '/api/trails';
  const page = await api.get<TrailPage>(path, { query: { ...query, cursor: cursor ?? undefined }, signal });
  return { trails: page.trails, nextCursor: page.nextCursor ?? null, ...(page.origin && { origin: page.origin }) };
}

/**
 * The list as pages: the first page comes with the home page (primeTrailsFromPage), the next
 * ones as the person scrolls or asks for more. Filters are the server's (ADR 0022), so a
 * catalogue of thousands never comes to the browser whole.
 */
export const trailPagesQueryOptions = (query: TrailQuery = {}) =>
  infiniteQueryOptions({
    queryKey: trailKeys.pages(query),
    queryFn: ({ pageParam, signal }) => getTrailPage(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TrailPage) => last.nextCursor,
  });

/** The trails loaded so far for `query`, and the infinite query that loads more. */
export function useTrailPages(query: TrailQuery = {}) {
  const pages = useInfiniteQuery(trailPagesQueryOptions(query));
  const trails = useMemo(() => pages.data?.pages.flatMap((page) => page.trails), [pages.data]);
  return { ...pages, trails };
}

/** The places that have trails, grouped by country, and the number of trails: a cached aggregate. */
export const trailPlacesQueryOptions = () =>
  queryOptions({
    queryKey: trailKeys.places,
    queryFn: ({ signal }) => api.get<TrailPlaces>('/api/trails/places', { signal }),
  });

export function useTrailPlaces() {
  return useQuery(trailPlacesQueryOptions());
}

export function getTrail(trailId: string, signal?: AbortSignal): Promise<Trail> {
  return api.get<Trail>(`/api/trails/${encodeURIComponent(trailId)}`, { signal });
}

export const trailQueryOptions = (trailId: string) =>
  queryOptions({
    queryKey: trailKeys.detail(trailId),
    queryFn: ({ signal }) => getTrail(trailId, signal),
  });

/** The trail as some loaded page of a list has it, and when that page was fetched. */
function listedTrail(queryClient: QueryClient, trailId: string): { trail: Trail; updatedAt: number } | undefined {
  for (const [key, data] of queryClient.getQueriesData<InfiniteData<TrailPage>>({ queryKey: trailKeys.allPages })) {
    const trail = data?.pages.flatMap((page) => page.trails).find((t) => t.id === trailId);
    if (trail) return { trail, updatedAt: queryClient.getQueryState(key)?.dataUpdatedAt ?? 0 };
  }
  return undefined;
}

/**
 * One trail. Coming from a list, its row is shown at once while the trail itself is fetched, so
 * the view opens without a loading state.
 */
export function useTrail(trailId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...trailQueryOptions(trailId),
    initialData: () => listedTrail(queryClient, trailId)?.trail,
    // As old as the list it came from; being stale, the trail itself is still fetched on mount.
    initialDataUpdatedAt: () => listedTrail(queryClient, trailId)?.updatedAt,
  });
}

/**
 * Starts the unfiltered list with the first page the server put in the page (ADR 0007), so the
 * home page renders its cards on the first render instead of after a round trip to /api/trails.
 * Read once, at start: later pages are fetched as usual, and live events keep them current.
 * Returns whether the page had a usable first page.
 */
export function primeTrailsFromPage(queryClient: QueryClient, doc: PageDataBlocks = document): boolean {
  const block = doc.getElementById(PAGE_DATA_BLOCK_IDS.trails);
  if (!block?.textContent) return false;
  block.remove();
  try {
    const { trails, nextCursor } = JSON.parse(block.textContent) as { trails?: unknown; nextCursor?: unknown };
    if (!Array.isArray(trails)) return false;
    const page: TrailPage = { trails: trails as Trail[], nextCursor: typeof nextCursor === 'string' ? nextCursor : null };
    queryClient.setQueryData(trailPagesQueryOptions().queryKey, { pages: [page], pageParams: [null] });
    return true;
  } catch {
    return false; // the app asks /api/trails as it would without it
  }
}
