import { matchIcsPath } from '@trailbuddy/shared/contracts/calendar';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { CalendarPlus, Undo2, X } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { errorMessage } from '../../../lib/error-message';
import { useWithdrawMatch } from '../api/plans';
import { iSentIt, isUpcomingHike, whatHappened } from '../utils/plans-text';
import { CancelHikeDialog } from './CancelHikeDialog';

/**
 * What I can change about a match: withdraw a request I sent, add a confirmed hike to my calendar
 * or cancel it; and, once it is cancelled, why. Mounted on the match card and the request-sent view.
 */
export default function MatchPlanActions({ match, now = Date.now() }: { match: MatchView; now?: number }) {
  const withdraw = useWithdrawMatch();
  const [cancelling, setCancelling] = useState(false);
  const happened = whatHappened(match);

  if (happened) {
    return (
      <div className="mt-3 space-y-1 rounded-xl bg-stone-50 px-3 py-2 text-sm text-stone-700" role="status">
        <p>{happened}</p>
        {match.cancellation?.note && <p className="text-stone-600">“{match.cancellation.note}”</p>}
      </div>
    );
  }

  const upcoming = isUpcomingHike(match, now);
  if (!iSentIt(match) && !upcoming) return null;
  return (
    <div className="mt-3 space-y-2">
      <div className="flex flex-wrap gap-2">
        {iSentIt(match) && (
          <Button variant="secondary" disabled={withdraw.isPending} onClick={() => withdraw.mutate(match.id)}>
            <Undo2 className="size-4" aria-hidden="true" />
            {withdraw.isPending ? 'Withdrawing…' : 'Withdraw request'}
          </Button>
        )}
        {upcoming && (
          <>
            <a href={matchIcsPath(match.id)} download className={buttonClasses('secondary')}>
              <CalendarPlus className="size-4" aria-hidden="true" />
              Add to calendar
            </a>
            <Button variant="ghost" onClick={() => setCancelling(true)}>
              <X className="size-4" aria-hidden="true" />
              {match.people.length > 1 ? 'Leave hike' : 'Cancel hike'}
            </Button>
          </>
        )}
      </div>
      {withdraw.error && <Alert tone="error">{errorMessage(withdraw.error)}</Alert>}
      {cancelling && <CancelHikeDialog match={match} now={now} onClose={() => setCancelling(false)} />}
    </div>
  );
}
