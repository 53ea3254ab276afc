import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { PartyPopper } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { useNavigation } from '../../../lib/navigation';
import { useMyMatch } from '../../../lib/queries/matches';
import { MatchSummary, MatchSummarySkeleton } from './MatchSummary';
import { useSeeMatchNotifications } from '../api/see-notifications';

/**
 * product §2 "match-accepted": Match Accepted! with a summary of the pair, trail and time.
 * `actions`: controls the app composes in (Add to calendar, cancel the hike).
 */
export default function MatchAcceptedView({ matchId, actions }: { matchId: string; actions?: (match: MatchView) => ReactNode }) {
  const { navigate } = useNavigation();
  const matchQuery = useMyMatch(matchId);
  // My list also keeps a hike my own block cancelled (ADR 0067): that one is no longer a match here.
  const match = matchQuery.data?.status === 'cancelled' ? null : matchQuery.data;
  useSeeMatchNotifications(match ? [match.id] : [], matchQuery.dataUpdatedAt);

  return (
    <section aria-labelledby="accepted-heading" className="mx-auto max-w-lg space-y-6">
      <header className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
          <PartyPopper className="size-8" />
        </span>
        <h1 id="accepted-heading" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          Match Accepted!
        </h1>
        <p className="text-stone-600">You’re all set. We’ve e-mailed you both the details.</p>
      </header>

      {matchQuery.isPending ? (
        <div role="status" aria-live="polite">
          <span className="sr-only">Loading the match…</span>
          <MatchSummarySkeleton />
        </div>
      ) : matchQuery.isError ? (
        <Alert tone="error">We couldn’t load this match. Please try again.</Alert>
      ) : match ? (
        <>
          <MatchSummary match={match} showCompatibility />
          {actions?.(match)}
        </>
      ) : (
        <Alert tone="error">This match is no longer available.</Alert>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button onClick={() => navigate({ name: 'matches-page' })}>View My Matches</Button>
        <Button variant="secondary" onClick={() => navigate({ name: 'home' })}>
          Back to Home
        </Button>
      </div>
    </section>
  );
}
