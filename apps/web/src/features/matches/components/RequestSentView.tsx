import { CheckCircle2, Send } from 'lucide-react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { useNavigation } from '../../../lib/navigation';
import { useMyMatch } from '../../../lib/queries/matches';
import { partnerNameOf } from '../utils/format';
import { MatchSummary, MatchSummarySkeleton } from './MatchSummary';

/**
 * SPEC §2 "request-sent": Request sent to play! The match is read from my live list, so when
 * the other person accepts, the view says so without a reload.
 */
export default function RequestSentView({ matchId }: { matchId: string }) {
  const { navigate } = useNavigation();
  const matchQuery = useMyMatch(matchId);
  const match = matchQuery.data;
  const partnerName = partnerNameOf(match?.partner);
  const confirmed = match?.status === 'confirmed' || match?.status === 'completed';

  return (
    <section aria-labelledby="request-sent-heading" className="mx-auto max-w-lg space-y-6">
      <header className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-accent-100 text-accent-700" aria-hidden="true">
          <Send className="size-8" />
        </span>
        <h1 id="request-sent-heading" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          Request sent to play!
        </h1>
      </header>

      {matchQuery.isPending ? (
        <div role="status" aria-live="polite">
          <span className="sr-only">Loading the request…</span>
          <MatchSummarySkeleton />
        </div>
      ) : matchQuery.isError ? (
        <Alert tone="error">We couldn’t load this request. Please try again.</Alert>
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
            ) : (
              <p className="text-center text-stone-600">
                We’ll let you know as soon as <span className="font-semibold text-stone-800">{partnerName}</span> answers.
              </p>
            )}
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
