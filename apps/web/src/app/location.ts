import { useSyncExternalStore } from 'react';

/**
 * The URL as the app sees it, without a router library on the home page's path (ARCHITECTURE
 * §7 budget): app/ switches between the main app, /admin and /auth by pathname, and the pages
 * that use react-router get it, lazily, through a router that reads and writes this same URL
 * (location-router.tsx). history.pushState fires no event, so navigateTo announces its changes.
 */
const NAVIGATE_EVENT = 'trailbuddy:navigate';

/** The history entry's state, shaped as react-router writes it: its data under `usr`, plus a key. */
export interface HistoryEntryState {
  usr: unknown;
  key: string;
}

export function subscribeToLocation(onChange: () => void): () => void {
  addEventListener('popstate', onChange);
  addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    removeEventListener('popstate', onChange);
    removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

/** Changes the URL without reloading and lets every subscriber know. */
export function navigateTo(to: string, options: { replace?: boolean; state?: unknown } = {}): void {
  const entry: HistoryEntryState = { usr: options.state ?? null, key: Math.random().toString(36).slice(2, 10) };
  if (options.replace) history.replaceState(entry, '', to);
  else history.pushState(entry, '', to);
  dispatchEvent(new Event(NAVIGATE_EVENT));
}

export function usePathname(): string {
  return useSyncExternalStore(
    subscribeToLocation,
    () => location.pathname,
    () => '/',
  );
}

export type Section = 'main' | 'admin' | 'auth';

/**
 * SPEC §2's URL routes: /auth (account e-mail links) and /admin; the main app owns every other
 * path. Matched as react-router matched them: case-insensitive, with or without a trailing slash.
 */
export function sectionOf(pathname: string): Section {
  if (/^\/admin\/?$/i.test(pathname)) return 'admin';
  if (/^\/auth\/?$/i.test(pathname)) return 'auth';
  return 'main';
}
