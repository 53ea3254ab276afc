import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { daysWithSessions, sessionsOn, type AgendaItem } from '@trailbuddy/shared/domain/agenda';
import { formatDate } from '@trailbuddy/shared/domain/date-format';
import { isSameMonth, startOfMonth } from 'date-fns';
import { CalendarX } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { useNavigation } from '../../../lib/navigation';
import { useMyMatches } from '../../../lib/queries/matches';
import { dayKey, fromDayKey, openingDayKey } from '../utils/calendar';
import { MonthCalendar } from './MonthCalendar';
import { SessionCard } from './SessionCard';

interface Session extends AgendaItem {
  match: MatchView;
}

/** Matches with a readable start, as agenda items in the browser's time zone. */
function toSessions(matches: readonly MatchView[]): Session[] {
  return matches.flatMap((match) => {
    const startTime = new Date(match.startTime);
    return Number.isNaN(startTime.getTime()) ? [] : [{ status: match.status, startTime, match }];
  });
}

/** product §2 "agenda": a month calendar with the days I have sessions on, and the selected day's sessions. */
export default function AgendaView({ month: monthInUrl, day: dayInUrl }: { month?: string; day?: string }) {
  const { navigate } = useNavigation();
  const matchesQuery = useMyMatches();
  // The browser's zone: a session is placed on the day the user sees on their own calendar.
  const timeZone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  // Read once per render: enough to label a session that has ended (the agenda is not a clock).
  const now = Date.now();
  const todayKey = dayKey(new Date(now));
  // Until the person picks a day or a month, the agenda follows the sessions: it opens on the
  // first day from today that has one (today while they load).
  // A month or day in the URL (/agenda/2026-11?day=2026-11-28) counts as chosen.
  const [chosenKey, setChosenKeyState] = useState<string | null>(dayInUrl ?? null);
  const [chosenMonth, setChosenMonthState] = useState<Date | null>(monthInUrl ? fromDayKey(`${monthInUrl}-01`) : null);

  const sessions = useMemo(() => toSessions(matchesQuery.data ?? []), [matchesQuery.data]);
  const highlighted = useMemo(() => daysWithSessions(sessions, timeZone), [sessions, timeZone]);
  const selectedKey = chosenKey ?? openingDayKey(highlighted, todayKey);
  const month = chosenMonth ?? startOfMonth(fromDayKey(selectedKey));
  const daySessions = useMemo(() => sessionsOn(sessions, selectedKey, timeZone), [sessions, selectedKey, timeZone]);
  const selectedDay = fromDayKey(selectedKey);
  const showingToday = selectedKey === todayKey && isSameMonth(month, selectedDay);

  // Choices go into the URL, replacing the entry (a choice, not a new view): a reload keeps them.
  function choose(nextMonth: Date, nextKey: string | null) {
    const monthKey = dayKey(nextMonth).slice(0, 7);
    navigate({ name: 'agenda', month: monthKey, day: nextKey?.startsWith(monthKey) ? nextKey : undefined }, { replace: true });
  }
  function setChosenMonth(next: Date) {
    setChosenMonthState(next);
    choose(next, selectedKey);
  }
  function setChosenKey(next: string) {
    setChosenKeyState(next);
    choose(startOfMonth(fromDayKey(next)), next);
  }

  return (
    <section aria-labelledby="agenda-heading" className="space-y-5">
      <header className="flex items-end justify-between gap-3">
        <div>
          <h1 id="agenda-heading" className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
            Agenda
          </h1>
          <p className="mt-1 text-stone-600">Your trail sessions, day by day.</p>
        </div>
        {!showingToday && (
          <Button
            variant="secondary"
            onClick={() => {
              setChosenMonthState(startOfMonth(new Date()));
              setChosenKeyState(todayKey);
              choose(startOfMonth(new Date()), todayKey);
            }}
          >
            Today
          </Button>
        )}
      </header>

      {/* From 1024 px the calendar stands beside the day's sessions (ADR 0021). */}
      <div className="space-y-5 lg:grid lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)] lg:items-start lg:gap-8 lg:space-y-0">
        <div className="lg:sticky lg:top-24">
          <MonthCalendar
            month={month}
            selectedKey={selectedKey}
            todayKey={todayKey}
            highlighted={highlighted}
            onMonthChange={setChosenMonth}
            onSelect={setChosenKey}
          />
        </div>

        <section aria-labelledby="agenda-day-heading" aria-live="polite" className="space-y-3">
          <h2 id="agenda-day-heading" className="text-lg font-semibold text-stone-900">
            {formatDate(selectedDay)}
          </h2>
          {matchesQuery.isPending ? (
            <div role="status" aria-label="Loading sessions" className="space-y-3">
              {[0, 1].map((i) => (
                <div
                  key={i}
                  aria-hidden="true"
                  className="flex items-center gap-3 rounded-2xl bg-white p-3 shadow-card ring-1 ring-stone-200/70"
                >
                  <div className="size-20 animate-pulse rounded-xl bg-stone-200 motion-reduce:animate-none" />
                  <div className="flex-1 space-y-2">
                    <div className="h-4 w-2/3 animate-pulse rounded bg-stone-200 motion-reduce:animate-none" />
                    <div className="h-4 w-1/3 animate-pulse rounded bg-stone-100 motion-reduce:animate-none" />
                  </div>
                </div>
              ))}
            </div>
          ) : matchesQuery.isError ? (
            <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-8 text-center shadow-card ring-1 ring-stone-200/70">
              <p className="font-medium text-stone-700">We couldn’t load your sessions.</p>
              <Button variant="secondary" onClick={() => void matchesQuery.refetch()}>
                Try again
              </Button>
            </div>
          ) : daySessions.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-2xl bg-white px-6 py-8 text-center shadow-card ring-1 ring-stone-200/70">
              <CalendarX className="size-8 text-stone-400" aria-hidden="true" />
              <p className="font-medium text-stone-700">No sessions on this date.</p>
            </div>
          ) : (
            <ul className="space-y-3">
              {daySessions.map(({ match }) => (
                <li key={match.id}>
                  <SessionCard
                    match={match}
                    now={now}
                    onOpen={(m) => navigate({ name: 'trail-detail', trailId: m.trailId, from: 'agenda' })}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </section>
  );
}
