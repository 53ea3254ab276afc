import { WEEKEND_DAY_LABELS } from '@trailbuddy/shared/contracts/labels';
import { WEEKEND_DAYS, type WeekendDay } from '@trailbuddy/shared/domain/schedule';
import { useDateFormat } from '../../../lib/server-render';
import { formatShortDate } from '../utils/format-session';
import type { DaySession } from '../utils/trail-session';

export interface DayChoiceProps {
  value: WeekendDay;
  sessions: Record<WeekendDay, DaySession>;
  onChange: (day: WeekendDay) => void;
  /** Days whose session has already started: shown, but not offered (issue 23). */
  started?: Partial<Record<WeekendDay, boolean>>;
}

/** Saturday or Sunday of the trail's weekend, each with its date: native radios, so arrow keys work. */
export function DayChoice({ value, sessions, onChange, started = {} }: DayChoiceProps) {
  const dateFormat = useDateFormat();
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-stone-800">Choose your day</legend>
      <div className="grid grid-cols-2 gap-3">
        {WEEKEND_DAYS.map((day) => (
          <label
            key={day}
            className="flex cursor-pointer flex-col rounded-2xl has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 bg-white px-4 py-3 ring-1 ring-stone-300 transition-colors ring-inset hover:bg-stone-50 has-[:checked]:bg-brand-50 has-[:checked]:ring-2 has-[:checked]:ring-brand-600 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name="trail-day"
              value={day}
              checked={value === day && !started[day]}
              disabled={started[day]}
              onChange={() => onChange(day)}
              className="sr-only"
            />
            <span className="font-semibold text-stone-900">{WEEKEND_DAY_LABELS[day]}</span>
            <span className="text-sm text-stone-600">
              {started[day] ? 'Already started' : formatShortDate(sessions[day].start, dateFormat)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
