import { useSyncExternalStore, type MouseEvent } from 'react';
import { useServerRender } from './server-render';

/**
 * The URL as the app sees it: the one router of the web app (ADR 0019). app/ switches between
 * the main app, /admin and /auth by pathname, and the main app parses the rest into a typed
 * route (lib/routes.ts). history.pushState fires no event, so navigateTo announces its changes.
 */
const NAVIGATE_EVENT = 'trailbuddy:navigate';

export function subscribeToLocation(onChange: () => void): () => void {
  addEventListener('popstate', onChange);
  addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    removeEventListener('popstate', onChange);
    removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

/** Changes the URL without reloading and lets every subscriber know. `state` goes into history.state. */
export function navigateTo(to: string, options: { replace?: boolean; state?: Record<string, unknown> } = {}): void {
  const state = options.state ?? null;
  if (options.replace) history.replaceState(state, '', to);
  else history.pushState(state, '', to);
  dispatchEvent(new Event(NAVIGATE_EVENT));
}

/** The path and query, e.g. `/trails/t1?day=sunday`: changes on every navigation and Back or Forward. */
export function useLocationHref(): string {
  // On the server, and while hydrating its HTML, the URL the server rendered (ADR 0023).
  const serverHref = useServerRender()?.href ?? '/';
  return useSyncExternalStore(
    subscribeToLocation,
    () => location.pathname + location.search,
    () => serverHref,
  );
}

export function usePathname(): string {
  const serverHref = useServerRender()?.href ?? '/';
  return useSyncExternalStore(
    subscribeToLocation,
    () => location.pathname,
    () => serverHref.split('?')[0]!,
  );
}

/**
 * An `<a href>` click handler that navigates in-page; a click with a modifier key or another
 * button keeps the browser's own behaviour (new tab, new window).
 */
export function followLink(event: MouseEvent<HTMLAnchorElement>, to: string): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  // A link to where we are adds no history entry.
  if (to !== location.pathname + location.search + location.hash) navigateTo(to);
}

// The sections (/auth, /admin, the main app) are part of the route table the server shares.
export { sectionOf, type Section } from './routes';

/**
 * The current history entry's state. Modals have entries of their own (ADR 0019, 0021), flagged
 * `history.state.modal`: components/ui/Dialog.tsx pushes, closes on Back and drops them.
 */
type EntryState = Record<string, unknown> | null;

export function historyState(): EntryState {
  const state: unknown = history.state;
  return state && typeof state === 'object' ? (state as Record<string, unknown>) : null;
}

/**
 * `history.state.from`, where a trail was opened from (ADR 0019), when it is a string. The server
 * cannot know it, so the server's HTML, and the client's hydration of it, go without.
 */
export function useHistoryOpener(): string | undefined {
  return useSyncExternalStore(
    subscribeToLocation,
    () => {
      const from = historyState()?.from;
      return typeof from === 'string' ? from : undefined;
    },
    () => undefined,
  );
}
