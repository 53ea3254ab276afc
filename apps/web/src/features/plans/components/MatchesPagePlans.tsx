import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { formatDate, formatTimeRange } from '@trailbuddy/shared/domain/date-format';
import { Search, UserPlus, X } from 'lucide-react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { useMyMatches } from '../../../lib/queries/matches';
import { errorMessage } from '../../../lib/error-message';
import { useCancelSearch, useChangedPlans, useFindSomeoneElse } from '../api/plans';
import { trailName, whatHappened } from '../utils/plans-text';

const when = (match: MatchView) => `${formatDate(match.startTime, 'short')}, ${formatTimeRange(match.startTime, match.endTime)}`;

/** My open searches (they belong to no tab): each can be cancelled here (product "Cancel Search"). */
function OpenSearches({ now }: { now: number }) {
  const mine = useMyMatches();
  const cancel = useCancelSearch();
  const searches = (mine.data ?? []).filter(
    (m) => m.status === 'searching' && m.role === 'creator' && new Date(m.startTime).getTime() > now,
  );
  if (searches.length === 0) return null;
  return (
    <section aria-labelledby="open-searches-heading" className="space-y-2">
      <h2 id="open-searches-heading" className="text-sm font-semibold tracking-wide text-stone-500 uppercase">
        Searching for a buddy
      </h2>
      <ul className="space-y-2">
        {searches.map((search) => (
          <li key={search.id} className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-card ring-1 ring-stone-200/70">
            <Search className="size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-stone-900">{trailName(search)}</p>
              <p className="text-sm text-stone-600">{when(search)}</p>
            </div>
            <Button
              variant="secondary"
              disabled={cancel.isPending}
              aria-label={`Cancel Search: ${trailName(search)}, ${when(search)}`}
              onClick={() => cancel.mutate(search.id)}
            >
              <X className="size-4" aria-hidden="true" />
              Cancel Search
            </Button>
          </li>
        ))}
      </ul>
      {cancel.error && <Alert tone="error">{errorMessage(cancel.error)}</Alert>}
    </section>
  );
}

/** What my partners changed lately, so a withdrawn request or a cancelled hike does not just vanish. */
function ChangedPlans({ now }: { now: number }) {
  const changed = useChangedPlans();
  const findSomeoneElse = useFindSomeoneElse();
  const list = changed.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="changed-plans-heading" className="space-y-2">
      <h2 id="changed-plans-heading" className="text-sm font-semibold tracking-wide text-stone-500 uppercase">
        Changed plans
      </h2>
      <ul className="space-y-2">
        {list.map((match) => (
          <li key={match.id} className="rounded-2xl bg-red-50/60 p-3 text-sm ring-1 ring-red-100">
            <p className="font-semibold text-stone-900">
              {trailName(match)} · {when(match)}
            </p>
            <p className="text-stone-700">{whatHappened(match)}</p>
            {match.cancellation?.note && <p className="text-stone-600">“{match.cancellation.note}”</p>}
            {match.cancellation?.kind === 'cancelled' &&
              match.cancellation.by === 'partner' &&
              new Date(match.startTime).getTime() > now && (
                <Button
                  variant="secondary"
                  className="mt-2"
                  disabled={findSomeoneElse.isPending}
                  aria-label={`Find me someone else: ${trailName(match)}, ${when(match)}`}
                  onClick={() => findSomeoneElse.mutate(match.id)}
                >
                  <UserPlus className="size-4" aria-hidden="true" />
                  Find me someone else
                </Button>
              )}
          </li>
        ))}
      </ul>
      {findSomeoneElse.isSuccess && (
        <p role="status" className="text-sm text-brand-800">
          Your search is open again: you are in Best Matches for that hike.
        </p>
      )}
      {findSomeoneElse.error && <Alert tone="error">{errorMessage(findSomeoneElse.error)}</Alert>}
    </section>
  );
}

/** The matches page's additions of issue 13: my open searches and my partners' changed plans. */
export default function MatchesPagePlans() {
  // Read once per render: the list refreshes on every match change, which is when this matters.
  const now = Date.now();
  return (
    <div className="space-y-5">
      <OpenSearches now={now} />
      <ChangedPlans now={now} />
    </div>
  );
}
