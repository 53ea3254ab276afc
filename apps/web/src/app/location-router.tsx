import { useSyncExternalStore, type ReactNode } from 'react';
import { createPath, Router, type Location, type Navigator, type To } from 'react-router';
import { navigateTo, subscribeToLocation, type HistoryEntryState } from './location';

/**
 * A react-router context over the app's own URL handling (location.ts), for the lazily loaded
 * pages that use react-router's Link, Navigate or useSearchParams. Their navigations go through
 * navigateTo, so app/ sees them and switches section (say, AdminPage's redirect to /).
 */
const toHref = (to: To) => (typeof to === 'string' ? to : createPath(to));

const navigator: Navigator = {
  createHref: toHref,
  push: (to, state) => navigateTo(toHref(to), { state }),
  replace: (to, state) => navigateTo(toHref(to), { state, replace: true }),
  go: (delta) => history.go(delta),
};

let snapshot: Location | undefined;

/** The same object until the URL or the history entry changes, as useSyncExternalStore needs. */
function currentLocation(): Location {
  const { pathname, search, hash } = window.location;
  const entry = history.state as Partial<HistoryEntryState> | null;
  const key = entry?.key ?? 'default';
  if (!snapshot || snapshot.pathname !== pathname || snapshot.search !== search || snapshot.hash !== hash || snapshot.key !== key) {
    snapshot = { pathname, search, hash, state: entry?.usr ?? null, key };
  }
  return snapshot;
}

export function LocationRouter({ children }: { children: ReactNode }) {
  const location = useSyncExternalStore(subscribeToLocation, currentLocation);
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}
