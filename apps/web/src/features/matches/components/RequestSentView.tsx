import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { CheckCircle2, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { useNavigation } from '../../../lib/navigation';
import { useMatch } from '../../../lib/queries/matches';
import { partnerNameOf } from '../utils/format';
import { MatchSummary, MatchSummarySkeleton } from './MatchSummary';

/** The view's title follows what happened to the request; product §2's texts where they apply. */
function headingOf(match: MatchView | undefined): string {
  if (!match || match.status === 'pending') return 'Request sent to play!';
  if (match.status === 'confirmed' || match.status === 'completed') return 'Match Accepted!';
  switch (match.cancellation?.kind) {
    case 'withdrawn':
      return 'Request withdrawn';
    case 'rejected':
      return 'Request declined';
    case 'expired':
      return 'Request expired';
    case 'cancelled':
      return 'Hike cancelled';
    default:
      return 'Request sent to play!';
  }
}

export interface RequestSentViewProps {
  matchId: string;
  /** Controls composed in by the app (withdraw, add to calendar, cancel, and why it ended). */
  actions?: (match: MatchView) => ReactNode;
}

/**
 * product §2 "request-sent": Request sent to play! The match is read with every state (cancelled
 * included) and refreshed by live events, so the view says when the other person accepts or
 * declines, or when the request was withdrawn, without a reload.
 */
export default function RequestSentView({ matchId, actions }: RequestSentViewProps) {
  const { navigate } = useNavigation();
  const matchQuery = useMatch(matchId);
  const match = matchQuery.data;
  const partnerName = partnerNameOf(match?.partner);
  const confirmed = match?.status === 'confirmed' || match?.status === 'completed';

  return (
    <section aria-labelledby="request-sent-heading" className="mx-auto max-w-lg space-y-6">
      <header className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-accent-100 text-accent-700" aria-hidden="true">
          <Send className="size-8" />
        </span>
        <h1 id="request-sent-heading" aria-live="polite" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          {headingOf(match)}
        </h1>
      </header>

      {matchQuery.isPending ? (
        <div role="status" aria-live="polite">
          <span className="sr-only">Loading the request…</span>
          <MatchSummarySkeleton />
        </div>
      ) : match ? (
        <>
          <div aria-live="polite">
            {confirmed ? (
              <div className="flex flex-col items-center gap-3 rounded-2xl bg-brand-50 p-4 text-center ring-1 ring-brand-200 ring-inset">
                <CheckCircle2 className="size-7 text-brand-700" aria-hidden="true" />
                <p role="status" className="font-semibold text-brand-800">
                  {partnerName} accepted. Your hike is confirmed!
                </p>
                <Button onClick={() => navigate({ name: 'match-accepted', matchId })}>See the match</Button>
              </div>
            ) : match.status === 'pending' ? (
              <p className="text-center text-stone-600">
                We’ll let you know as soon as <span className="font-semibold text-stone-800">{partnerName}</span> answers.
              </p>
            ) : null}
            {actions?.(match)}
          </div>
          <MatchSummary match={match} showCompatibility={confirmed} />
        </>
      ) : (
        <Alert tone="error">This request was declined or has expired.</Alert>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button variant={confirmed ? 'secondary' : 'primary'} onClick={() => navigate({ name: 'matches-page' })}>
          View My Matches
        </Button>
        <Button variant="secondary" onClick={() => navigate({ name: 'home' })}>
          Back to Home
        </Button>
      </div>
    </section>
  );
}
