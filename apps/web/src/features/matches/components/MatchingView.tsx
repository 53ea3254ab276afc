import type { WeekendDay } from '@trailbuddy/shared/domain/schedule';
import { useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { ApiError } from '../../../lib/api-client';
import { useNavigation } from '../../../lib/navigation';
import { useTrail } from '../../../lib/queries/trails';
import { useStartSearch } from '../api/start-search';

export interface MatchingViewProps {
  trailId: string;
  day: WeekendDay;
  /** Room for up to this many people (ADR 0054); unset, "just the two of us". */
  capacity?: number;
  /** The start time chosen on the trail page (ADR 0065); unset, the trail's first. */
  time?: string;
}

export const MATCH_FAILED_MESSAGE = 'Something went wrong while trying to create a match.';

/** The server's words for a refusal it explains (a started session, another hike at that time), else ours. */
const failureMessage = (error: unknown) => (error instanceof ApiError && error.status < 500 ? error.message : MATCH_FAILED_MESSAGE);

/** The search's body: the capacity only when the person left room for more. */
const searchInput = (trailId: string, day: WeekendDay, capacity?: number, time?: string) => ({
  trailId,
  day,
  ...(capacity ? { capacity } : {}),
  ...(time ? { time } : {}),
});

/** product §2 "matching": starts my search for the trail and day, then shows the results view. */
export default function MatchingView({ trailId, day, capacity, time }: MatchingViewProps) {
  const { navigate } = useNavigation();
  const search = useStartSearch();
  const trailName = useTrail(trailId).data?.name;
  // StrictMode runs effects twice on mount; the ref survives that, so the search is asked for once.
  const started = useRef(false);
  const { mutate } = search;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    mutate(searchInput(trailId, day, capacity, time));
  }, [mutate, trailId, day, capacity, time]);

  const matchId = search.data?.match.id;
  useEffect(() => {
    // Replacing the entry: Back from the search goes to the trail, not to a second search.
    if (matchId) navigate({ name: 'no-matches', trailId, day, matchId, ...(time ? { time } : {}) }, { replace: true });
  }, [matchId, navigate, trailId, day, time]);

  if (search.isError) {
    return (
      <section aria-labelledby="matching-heading" className="mx-auto max-w-md space-y-5 py-10 text-center">
        <h1 id="matching-heading" className="text-2xl font-bold tracking-tight text-stone-900">
          Finding a buddy
        </h1>
        <Alert tone="error">{failureMessage(search.error)}</Alert>
        <div className="flex flex-col justify-center gap-3 sm:flex-row">
          <Button onClick={() => navigate({ name: 'home' })}>Back to Home</Button>
          <Button
            variant="secondary"
            onClick={() => {
              search.reset();
              mutate(searchInput(trailId, day, capacity, time));
            }}
          >
            Try again
          </Button>
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby="matching-heading" className="flex flex-col items-center gap-6 py-16 text-center">
      <div className="relative flex size-28 items-center justify-center" aria-hidden="true">
        <span className="absolute inset-0 animate-ping rounded-full bg-brand-200/60 motion-reduce:animate-none" />
        <span className="relative size-20 animate-spin rounded-full border-[6px] border-brand-100 border-t-brand-700 motion-reduce:animate-none" />
      </div>
      <div role="status" aria-live="polite" className="space-y-1">
        <h1 id="matching-heading" className="text-xl font-semibold text-stone-900">
          Finding your ideal hiking buddy...
        </h1>
        <p className="min-h-6 text-stone-600">{trailName ?? ''}</p>
      </div>
    </section>
  );
}
