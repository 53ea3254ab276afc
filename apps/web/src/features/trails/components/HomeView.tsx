import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { ShowMore } from '../../../components/ui/ShowMore';
import { ExternalLinkIcon, SearchXIcon } from '../../../components/ui/first-render-icons';
import { useNavigation } from '../../../lib/navigation';
import { useMe } from '../../../lib/queries/me';
import { useTrailPages, useTrailPlaces, type TrailQuery } from '../../../lib/queries/trails';
import { hasFilters, NO_FILTERS, toTrailQuery, type TrailFilters as Filters } from '../utils/filter-trails';
import { TrailFilters } from './TrailFilters';
import { TrailList, TrailListSkeleton } from './TrailList';

export const WEBSITE_URL = 'https://trailbuddy.app';

/** Typing pauses this long before the search goes to the server. */
const SEARCH_DELAY_MS = 300;
const TRAIL_LIST_ID = 'trail-list';

export interface HomeViewProps {
  /**
   * The signed-in user's display name; null when nobody is signed in; undefined while that is not
   * known yet (a signed-in person's page, until GET /api/me answers).
   */
  displayName: string | null | undefined;
}

export function HomeView({ displayName }: HomeViewProps) {
  const { navigate, requireSignIn } = useNavigation();
  const signedIn = typeof displayName === 'string';
  const knownWho = displayName !== undefined;
  // A trail chosen before we know who is signed in (a tap on the server's page, answered as soon
  // as the app has taken it over): kept until we know, then opened or answered with sign-in.
  const [chosenEarly, setChosenEarly] = useState<Trail | null>(null);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const search = useDebounced(filters.search, SEARCH_DELAY_MS);
  // The server filters (ADR 0022): each filter is its own paged list, the unfiltered one first
  // filled from the page.
  // Favourites are a signed-in person's own (issue 23): signed out, the choice does not apply.
  const favouritesOnly = signedIn && filters.favouritesOnly;
  // A member with a city may list the nearest trailheads first (ADR 0057); the server measures.
  const profile = useMe().data?.profile;
  const homePlace = signedIn && profile?.city ? profile.location : null;
  const [nearestFirst, setNearestFirst] = useState(false);
  const byDistance = nearestFirst && homePlace !== null;
  const query = useMemo<TrailQuery>(
    () => ({ ...toTrailQuery({ ...filters, search, favouritesOnly }), ...(byDistance && { sort: 'distance', from: homePlace }) }),
    [filters, search, favouritesOnly, byDistance, homePlace],
  );
  const trailsQuery = useTrailPages(query);
  const origin = byDistance ? trailsQuery.data?.pages[0]?.origin : undefined;
  const places = useTrailPlaces();
  const trails = trailsQuery.trails ?? [];
  const nothingListed = !hasFilters({ ...filters, favouritesOnly }) || places.data?.total === 0;
  const onlyFavourites = favouritesOnly && !hasFilters({ ...filters, favouritesOnly: false });

  const openTrail = useCallback(
    (trail: Trail) => {
      const detail = { name: 'trail-detail', trailId: trail.id, from: 'home' } as const;
      // product §2: choosing a trail signed out opens the login modal; signed in from it, the trail
      // opens (issue 23), as a tap on a members' view does (ADR 0048).
      if (!signedIn) return requireSignIn(detail);
      navigate(detail);
    },
    [signedIn, navigate, requireSignIn],
  );
  const chooseTrail = (trail: Trail) => (knownWho ? openTrail(trail) : setChosenEarly(trail));
  useEffect(() => {
    if (!chosenEarly || !knownWho) return;
    setChosenEarly(null);
    openTrail(chosenEarly);
  }, [chosenEarly, knownWho, openTrail]);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          {signedIn ? `Hi, ${displayName}!` : 'Find your trail buddy'}
        </h1>
        <p className="mt-1 text-stone-600">Pick a trail for this weekend and we’ll pair you with someone to share it.</p>
      </header>

      <section aria-labelledby="trails-heading" className="space-y-4">
        <h2 id="trails-heading" className="sr-only">
          This weekend’s trails
        </h2>
        <TrailFilters filters={filters} countries={places.data?.countries ?? []} onChange={setFilters} showFavourites={signedIn} />
        {homePlace && profile?.city && (
          <label className="flex w-fit items-center gap-2 text-sm font-medium text-stone-700">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={nearestFirst}
              onChange={(event) => setNearestFirst(event.target.checked)}
            />
            Nearest to {profile.city} first
          </label>
        )}

        {trailsQuery.isPending ? (
          <TrailListSkeleton />
        ) : trailsQuery.isError ? (
          <EmptyState
            message="We couldn’t load the trails."
            action={
              <Button variant="secondary" onClick={() => void trailsQuery.refetch()}>
                Try again
              </Button>
            }
          />
        ) : trails.length > 0 ? (
          <>
            <TrailList id={TRAIL_LIST_ID} trails={trails} opensSignIn={!signedIn} onChoose={chooseTrail} origin={origin} />
            {trailsQuery.hasNextPage && (
              <ShowMore
                auto
                label="Show more trails"
                loadingLabel="Loading more trails…"
                loading={trailsQuery.isFetchingNextPage}
                onShowMore={() => void trailsQuery.fetchNextPage()}
                shown={trails.length}
                controls={TRAIL_LIST_ID}
              />
            )}
          </>
        ) : nothingListed ? (
          <EmptyState message="No trails are scheduled for this weekend." />
        ) : onlyFavourites ? (
          <EmptyState message="No favourite trails this weekend. Tap the heart on a trail’s page to keep it here." />
        ) : (
          <EmptyState
            message="No trails match your filters."
            action={
              <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
                Reset filters
              </Button>
            }
          />
        )}
      </section>

      <p className="pt-2 text-center">
        <a
          href={WEBSITE_URL}
          target="_blank"
          rel="noopener"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
        >
          Visit our website
          <ExternalLinkIcon className="size-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}

function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center shadow-card ring-1 ring-stone-200/70">
      <SearchXIcon className="size-10 text-stone-400" aria-hidden="true" />
      <p className="font-medium text-stone-700" role="status">
        {message}
      </p>
      {action}
    </div>
  );
}

/** `value`, once it has stopped changing for `delayMs`. */
function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
