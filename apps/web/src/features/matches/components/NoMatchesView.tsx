import type { BestMatch, MatchView } from '@trailbuddy/shared/contracts/match';
import { formatDate, formatTimeRange } from '@trailbuddy/shared/domain/date-format';
import { WEEKEND_DAY_LABELS } from '@trailbuddy/shared/contracts/labels';
import type { WeekendDay } from '@trailbuddy/shared/domain/schedule';
import { CalendarDays, Clock, Hourglass, MapPin, Users } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { TrailPicture } from '../../../components/TrailPicture';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { ShowMore } from '../../../components/ui/ShowMore';
import { useNavigation } from '../../../lib/navigation';
import { useBestMatches, useMyMatches } from '../../../lib/queries/matches';
import { useTrail } from '../../../lib/queries/trails';
import { useCancelSearch } from '../api/cancel-search';
import { errorMessage } from '../../../lib/error-message';
import { partnerNameOf, UNKNOWN_TRAIL } from '../utils/format';
import { dangerGhostButtonClasses } from '../utils/styles';
import { BestMatchCard, BestMatchCardSkeleton } from './BestMatchCard';
import { CreatedEvents } from './CreatedEvents';
import { CustomDateDialog } from './CustomDateDialog';
import { HikesToJoin } from './HikesToJoin';
import { IncomingRequestCard } from './IncomingRequestCard';
import { ProfileDialog, type ProfileDialogProps } from './ProfileDialog';

const EVENT_CREATED = 'Your event was created.';

export interface NoMatchesViewProps {
  trailId: string;
  day: WeekendDay;
  /** The search's start time (ADR 0065); unset, the trail's first. */
  time?: string;
  /** My open search for this trail and day. */
  matchId: string;
  /** Block and Report in a candidate's profile dialog, composed by app/. */
  profileActions?: ProfileDialogProps['actions'];
}

const THUMB_SIZE = 96;
/** Cards shown before "Show more", so the other actions stay within reach on a phone. */
const FIRST_CANDIDATES = 6;

/**
 * product §2 "no-matches": I am searching for a buddy for this trail and day. Best Matches to invite,
 * my own proposed dates, and the search itself, which updates live: a request to it shows here
 * to answer, and once it is confirmed the match-accepted view opens.
 */
