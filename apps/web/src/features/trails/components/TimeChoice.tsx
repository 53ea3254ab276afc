import { formatTime, formatTimeRange } from '@trailbuddy/shared/domain/date-format';
import { useDateFormat } from '../../../lib/server-render';
import type { TimeSession } from '../utils/trail-session';

export interface TimeChoiceProps {
  value: string | undefined;
  sessions: TimeSession[];
  onChange: (time: string) => void;
  /** Start times whose session has already started on the chosen day: shown, but not offered (issue 23). */
  started: ReadonlySet<string>;
}

/** The trail's start times on the chosen day (ADR 0065), each with its hours: native radios, so arrow keys work. */
export function TimeChoice({ value, sessions, onChange, started }: TimeChoiceProps) {
  const dateFormat = useDateFormat();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-stone-800">Choose your start time</legend>
      <div className="grid grid-cols-2 gap-3">
        {sessions.map(({ time, start, end }) =>
          time === undefined ? null : (
            <label
              key={time}
              className="flex cursor-pointer flex-col rounded-2xl bg-white px-3 py-3 sm:px-4 ring-1 ring-stone-300 transition-colors ring-inset hover:bg-stone-50 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
            >
              <input
                type="radio"
                name="trail-time"
                value={time}
                checked={value === time && !started.has(time)}
                disabled={started.has(time)}
                onChange={() => onChange(time)}
                className="sr-only"
              />
              <span className="font-semibold whitespace-nowrap text-stone-900">{formatTime(start, dateFormat)}</span>
              <span className="text-xs text-stone-600 sm:text-sm">
                {started.has(time) ? 'Already started' : formatTimeRange(start, end, dateFormat)}
              </span>
            </label>
          ),
        )}
      </div>
    </fieldset>
  );
}
