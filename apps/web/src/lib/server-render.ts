import type { ServerRenderSettings } from '@trailbuddy/shared/contracts/page-data';
import type { DateFormatOptions } from '@trailbuddy/shared/domain/date-format';
import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * How the server rendered the page the app is hydrating (ADR 0023), or is rendering on the
 * server; null when the browser renders the page alone. Hooks that read the browser (the URL,
 * its locale and time zone) answer from this while React hydrates, so the first client render
 * is the server's HTML to the letter, then answer from the browser.
 */
export interface ServerRender {
  /** The path and query the server rendered. */
  href: string;
  dateFormat: DateFormatOptions;
}

export const ServerRenderContext = createContext<ServerRender | null>(null);

export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}

export function serverDateFormat(settings: ServerRenderSettings): DateFormatOptions {
  return { locale: settings.locale, timeZone: settings.timeZone, now: new Date(settings.now), plainSpaces: true };
}

/** The browser's own locale and zone: the formatters' defaults. */
const BROWSER_DATE_FORMAT: DateFormatOptions = {};
/** A `subscribe` for useSyncExternalStore where only hydration tells the server's snapshot from the browser's. */
export const neverChanges = () => () => undefined;

/**
 * Options for the shared date formatters: the server's while the page is rendered there or
 * hydrated, the browser's own (its locale and time zone) from then on.
 */
export function useDateFormat(): DateFormatOptions {
  const server = useServerRender();
  return useSyncExternalStore(
    neverChanges,
    () => BROWSER_DATE_FORMAT,
    () => server?.dateFormat ?? BROWSER_DATE_FORMAT,
  );
}

/**
 * Where the page's data blocks are read from: the document in the browser; on the server, the
 * blocks the page is about to carry (`pageDataBlocks`).
 */
export interface PageDataBlocks {
  getElementById(id: string): { readonly textContent: string | null; remove(): void } | null;
}

/** The blocks' texts by id, readable the way the app reads them from the document. */
export function pageDataBlocks(texts: Partial<Record<string, string>>): PageDataBlocks {
  return {
    getElementById: (id) => {
      const text = texts[id];
      return text === undefined ? null : { textContent: text, remove: () => undefined };
    },
  };
}
