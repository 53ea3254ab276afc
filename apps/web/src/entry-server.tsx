// The server's entry to the web app (ADR 0023): built with `vite build --ssr` into
// apps/web/dist-server/, imported by the server's static plugin, which puts what it renders in
// index.html's #root for the browser to hydrate (main.tsx).
import { PAGE_DATA_BLOCK_IDS, type RenderPage, type ServerRenderSettings } from '@trailbuddy/shared/contracts/page-data';
import { prerender } from 'react-dom/static';
import { primeFromPage, routeOfHref } from './app/initial-data';
import { PageRoot } from './app/page-root';
import { createQueryClient } from './app/providers';
import { pageDataBlocks, serverDateFormat } from './lib/server-render';

/** The views whose first paint the server renders: what a visitor opens first, or from a shared link. */
const SERVER_RENDERED_VIEWS: ReadonlySet<string> = new Set(['home', 'trail-detail']);

export const renderPage: RenderPage = async ({ href, blocks }) => {
  const view = routeOfHref(href);
  const settingsJson = blocks[PAGE_DATA_BLOCK_IDS.render];
  if (!view || !SERVER_RENDERED_VIEWS.has(view.name) || !settingsJson) return null;

  const queryClient = createQueryClient();
  primeFromPage(queryClient, pageDataBlocks(blocks));
  const serverRender = { href, dateFormat: serverDateFormat(JSON.parse(settingsJson) as ServerRenderSettings) };
  // prerender, unlike renderToString, waits for the lazy views (the trail's detail) to load.
  // An error anywhere fails the whole render: the server then sends the page without it.
  let failure: unknown;
  const { prelude } = await prerender(<PageRoot queryClient={queryClient} serverRender={serverRender} />, {
    onError: (error) => {
      failure ??= error;
    },
    // Every boundary inline, in place: no boundary is sent apart with a script to move it (the
    // CSP allows no inline script, and the page is sent whole anyway).
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const html = await new Response(prelude).text();
  queryClient.clear();
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  // React writes the resources it wants preloaded (the pictures) before the app's markup: they
  // belong in the head, and #root must hold the app's markup alone for hydration.
  const resources = LEADING_LINKS.exec(html)?.[0] ?? '';
  return { head: resources, root: html.slice(resources.length) };
};

const LEADING_LINKS = /^(?:<link [^>]*>)*/;
