import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { ExternalLink, SearchX } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/Button';
import { useNavigation } from '../../../lib/navigation';
import { useTrails } from '../../../lib/queries/trails';
import { filterTrails, groupPlacesByCountry, NO_FILTERS, type TrailFilters as Filters } from '../utils/filter-trails';
import { TrailFilters } from './TrailFilters';
import { TrailList, TrailListSkeleton } from './TrailList';

export const WEBSITE_URL = 'https://trailbuddy.app';

export interface HomeViewProps {
  /** The signed-in user's display name; null when nobody is signed in. */
  displayName: string | null;
}

export function HomeView({ displayName }: HomeViewProps) {
  const { navigate, requireSignIn } = useNavigation();
  const signedIn = displayName !== null;
  const trailsQuery = useTrails();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);

  const allTrails = trailsQuery.data;
  const countries = useMemo(() => groupPlacesByCountry(allTrails ?? []), [allTrails]);
  const trails = useMemo(() => filterTrails(allTrails ?? [], filters), [allTrails, filters]);

  function chooseTrail(trail: Trail) {
    // SPEC §2: choosing a trail signed out opens the login modal.
    if (!signedIn) return requireSignIn();
    navigate({ name: 'trail-detail', trailId: trail.id, from: 'home' });
  }

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
        <TrailFilters filters={filters} countries={countries} onChange={setFilters} />

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
          <TrailList trails={trails} opensSignIn={!signedIn} onChoose={chooseTrail} />
        ) : trailsQuery.data.length === 0 ? (
          <EmptyState message="No trails are scheduled for this weekend." />
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
          <ExternalLink className="size-4" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </p>
    </div>
  );
}

function EmptyState({ message, action }: { message: string; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-12 text-center shadow-card ring-1 ring-stone-200/70">
      <SearchX className="size-10 text-stone-400" aria-hidden="true" />
      <p className="font-medium text-stone-700" role="status">
        {message}
      </p>
      {action}
    </div>
  );
}
