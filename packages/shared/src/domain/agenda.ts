/**
 * The Agenda view's rules (product §2 "agenda"): which days are highlighted, which sessions a day
 * shows, and their order. Dates are taken in an explicit IANA zone, the viewer's, so a session
 * at 00:30 Lisbon time lands on the day the user sees on their own calendar.
 */
import type { MatchStatus } from '../contracts/enums';
import { isVisibleStatus } from './match-states';
import { zonedDateKey } from './schedule';

/**
 * Tie-break for sessions that start at the same time. The spec orders confirmed before pending
 * before searching, from most to least settled. It says nothing of `active` (a manual event on a
 * proposed date): nobody has joined it and it is not tied to a listed session others search for,
 * so it is the least settled of all and goes last, which extends the spec's order without
 * changing it.
 */
export const AGENDA_STATUS_RANK = { confirmed: 0, pending: 1, searching: 2, active: 3 } as const satisfies Partial<
  Record<MatchStatus, number>
>;

/** Statuses the agenda does not normally list (completed, cancelled) sort after every ranked one. */
const UNRANKED = Object.keys(AGENDA_STATUS_RANK).length;

export interface AgendaItem {
  readonly status: MatchStatus;
  readonly startTime: Date;
}

const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

function rankOf(status: MatchStatus): number {
  return Object.hasOwn(AGENDA_STATUS_RANK, status) ? AGENDA_STATUS_RANK[status as keyof typeof AGENDA_STATUS_RANK] : UNRANKED;
}

/**
 * A new array ordered by start time, then AGENDA_STATUS_RANK; equal items keep their input order
 * (Array#sort is stable), so the cards do not shuffle between renders. Sorts only: filtering is
 * the caller's choice, as `sessionsOn` does.
 */
export function sortAgenda<T extends AgendaItem>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.startTime.getTime() - b.startTime.getTime() || rankOf(a.status) - rankOf(b.status));
}

/**
 * The local dates ('YYYY-MM-DD' in `timeZone`) to highlight: one per day on which a visible
 * session starts. A session is placed on its start date even if it runs past midnight, matching
 * the card shown for that day.
 */
export function daysWithSessions(items: readonly AgendaItem[], timeZone: string): Set<string> {
  const days = new Set<string>();
  for (const item of items) {
    if (isVisibleStatus(item.status)) days.add(zonedDateKey(item.startTime, timeZone));
  }
  return days;
}

/**
 * The session cards for the selected `day` ('YYYY-MM-DD' in `timeZone`), in agenda order.
 * Cancelled matches are never shown (product §4), so they are left out here.
 */
export function sessionsOn<T extends AgendaItem>(items: readonly T[], day: string, timeZone: string): T[] {
  if (!DAY_KEY.test(day)) throw new RangeError(`day must be formatted YYYY-MM-DD, got ${JSON.stringify(day)}`);
  return sortAgenda(items.filter((item) => isVisibleStatus(item.status) && zonedDateKey(item.startTime, timeZone) === day));
}
