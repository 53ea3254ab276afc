import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { RenderPage } from '@trailbuddy/shared/contracts/page-data';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The web app's server entry (ADR 0023), a module `vite build --ssr` wrote; undefined when it is
 * not built or cannot be loaded, and then pages go out as the bare app, rendered in the browser
 * alone, as before server rendering: a missing bundle costs the first paint, never the page.
 */
export async function loadServerEntry(file: string, log: FastifyBaseLogger): Promise<RenderPage | undefined> {
  if (!existsSync(file)) {
    log.warn({ file }, 'the web app’s server entry is not built; pages go out without their server render (`npm run build`)');
    return undefined;
  }
  try {
    const entry = (await import(pathToFileURL(file).href)) as { renderPage?: unknown };
    if (typeof entry.renderPage !== 'function') throw new Error('the module exports no renderPage function');
    return entry.renderPage as RenderPage;
  } catch (err) {
    log.error({ err, file }, 'the web app’s server entry cannot be loaded; pages go out without their server render');
    return undefined;
  }
}
