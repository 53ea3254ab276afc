import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { formatDate, formatTimeRange } from '@trailbuddy/shared/domain/date-format';
import { CalendarPlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { useDeleteEvent } from '../api/delete-event';
import { errorMessage } from '../../../lib/error-message';
import { dangerButtonClasses } from '../utils/styles';

export interface CreatedEventsProps {
  events: readonly MatchView[] | undefined;
  loading: boolean;
  onPropose: () => void;
  notice: string | null;
}

/** My Created Events for this trail (events made with Propose a Date), each deletable after a confirmation. */
export function CreatedEvents({ events, loading, onPropose, notice }: CreatedEventsProps) {
  const [toDelete, setToDelete] = useState<MatchView | null>(null);

  return (
    <section aria-labelledby="created-events-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="created-events-heading" className="text-lg font-semibold text-stone-900">
          My Created Events
        </h2>
        <Button onClick={onPropose} aria-haspopup="dialog">
          <CalendarPlus className="size-4" aria-hidden="true" />
          Propose a Date
        </Button>
      </div>

      <div aria-live="polite">{notice && <Alert tone="success">{notice}</Alert>}</div>

      {loading ? (
        <div className="h-16 animate-pulse rounded-2xl bg-stone-200/70 motion-reduce:animate-none" aria-hidden="true" />
      ) : events && events.length > 0 ? (
        <ul className="divide-y divide-stone-100 overflow-hidden rounded-2xl bg-white shadow-card ring-1 ring-stone-200/70">
          {events.map((event) => {
            const date = formatDate(event.startTime);
            const time = formatTimeRange(event.startTime, event.endTime);
            return (
              <li key={event.id} className="flex items-center gap-3 px-4 py-3">
                <span
                  className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-accent-50 text-accent-700"
                  aria-hidden="true"
                >
                  <CalendarPlus className="size-5" />
                </span>
                {/* The whole date, wrapping if it must: it is what tells one event from another. */}
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words text-stone-900">{date}</p>
                  <p className="text-sm text-stone-600">{time}</p>
                </div>
                <button
                  type="button"
                  onClick={() => setToDelete(event)}
                  aria-haspopup="dialog"
                  aria-label={`Delete event on ${date}, ${time}`}
                  className="shrink-0 rounded-full p-2.5 text-stone-500 hover:bg-red-50 hover:text-red-700"
                >
                  <Trash2 className="size-5" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="rounded-2xl bg-white px-4 py-5 text-center text-sm text-stone-600 ring-1 ring-stone-200/70">
          You haven’t proposed a date for this trail. Prefer another day or time? Propose your own.
        </p>
      )}

      {toDelete && <ConfirmDeleteDialog event={toDelete} onClose={() => setToDelete(null)} />}
    </section>
  );
}

function ConfirmDeleteDialog({ event, onClose }: { event: MatchView; onClose: () => void }) {
  const remove = useDeleteEvent();
  return (
    <Dialog
      title="Delete this event?"
      description={`${formatDate(event.startTime)}, ${formatTimeRange(event.startTime, event.endTime)}. This can’t be undone.`}
      onClose={onClose}
      historyEntry="delete-event"
    >
      <div className="space-y-4">
        {remove.error && <Alert tone="error">{errorMessage(remove.error)}</Alert>}
        <div className="flex flex-col-reverse gap-2.5 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Keep event
          </Button>
          <button
            type="button"
            className={dangerButtonClasses}
            disabled={remove.isPending}
            onClick={() => remove.mutate(event.id, { onSuccess: onClose })}
          >
            {remove.isPending ? 'Deleting…' : 'Delete event'}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
