import type { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_BLOCK_IDS, type ServerRenderSettings } from '@trailbuddy/shared/contracts/page-data';
import { meQueryOptions } from '../lib/queries/me';
import { primeTrailsFromPage } from '../lib/queries/trails';
import { serverDateFormat, type PageDataBlocks, type ServerRender } from '../lib/server-render';

/**
 * Starts the app's queries with what the server put in the page: the trail list, and for a
 * visitor (no session cookie) that nobody is signed in. The first render then shows the trail
 * cards and the Sign In button without waiting for GET /api/trails or GET /api/me. The server's
 * own render of the page (ADR 0023) starts from the same blocks, so both renders agree.
 */
export function primeFromPage(queryClient: QueryClient, doc: PageDataBlocks = document): void {
  primeTrailsFromPage(queryClient, doc);
  const block = doc.getElementById(PAGE_DATA_BLOCK_IDS.me);
  if (!block) return;
  block.remove();
  // Only `null` is ever sent: the signed-in user's data is asked for by the app as before.
  if (block.textContent?.trim() === 'null') queryClient.setQueryData(meQueryOptions().queryKey, null);
}

/**
 * How the server rendered this page's HTML (ADR 0023), from its render block; null when the
 * page carries none (the server did not render it, or could not): the browser renders it alone.
 * `href` is the page's own URL, which is the one the server rendered.
 */
export function serverRenderOfPage(href: string, doc: PageDataBlocks = document): ServerRender | null {
  const block = doc.getElementById(PAGE_DATA_BLOCK_IDS.render);
  if (!block?.textContent) return null;
  block.remove();
  try {
    const settings = JSON.parse(block.textContent) as ServerRenderSettings;
    return { href, dateFormat: serverDateFormat(settings) };
  } catch {
    return null;
  }
}
