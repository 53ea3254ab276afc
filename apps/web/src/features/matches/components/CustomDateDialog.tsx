import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { formatTimeRange } from '@trailbuddy/shared/domain/date-format';
import { CUSTOM_EVENT_HOURS, customEventSession, formatHours, validateCustomEventStart } from '@trailbuddy/shared/domain/schedule';
import { Clock } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { TextField } from '../../../components/ui/TextField';
import { useProposeDate } from '../api/propose-date';
import { errorMessage } from '../../../lib/error-message';

export interface CustomDateDialogProps {
  trailId: string;
  trailName: string;
  /** The trail's own duration in hours (issue 23); unset, CUSTOM_EVENT_HOURS. */
  hours?: number;
  onClose: () => void;
  onCreated: (event: MatchView) => void;
  /** Injectable clock for tests; defaults to the real time when the form is sent. */
  now?: () => Date;
}

/** 'YYYY-MM-DD' of today on the person's own calendar, the earliest date the picker offers. */
function localDateKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The chosen local date and time as an instant; Invalid Date when either is missing. */
function readStart(date: string, time: string): Date {
  return date && time ? new Date(`${date}T${time}`) : new Date(Number.NaN);
}

/** The custom-date event dialog (Propose a Date): an event of my own on this trail, as long as the trail's session. */
export function CustomDateDialog({
  trailId,
  trailName,
  hours: trailHours,
  onClose,
  onCreated,
  now = () => new Date(),
}: CustomDateDialogProps) {
  const hours = trailHours !== undefined && Number.isFinite(trailHours) && trailHours > 0 ? trailHours : CUSTOM_EVENT_HOURS;
  const propose = useProposeDate();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('10:00');
  const [problem, setProblem] = useState<string | null>(null);

  const start = readStart(date, time);
  const session = Number.isNaN(start.getTime()) ? null : customEventSession(start, hours);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const message = validateCustomEventStart(start, now());
    setProblem(message);
    if (message) return;
    propose.mutate({ trailId, startTime: start.toISOString() }, { onSuccess: (event) => onCreated(event) });
  }

  const error = problem ?? (propose.error ? errorMessage(propose.error) : null);

  return (
    <Dialog
      title="Propose a Date"
      description={`Plan your own ${formatHours(hours)}-hour outing on ${trailName}.`}
      onClose={onClose}
      historyEntry="custom-date"
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            label="Date"
            type="date"
            required
            min={localDateKey(now())}
            value={date}
            onChange={(e) => {
              setDate(e.target.value);
              setProblem(null);
            }}
          />
          <TextField
            label="Time"
            type="time"
            required
            value={time}
            onChange={(e) => {
              setTime(e.target.value);
              setProblem(null);
            }}
          />
        </div>

        <p className="flex items-center gap-2 rounded-xl bg-stone-100 px-3.5 py-2.5 text-sm text-stone-700">
          <Clock className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
          {session ? (
            <span>
              Lasts {formatHours(hours)} hours: {formatTimeRange(session.start, session.end)}
            </span>
          ) : (
            <span>Lasts {formatHours(hours)} hours.</span>
          )}
        </p>

        {error && <Alert tone="error">{error}</Alert>}

        <div className="flex flex-col-reverse gap-2.5 pt-1 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={propose.isPending}>
            {propose.isPending ? 'Creating…' : 'Create event'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
