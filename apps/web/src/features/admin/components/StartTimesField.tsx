import { START_TIMES_MAX } from '@trailbuddy/shared/domain/schedule';
import { Plus, X } from 'lucide-react';
import { controlClasses, FieldMessages, fieldLayoutClasses, RequiredMark, useFieldIds } from '../../../components/ui/Field';

/** A start time offered once the administrator adds a second one: the first plus three hours. */
function nextSuggestion(times: readonly string[]): string {
  const last = times.at(-1) ?? '10:00';
  const [hour = 10, minute = 0] = last.split(':').map(Number);
  return `${String(Math.min(hour + 3, 23)).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/**
 * The trail's start times (ADR 0065): one time box per time, up to START_TIMES_MAX, each with its
 * remove button while there are two or more. The boxes share the field's name, so the form's
 * "focus the first field in error" reaches the first of them.
 */
export function StartTimesField({
  value,
  error,
  onChange,
  className = '',
}: {
  value: string[];
  error?: string;
  onChange: (times: string[]) => void;
  className?: string;
}) {
  const ids = useFieldIds('The session of each lasts the trail’s hours.', error);
  const setAt = (index: number, time: string) => onChange(value.map((t, i) => (i === index ? time : t)));
  return (
    <fieldset className={`${fieldLayoutClasses} ${className}`} aria-describedby={ids.describedBy}>
      <legend className="float-left block w-full pb-1.5 text-sm font-medium text-stone-700">
        Start times
        <RequiredMark />
      </legend>
      <div className="flex flex-wrap items-center gap-2">
        {value.map((time, index) => (
          <div key={index} className="flex items-center gap-1">
            <input
              type="time"
              name="startTimes"
              step={60}
              required
              value={time}
              aria-label={`Start time ${index + 1}`}
              aria-invalid={error ? true : undefined}
              onChange={(event) => setAt(index, event.target.value)}
              className={`${controlClasses} w-32`}
            />
            {value.length > 1 && (
              <button
                type="button"
                onClick={() => onChange(value.filter((_, i) => i !== index))}
                aria-label={`Remove start time ${time || index + 1}`}
                className="rounded-full p-1.5 text-stone-500 hover:bg-stone-100 hover:text-stone-800"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            )}
          </div>
        ))}
        {value.length < START_TIMES_MAX && (
          <button
            type="button"
            onClick={() => onChange([...value, nextSuggestion(value)])}
            className="inline-flex items-center gap-1 rounded-full px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            <Plus className="size-4" aria-hidden="true" />
            Add a start time
          </button>
        )}
      </div>
      <FieldMessages hint="The session of each lasts the trail’s hours." hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </fieldset>
  );
}
