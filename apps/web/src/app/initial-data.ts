import type { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_BLOCK_IDS } from '@trailbuddy/shared/contracts/page-data';
import { meQueryOptions } from '../lib/queries/me';
import { primeTrailsFromPage } from '../lib/queries/trails';

/**
 * Starts the app's queries with what the server put in the page: the trail list, and for a
 * visitor (no session cookie) that nobody is signed in. The first render then shows the trail
 * cards and the Sign In button without waiting for GET /api/trails or GET /api/me.
 */
export function primeFromPage(queryClient: QueryClient, doc: Document = document): void {
  primeTrailsFromPage(queryClient, doc);
  const block = doc.getElementById(PAGE_DATA_BLOCK_IDS.me);
  if (!block) return;
  block.remove();
  // Only `null` is ever sent: the signed-in user's data is asked for by the app as before.
  if (block.textContent?.trim() === 'null') queryClient.setQueryData(meQueryOptions().queryKey, null);
}
