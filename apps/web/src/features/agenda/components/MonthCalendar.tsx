import { addDays, addMonths, endOfWeek, format, isSameMonth, startOfMonth, startOfWeek } from 'date-fns';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { dayKey, fromDayKey, monthGrid, WEEK_STARTS_ON, weekdays } from '../utils/calendar';

export interface MonthCalendarProps {
  /** Any day of the month shown. */
  month: Date;
  selectedKey: string;
  todayKey: string;
  /** Days ('YYYY-MM-DD') that have sessions. */
  highlighted: ReadonlySet<string>;
  onMonthChange: (month: Date) => void;
  onSelect: (key: string) => void;
}

const WEEKDAYS = weekdays();

/** Selected wins; today has a teal ring (unlike the green focus outline); session days are tinted. */
function dayStyle({ selected, today, busy, outside }: { selected: boolean; today: boolean; busy: boolean; outside: boolean }) {
  if (selected) return 'bg-brand-700 font-bold text-white shadow-sm';
  const ring = today ? 'ring-2 ring-accent-500 ring-inset' : '';
  if (busy) return `bg-brand-100 font-semibold text-brand-900 hover:bg-brand-200 ${ring}`;
  if (today) return `font-bold text-accent-700 hover:bg-stone-100 ${ring}`;
  return outside ? 'text-stone-500 hover:bg-stone-50' : 'text-stone-800 hover:bg-stone-100';
}

/** How each key moves the focused day (the date-picker grid keys of the WAI-ARIA practices). */
function moveFor(key: string, day: Date): Date | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return startOfWeek(day, { weekStartsOn: WEEK_STARTS_ON });
    case 'End':
      return endOfWeek(day, { weekStartsOn: WEEK_STARTS_ON });
    case 'PageUp':
      return addMonths(day, -1);
    case 'PageDown':
      return addMonths(day, 1);
    default:
      return null;
  }
}

/**
 * A month of days with previous/next month buttons. Each day is a toggle button; one of them is
 * in the tab order and the arrow keys move between days (crossing into the next or previous
 * month when needed), Page Up/Down by month, Home/End to the week's ends; Enter or Space selects.
 */
export function MonthCalendar({ month, selectedKey, todayKey, highlighted, onMonthChange, onSelect }: MonthCalendarProps) {
  const titleId = useId();
  const weeks = monthGrid(month);
  const dayButtons = useRef(new Map<string, HTMLButtonElement>());
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const moveFocus = useRef(false);

  const inMonth = (key: string) => isSameMonth(fromDayKey(key), month);
  // The one day reachable with Tab: the last one moved to, else the selected day, else today,
  // else the 1st, whichever is in the month shown.
  const tabStop =
    [focusKey, selectedKey, todayKey].find((key): key is string => key !== null && inMonth(key)) ?? dayKey(startOfMonth(month));

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    dayButtons.current.get(tabStop)?.focus();
  }, [tabStop]);

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: Date) {
    const next = moveFor(event.key, day);
    if (!next) return;
    event.preventDefault();
    if (!isSameMonth(next, month)) onMonthChange(startOfMonth(next));
    moveFocus.current = true;
    setFocusKey(dayKey(next));
  }

  function showMonth(delta: number) {
    setFocusKey(null);
    onMonthChange(startOfMonth(addMonths(month, delta)));
  }

  return (
    <div className="rounded-3xl bg-white p-3 shadow-card ring-1 ring-stone-200/70 sm:p-5">
      <div className="mb-3 flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => showMonth(-1)}
          aria-label="Previous month"
          className="rounded-full p-2 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
        >
          <ChevronLeft className="size-5" aria-hidden="true" />
        </button>
        <h2 id={titleId} aria-live="polite" className="text-lg font-semibold text-stone-900">
          {format(month, 'MMMM yyyy')}
        </h2>
        <button
          type="button"
          onClick={() => showMonth(1)}
          aria-label="Next month"
          className="rounded-full p-2 text-stone-600 hover:bg-stone-100 hover:text-stone-900"
        >
          <ChevronRight className="size-5" aria-hidden="true" />
        </button>
      </div>

      <table aria-labelledby={titleId} className="w-full table-fixed border-collapse">
        <thead>
          <tr>
            {WEEKDAYS.map((day) => (
              <th key={day.getDay()} scope="col" abbr={format(day, 'EEEE')} className="pb-2 text-xs font-semibold text-stone-500">
                {format(day, 'EEEEEE')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={dayKey(week[0] ?? month)}>
              {week.map((day) => {
                const key = dayKey(day);
                const selected = key === selectedKey;
                const today = key === todayKey;
                const busy = highlighted.has(key);
                const outside = !isSameMonth(day, month);
                return (
                  <td key={key} className="p-0.5 text-center">
                    <button
                      ref={(element) => {
                        if (element) dayButtons.current.set(key, element);
                        else dayButtons.current.delete(key);
                      }}
                      type="button"
                      tabIndex={key === tabStop ? 0 : -1}
                      aria-pressed={selected}
                      aria-current={today ? 'date' : undefined}
                      aria-label={`${format(day, 'EEEE, d MMMM yyyy')}${today ? ', today' : ''}${busy ? ', has sessions' : ''}`}
                      data-has-sessions={busy || undefined}
                      onClick={() => {
                        setFocusKey(key);
                        if (outside) onMonthChange(startOfMonth(day));
                        onSelect(key);
                      }}
                      onKeyDown={(event) => onKeyDown(event, day)}
                      className={`relative mx-auto flex aspect-square w-full max-w-12 flex-col items-center justify-center rounded-2xl text-sm tabular-nums transition-colors ${dayStyle({ selected, today, busy, outside })}`}
                    >
                      {format(day, 'd')}
                      <span
                        aria-hidden="true"
                        className={`absolute bottom-1.5 size-1.5 rounded-full ${busy ? (selected ? 'bg-white' : 'bg-brand-600') : 'bg-transparent'}`}
                      />
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
