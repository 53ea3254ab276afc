import type { QueryClient } from '@tanstack/react-query';
import { PAGE_DATA_BLOCK_IDS, type ServerRenderSettings } from '@trailbuddy/shared/contracts/page-data';
import { meQueryOptions } from '../lib/queries/me';
import { primeTrailsFromPage } from '../lib/queries/trails';
import type { View } from '../lib/navigation';
import { hrefOf, routeOf } from '../lib/routes';
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
 * page carries none (the server did not render it, or could not), or when it rendered another
 * view than the one at `href`, the page's own URL (a page kept by a cache under another
 * address): the browser then renders the page alone, replacing the server's HTML.
 */
export function serverRenderOfPage(href: string, doc: PageDataBlocks = document): ServerRender | null {
  const block = doc.getElementById(PAGE_DATA_BLOCK_IDS.render);
  if (!block?.textContent) return null;
  block.remove();
  try {
    const settings = JSON.parse(block.textContent) as ServerRenderSettings;
    if (viewAt(settings.href) !== viewAt(href)) return null;
    // The page's own address, not the server's way of writing it: the same view, and the
    // location hooks then read the same while hydrating as after (no re-render for nothing).
    return { href, dateFormat: serverDateFormat(settings) };
  } catch {
    return null;
  }
}

/** The view at a path and query, as the main app reads it; null for an unknown address. */
export function routeOfHref(href: string): View | null {
  const queryAt = href.indexOf('?');
  return queryAt < 0 ? routeOf(href) : routeOf(href.slice(0, queryAt), href.slice(queryAt));
}

/** The address of the view at `href`, written one way (the query's order and extras aside). */
function viewAt(href: string): string | undefined {
  const view = routeOfHref(href);
  return view ? hrefOf(view) : undefined;
}
