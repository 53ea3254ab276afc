// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { formatDate, formatTimeRange } from '@trailbuddy/shared/domain/date-format';
import { addMonths, format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { makeMatch, renderWithNavigation } from '../../../testing/matches-utils';
import { mockFetch } from '../../../testing/test-utils';
import AgendaView from './AgendaView';

const now = new Date();
// Days of this month and the next, in the browser's zone, away from today so today stays free.
const busyDate = now.getDate() <= 14 ? 20 : 6;
const freeDate = now.getDate() <= 14 ? 22 : 8;
const at = (monthOffset: number, date: number, hour: number, minute = 0) =>
  new Date(now.getFullYear(), now.getMonth() + monthOffset, date, hour, minute);

const trail = (name: string) => ({ id: `trail-${name}`, name, location: 'Sintra, Portugal', activity: 'hiking' as const, image: null });

const SEARCHING_9 = makeMatch({ trail: trail('Searching at nine'), status: 'searching', partner: null, start: at(0, busyDate, 9) });
const PENDING_9 = makeMatch({ trail: trail('Pending at nine'), status: 'pending', start: at(0, busyDate, 9) });
const ACTIVE_9 = makeMatch({ trail: trail('My event at nine'), status: 'active', partner: null, start: at(0, busyDate, 9) });
const CONFIRMED_9 = makeMatch({ trail: trail('Confirmed at nine'), status: 'confirmed', start: at(0, busyDate, 9) });
const SEARCHING_8 = makeMatch({ trail: trail('Searching at eight'), status: 'searching', partner: null, start: at(0, busyDate, 8, 30) });
const NEXT_MONTH = makeMatch({ trail: trail('Next month hike'), status: 'confirmed', start: at(1, 12, 10) });
const CANCELLED = makeMatch({ trail: trail('Cancelled one'), status: 'cancelled', start: at(0, freeDate, 10) });

const ALL = [SEARCHING_9, PENDING_9, ACTIVE_9, CONFIRMED_9, SEARCHING_8, NEXT_MONTH, CANCELLED];

function renderAgenda(matches: MatchView[] = ALL) {
  mockFetch([{ path: '/api/matches/mine', body: { matches } }]);
  return renderWithNavigation(<AgendaView />, { name: 'agenda' });
}

// Label queries rather than role queries: 42 day buttons make role queries slow in jsdom.
const dayButton = (day: Date) => screen.getByLabelText(new RegExp(`^${format(day, 'EEEE, d MMMM yyyy')}`)) as HTMLButtonElement;
/** The month shown: the title the calendar table is labelled by. */
const monthTitle = () => document.getElementById(document.querySelector('table')!.getAttribute('aria-labelledby')!)?.textContent;
const highlightedDays = () => screen.queryAllByLabelText(/has sessions$/);
const pressedDays = () => [...document.querySelectorAll('button[aria-pressed="true"]')];
const cardTitles = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

/** Waits for the sessions, then goes to today, as the Today button does (the agenda may open on another day). */
async function openOnToday() {
  await waitFor(() => expect(screen.queryByLabelText('Loading sessions')).toBeNull());
  const today = screen.queryByRole('button', { name: 'Today' });
  if (today) fireEvent.click(today);
  expect(dayButton(now).getAttribute('aria-pressed')).toBe('true');
}

// A month of day buttons makes jsdom slow when the whole suite runs in parallel.
describe('AgendaView', { timeout: 20_000 }, () => {
  it('shows this month with weekday headers, today marked and selected', async () => {
    renderAgenda([]);
    expect(monthTitle()).toBe(format(now, 'MMMM yyyy'));
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    expect(document.querySelectorAll('tbody button[aria-pressed]')).toHaveLength(42);

    const today = dayButton(now);
    expect(today.getAttribute('aria-current')).toBe('date');
    expect(today.getAttribute('aria-pressed')).toBe('true');
    expect(today.tabIndex).toBe(0);
    expect(await screen.findByText('No sessions on this date.')).toBeDefined();
  });

  it('highlights the days that have visible sessions', async () => {
    renderAgenda();
    await openOnToday();
    const highlighted = highlightedDays();
    expect(highlighted).toEqual([dayButton(at(0, busyDate, 0))]);
    expect(dayButton(at(0, freeDate, 0)).getAttribute('aria-label')).not.toMatch(/has sessions/);
  });

  it('shows the selected day’s sessions by start time, then confirmed, pending, searching', async () => {
    const { navigate } = renderAgenda();
    await openOnToday();
    const busy = dayButton(at(0, busyDate, 0));
    fireEvent.click(busy);

    expect(pressedDays()).toEqual([busy]);
    // The day and the times are written as on every other view (the shared date formatters).
    expect(document.getElementById('agenda-day-heading')?.textContent).toBe(formatDate(at(0, busyDate, 0)));
    const card = screen.getByRole('button', { name: /Searching at eight/ });
    expect(card.textContent).toContain(formatTimeRange(SEARCHING_8.startTime, SEARCHING_8.endTime));
    expect(cardTitles()).toEqual(['Searching at eight', 'Confirmed at nine', 'Pending at nine', 'Searching at nine', 'My event at nine']);
    expect(screen.queryByText('No sessions on this date.')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Pending at nine/ }));
    expect(navigate).toHaveBeenCalledWith({ name: 'trail-detail', trailId: PENDING_9.trailId, from: 'agenda' });
  });

  it('says there is nothing on a day without sessions, cancelled ones included', async () => {
    renderAgenda();
    await openOnToday();
    fireEvent.click(dayButton(at(0, freeDate, 0)));
    expect(screen.getByText('No sessions on this date.')).toBeDefined();
    expect(cardTitles()).toEqual([]);
  });

  it('moves between months with the previous and next buttons', async () => {
    renderAgenda();
    await openOnToday();
    const next = addMonths(now, 1);

    fireEvent.click(screen.getByLabelText('Next month'));
    expect(monthTitle()).toBe(format(next, 'MMMM yyyy'));
    expect(highlightedDays()).toEqual([dayButton(at(1, 12, 0))]);
    fireEvent.click(dayButton(at(1, 12, 0)));
    expect(cardTitles()).toEqual(['Next month hike']);

    fireEvent.click(screen.getByLabelText('Previous month'));
    fireEvent.click(screen.getByLabelText('Previous month'));
    expect(monthTitle()).toBe(format(addMonths(now, -1), 'MMMM yyyy'));

    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(monthTitle()).toBe(format(now, 'MMMM yyyy'));
    expect(dayButton(now).getAttribute('aria-pressed')).toBe('true');
  });

  it('labels a confirmed session that is over as awaiting feedback, one still to come as confirmed', async () => {
    const lastMonth = makeMatch({ trail: trail('Last month hike'), status: 'confirmed', start: at(-1, 15, 10) });
    renderAgenda([lastMonth, NEXT_MONTH]);
    await openOnToday();
    const status = (title: string) => screen.getByRole('button', { name: new RegExp(title) }).querySelector('span')?.textContent;

    fireEvent.click(screen.getByLabelText('Previous month'));
    fireEvent.click(dayButton(at(-1, 15, 0)));
    expect(status('Last month hike')).toBe('Status: Awaiting feedback');

    fireEvent.click(screen.getByLabelText('Next month'));
    fireEvent.click(screen.getByLabelText('Next month'));
    fireEvent.click(dayButton(at(1, 12, 0)));
    expect(status('Next month hike')).toBe('Status: Confirmed');
  });

  it('moves between days with the arrow keys, into the next month when needed', async () => {
    renderAgenda();
    await openOnToday();
    const first = at(0, 1, 0);
    fireEvent.click(dayButton(first));
    expect(pressedDays()).toEqual([dayButton(first)]);
    expect(dayButton(first).tabIndex).toBe(0);

    fireEvent.keyDown(dayButton(first), { key: 'ArrowRight' });
    const second = at(0, 2, 0);
    expect(document.activeElement).toBe(dayButton(second));
    expect(dayButton(second).tabIndex).toBe(0);
    expect(dayButton(first).tabIndex).toBe(-1);

    fireEvent.keyDown(dayButton(second), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(dayButton(at(0, 9, 0)));

    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    expect(monthTitle()).toBe(format(addMonths(now, 1), 'MMMM yyyy'));
    expect(document.activeElement).toBe(dayButton(at(1, 9, 0)));

    // Moving focus does not change the selection (the 1st stays selected, in the month left
    // behind); Enter/Space, a click, does.
    expect(pressedDays()).toEqual([]);
    fireEvent.click(document.activeElement!);
    expect(pressedDays()).toEqual([dayButton(at(1, 9, 0))]);
    fireEvent.click(screen.getByLabelText('Previous month'));
    expect(pressedDays()).toEqual([]);
    expect(dayButton(first).getAttribute('aria-pressed')).toBe('false');
  });

  it('opens on the next day with a session when today has none, in that day’s month', async () => {
    const inThreeDays = makeMatch({ trail: trail('In three days'), status: 'pending', start: at(0, now.getDate() + 3, 18) });
    const inAWeek = makeMatch({ trail: trail('In a week'), status: 'confirmed', start: at(0, now.getDate() + 7, 10) });
    const yesterday = makeMatch({ trail: trail('Yesterday'), status: 'confirmed', start: at(0, now.getDate() - 1, 10) });
    renderAgenda([inAWeek, yesterday, inThreeDays]);

    await screen.findByRole('heading', { level: 3, name: 'In three days' });
    const day = at(0, now.getDate() + 3, 0);
    expect(pressedDays()).toEqual([dayButton(day)]);
    expect(monthTitle()).toBe(format(day, 'MMMM yyyy'));
    expect(document.getElementById('agenda-day-heading')?.textContent).toBe(formatDate(day));
    expect(cardTitles()).toEqual(['In three days']);
    // Today is a click away.
    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    expect(screen.getByText('No sessions on this date.')).toBeDefined();
  });

  it('opens on today when today has a session, and on today when nothing is coming', async () => {
    const laterToday = makeMatch({ trail: trail('Later today'), status: 'searching', partner: null, start: at(0, now.getDate(), 23, 30) });
    const tomorrow = makeMatch({ trail: trail('Tomorrow'), status: 'confirmed', start: at(0, now.getDate() + 1, 10) });
    const { unmount } = renderAgenda([tomorrow, laterToday]);
    await screen.findByRole('heading', { level: 3, name: 'Later today' });
    expect(pressedDays()).toEqual([dayButton(now)]);
    unmount();

    renderAgenda([makeMatch({ trail: trail('Last week'), status: 'confirmed', start: at(0, now.getDate() - 7, 10) })]);
    expect(await screen.findByText('No sessions on this date.')).toBeDefined();
    expect(pressedDays()).toEqual([dayButton(now)]);
  });

  it('falls back to Unknown Trail and opens nothing for a session whose trail is gone', async () => {
    const { navigate } = renderAgenda([makeMatch({ trail: null, start: at(0, busyDate, 10) })]);
    await screen.findAllByLabelText(/has sessions$/);
    fireEvent.click(dayButton(at(0, busyDate, 0)));
    const list = screen.getByRole('list');
    expect(within(list).getByRole('heading', { level: 3 }).textContent).toBe('Unknown Trail');
    expect(within(list).queryByRole('button')).toBeNull();
    // The chosen day only goes into the URL (replacing the entry); no other view opens.
    expect(navigate.mock.calls.every(([, options]) => options?.replace === true)).toBe(true);
    const day = format(at(0, busyDate, 0), 'yyyy-MM-dd');
    expect(navigate).toHaveBeenLastCalledWith({ name: 'agenda', month: day.slice(0, 7), day }, { replace: true });
  });
});
