import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
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

/** The id of the JSON block in which the server serves GET /api/trails's answer with the page. */
export const INITIAL_TRAILS_ID = 'initial-trails';

/**
 * Starts the trails query with the list the server put in the page (ADR 0007), so the home page
 * renders its cards on the first render instead of after a round trip to /api/trails. Read once,
 * at start: later the query fetches as usual, and live events keep it current. Returns whether
 * the page had a usable list.
 */
export function primeTrailsFromPage(queryClient: QueryClient, doc: Document = document): boolean {
  const block = doc.getElementById(INITIAL_TRAILS_ID);
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

/** Widths the server has of every stored image (`/api/files/<key>?w=<width>`). */
const IMAGE_WIDTHS = [480, 800, 1200];

/**
 * The card's rendered width at each breakpoint: one column below 640 px, two from there, within
 * the main column (max-w-3xl, px-4, gap-5). The server's preload of the first card's image uses
 * the same value, so the browser reuses that download.
 */
export const TRAIL_CARD_IMAGE_SIZES = '(min-width: 768px) 358px, (min-width: 640px) calc(50vw - 26px), calc(100vw - 32px)';

/**
 * The `srcSet` for a trail image served from storage, so a phone downloads a copy near its
 * displayed width rather than the full-size original; undefined for any other URL.
 */
export function trailImageSrcSet(url: string): string | undefined {
  if (!url.startsWith('/api/files/') || url.includes('?')) return undefined;
  return IMAGE_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', ');
}