export default function NoMatchesView({ trailId, day, time, matchId, profileActions }: NoMatchesViewProps) {
  const { navigate } = useNavigation();
  const trail = useTrail(trailId).data;
  const myMatchesQuery = useMyMatches();
  const myMatches = myMatchesQuery.data;
  const search = myMatches?.find((m) => m.id === matchId) ?? (myMatches ? null : undefined);
  const bestMatches = useBestMatches(trailId, day, time);
  const cancel = useCancelSearch();

  const [candidate, setCandidate] = useState<BestMatch | null>(null);
  const clearCandidate = useCallback(() => setCandidate(null), []);
  const openCandidate = useCallback((chosen: BestMatch) => setCandidate(chosen), []);
  const [proposing, setProposing] = useState(false);
  // The event just proposed: its notice lasts as long as the event does (deleting it ends both).
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [showAllCandidates, setShowAllCandidates] = useState(false);

  const trailName = trail?.name ?? search?.trail?.name ?? UNKNOWN_TRAIL;
  const location = trail?.location ?? search?.trail?.location;
  const image = trail?.image ?? search?.trail?.image ?? null;

  // Pending matches for this very hike that wait for my answer: a request to my search, or an
  // invitation to someone else's search for the same slot.
  const incoming = useMemo(
    () =>
      (myMatches ?? []).filter(
        (m) =>
          m.status === 'pending' &&
          m.awaitingMyAnswer &&
          m.trailId === trailId &&
          (m.id === matchId || (search != null && m.startTime === search.startTime)),
      ),
    [myMatches, trailId, matchId, search],
  );
  const createdEvents = useMemo(
    () =>
      (myMatches ?? []).filter((m) => m.createdManually && m.trailId === trailId).sort((a, b) => a.startTime.localeCompare(b.startTime)),
    [myMatches, trailId],
  );

  const confirmed = search?.status === 'confirmed' || search?.status === 'completed';
  useEffect(() => {
    if (confirmed) navigate({ name: 'match-accepted', matchId });
  }, [confirmed, navigate, matchId]);

  const leaving = cancel.isPending || cancel.isSuccess;
  const waitingOnPartner = search?.status === 'pending' && !search.awaitingMyAnswer;

  function rejected(match: MatchView) {
    // Turning down a request to my own search ends that search; look again, as the person still wants a buddy.
    if (match.id === matchId) navigate({ name: 'matching', trailId, day, ...(time ? { time } : {}) });
  }

  return (
    <div className="space-y-8">
      <header className="flex gap-4 rounded-3xl bg-white p-4 shadow-card ring-1 ring-stone-200/70 sm:p-5">
        <div className="relative shrink-0 overflow-hidden rounded-2xl bg-stone-200" style={{ width: THUMB_SIZE, height: THUMB_SIZE }}>
          <TrailPicture image={image} iconClassName="size-10" width={THUMB_SIZE} height={THUMB_SIZE} />
        </div>
        <div className="min-w-0 space-y-1">
          <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-brand-700 uppercase">
            <span className="relative flex size-2.5" aria-hidden="true">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-brand-400 opacity-75 motion-reduce:animate-none" />
              <span className="relative inline-flex size-2.5 rounded-full bg-brand-600" />
            </span>
            Searching for buddies
          </p>
          <h1 className="text-xl leading-tight font-bold tracking-tight text-stone-900 sm:text-2xl">{trailName}</h1>
          {location && (
            <p className="flex items-center gap-1 text-sm text-stone-600">
              <MapPin className="size-4 shrink-0" aria-hidden="true" />
              {location}
            </p>
          )}
          <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-stone-700">
            <div className="flex items-center gap-1.5">
              <dt className="sr-only">Date</dt>
              <CalendarDays className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
              <dd>{search ? formatDate(search.startTime) : WEEKEND_DAY_LABELS[day]}</dd>
            </div>
            {search && (
              <div className="flex items-center gap-1.5">
                <dt className="sr-only">Time</dt>
                <Clock className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                <dd>{formatTimeRange(search.startTime, search.endTime)}</dd>
              </div>
            )}
          </dl>
        </div>
      </header>

      <div aria-live="polite" className="space-y-4 empty:hidden">
        {incoming.map((m) => (
          <IncomingRequestCard
            key={m.id}
            match={m}
            onAccepted={(accepted) => navigate({ name: 'match-accepted', matchId: accepted.id })}
            onRejected={rejected}
          />
        ))}
        {waitingOnPartner && (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-accent-50 p-4 ring-1 ring-accent-100 ring-inset">
            <p className="flex items-center gap-2 text-sm font-medium text-accent-700">
              <Hourglass className="size-4 shrink-0" aria-hidden="true" />
              Waiting for {partnerNameOf(search.partner)} to answer.
            </p>
            <Button variant="secondary" onClick={() => navigate({ name: 'request-sent', matchId })}>
              See request
            </Button>
          </div>
        )}
        {search === null && !leaving && (
          <div className="space-y-3 rounded-2xl bg-white p-4 ring-1 ring-stone-200/70">
            <Alert tone="error">This search has ended.</Alert>
            <Button onClick={() => navigate({ name: 'matching', trailId, day, ...(time ? { time } : {}) })}>Search again</Button>
          </div>
        )}
      </div>

      <HikesToJoin trailId={trailId} day={day} time={time} />

      <section aria-labelledby="best-matches-heading" className="space-y-3">
        <div>
          <h2 id="best-matches-heading" className="text-lg font-semibold text-stone-900">
            Best Matches
          </h2>
          <p className="text-sm text-stone-600">People who fit you best for this hike. Tap one to see their profile and invite them.</p>
        </div>
        {bestMatches.isPending ? (
          <div role="status" aria-live="polite">
            <span className="sr-only">Loading best matches…</span>
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {[0, 1, 2, 3].map((i) => (
                <BestMatchCardSkeleton key={i} />
              ))}
            </div>
          </div>
        ) : bestMatches.isError ? (
          <div className="space-y-3">
            <Alert tone="error">We couldn’t load your best matches.</Alert>
            <Button variant="secondary" onClick={() => void bestMatches.refetch()}>
              Try again
            </Button>
          </div>
        ) : bestMatches.data.length > 0 ? (
          <>
            <ul id="best-matches-list" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              {(showAllCandidates ? bestMatches.data : bestMatches.data.slice(0, FIRST_CANDIDATES)).map((c) => (
                <li key={c.profile.id}>
                  <BestMatchCard candidate={c} onOpen={openCandidate} />
                </li>
              ))}
            </ul>
            {(bestMatches.hasNextPage || (!showAllCandidates && bestMatches.data.length > FIRST_CANDIDATES)) && (
              <ShowMore
                label="Show more matches"
                loadingLabel="Loading more matches…"
                loading={bestMatches.isFetchingNextPage}
                // The rest of the first page, then the next pages.
                onShowMore={() => (showAllCandidates ? void bestMatches.fetchNextPage() : setShowAllCandidates(true))}
                shown={showAllCandidates ? bestMatches.data.length : FIRST_CANDIDATES}
                controls="best-matches-list"
              />
            )}
          </>
        ) : (
          <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-10 text-center shadow-card ring-1 ring-stone-200/70">
            <Users className="size-10 text-stone-400" aria-hidden="true" />
            <p role="status" className="font-medium text-stone-700">
              No buddies to suggest yet.
            </p>
            <p className="max-w-xs text-sm text-stone-600">Your search stays open: anyone who joins this hike will show up here.</p>
          </div>
        )}
      </section>

      <CreatedEvents
        events={createdEvents}
        loading={myMatchesQuery.isPending}
        notice={createdId && createdEvents?.some((event) => event.id === createdId) ? EVENT_CREATED : null}
        onPropose={() => {
          setCreatedId(null);
          setProposing(true);
        }}
      />

      <div className="space-y-3 border-t border-stone-200 pt-6">
        {cancel.error && <Alert tone="error">{errorMessage(cancel.error)}</Alert>}
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <Button variant="secondary" onClick={() => navigate({ name: 'home' })}>
            Choose another trail
          </Button>
          <Button variant="secondary" onClick={() => navigate({ name: 'matches-page' })}>
            View My Matches
          </Button>
          {search?.status === 'searching' && (
            <button
              type="button"
              className={`${dangerGhostButtonClasses} sm:ml-auto`}
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(matchId, { onSuccess: () => navigate({ name: 'home' }) })}
            >
              {cancel.isPending ? 'Cancelling…' : 'Cancel Search'}
            </button>
          )}
        </div>
      </div>

      {candidate && (
        <ProfileDialog
          candidate={candidate}
          trailId={trailId}
          day={day}
          time={time}
          onClose={clearCandidate}
          actions={profileActions}
          onSent={(sentId) => navigate({ name: 'request-sent', matchId: sentId })}
        />
      )}
      {proposing && (
        <CustomDateDialog
          trailId={trailId}
          trailName={trailName}
          hours={trail?.hours}
          onClose={() => setProposing(false)}
          onCreated={(event) => {
            setProposing(false);
            setCreatedId(event.id);
          }}
        />
      )}
    </div>
  );
}
