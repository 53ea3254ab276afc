// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import { describe, expect, it } from 'vitest';
import { daysFromNow, makeMatch, makeProfile, renderWithNavigation } from '../../../testing/matches-utils';
import { mockFetch, type MockRoute } from '../../../testing/test-utils';
import MatchesPageView from './MatchesPageView';

const trail = (name: string) => ({ id: `trail-${name}`, name, location: 'Sintra, Portugal', activity: 'hiking' as const, image: null });

const UPCOMING = makeMatch({ trail: trail('Upcoming Ridge'), start: daysFromNow(3) });
const MY_EVENT = makeMatch({
  trail: trail('My Own Event'),
  status: 'active',
  createdManually: true,
  partner: null,
  compatibility: null,
  start: daysFromNow(1),
});
const SEARCHING = makeMatch({ trail: trail('Still Searching'), status: 'searching', partner: null, start: daysFromNow(4) });
const ASKED_ME = makeMatch({
  trail: trail('Asked Me Loop'),
  status: 'pending',
  role: 'creator',
  awaitingMyAnswer: true,
  partner: makeProfile({ name: 'Joana Lima' }),
});
const I_ASKED = makeMatch({
  trail: trail('I Asked Trail'),
  status: 'pending',
  role: 'partner',
  awaitingMyAnswer: false,
  partner: makeProfile({ name: 'Tiago Reis' }),
});
const COMPLETED = makeMatch({
  trail: trail('Done Coast'),
  status: 'completed',
  start: daysFromNow(-20),
  myFeedback: {
    attended: true,
    rating: 4,
    wouldHikeAgain: true,
    comment: null,
    skipped: false,
    submittedAt: daysFromNow(-19).toISOString(),
  },
});
const ENDED = makeMatch({ trail: trail('Ended Forest'), status: 'confirmed', start: daysFromNow(-2) });
const PAST_ACTIVE = makeMatch({
  trail: trail('Old Event'),
  status: 'active',
  createdManually: true,
  partner: null,
  start: daysFromNow(-3),
});

const ALL = [UPCOMING, MY_EVENT, SEARCHING, ASKED_ME, I_ASKED, COMPLETED, ENDED, PAST_ACTIVE];

function renderPage(matches: MatchView[] = ALL, extraRoutes: MockRoute[] = []) {
  const fetchMock = mockFetch([{ path: '/api/matches/mine', body: { matches } }, ...extraRoutes]);
  return { fetchMock, ...renderWithNavigation(<MatchesPageView />, { name: 'matches-page' }) };
}

const panelTitles = () =>
  within(screen.getByRole('tabpanel'))
    .queryAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);

const minePath = (fetchMock: ReturnType<typeof mockFetch>) => fetchMock.mock.calls.filter(([url]) => url === '/api/matches/mine').length;

// Role queries over several cards are slow in jsdom when the whole suite runs in parallel.
describe('MatchesPageView', { timeout: 15_000 }, () => {
  it('puts confirmed sessions and my events still to come under Upcoming, soonest first', async () => {
    renderPage();
    expect(await screen.findByText('Upcoming Ridge')).toBeDefined();
    const upcoming = screen.getByRole('tab', { name: /Upcoming/ });
    expect(upcoming.getAttribute('aria-selected')).toBe('true');
    expect(upcoming.textContent).toBe('Upcoming2');
    expect(panelTitles()).toEqual(['My Own Event', 'Upcoming Ridge']);
    expect(screen.queryByText('Still Searching')).toBeNull();
    expect(screen.queryByText('Old Event')).toBeNull();
  });

  it("marks the notifications about the open tab's cards read (ADR 0037), the pending ones once that tab is open", async () => {
    const seen = { method: 'POST', path: '/api/notifications/read-matches', body: { marked: 1, unread: 0 } } as const;
    const { fetchMock } = renderPage(ALL, [seen]);
    const sent = () =>
      fetchMock.mock.calls
        .filter(([url]) => url === seen.path)
        .map(([, init]) => (JSON.parse(String(init?.body)) as { matchIds: string[] }).matchIds);
    await waitFor(() => expect(sent()).toEqual([[MY_EVENT.id, UPCOMING.id]]));
    fireEvent.click(await screen.findByRole('tab', { name: /Pending/ }));
    await waitFor(() =>
      expect(sent()).toEqual([
        [MY_EVENT.id, UPCOMING.id],
        [ASKED_ME.id, I_ASKED.id],
      ]),
    );
  });

  it('lists pending matches with Accept/Reject when I must answer and "Waiting for" when I asked', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: /Pending/ }));
    expect(panelTitles()).toEqual(['Asked Me Loop', 'I Asked Trail']);

    const [askedMe, iAsked] = within(screen.getByRole('tabpanel')).getAllByRole('article');
    expect(within(askedMe!).getByRole('button', { name: 'Accept' })).toBeDefined();
    expect(within(askedMe!).getByRole('button', { name: 'Reject' })).toBeDefined();
    expect(within(iAsked!).queryByRole('button', { name: 'Accept' })).toBeNull();
    expect(within(iAsked!).getByText('Waiting for Tiago Reis')).toBeDefined();
  });

  it('lists completed matches and ended confirmed ones under Completed, offering feedback only where I owe it', async () => {
    renderPage();
    fireEvent.click(await screen.findByRole('tab', { name: /Completed/ }));
    expect(panelTitles()).toEqual(['Ended Forest', 'Done Coast']);

    const [ended, done] = within(screen.getByRole('tabpanel')).getAllByRole('article');
    // Still "confirmed" on the server until both have given feedback (product §4), but it is over.
    expect(within(ended!).getByText('Status:').parentElement?.textContent).toBe('Status: Awaiting feedback');
    expect(within(ended!).queryByText('Confirmed')).toBeNull();
    expect(within(done!).getByText('Status:').parentElement?.textContent).toBe('Status: Completed');
    expect(within(done!).queryByRole('button', { name: 'Give feedback' })).toBeNull();
    expect(within(done!).getByText('Feedback sent: 4 of 5 stars.')).toBeDefined();

    fireEvent.click(within(ended!).getByRole('button', { name: 'Give feedback' }));
    const dialog = screen.getByRole('dialog', { name: 'How was your hike?' });
    expect(within(dialog).getByText(/Ended Forest with Rita Sousa/)).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps a confirmed session that is still to come labelled Confirmed', async () => {
    renderPage();
    const card = (await screen.findByText('Upcoming Ridge')).closest('article')!;
    expect(within(card).getByText('Status:').parentElement?.textContent).toBe('Status: Confirmed');
  });

  it('heads the cards one level below the page title, with no level skipped (axe heading-order)', async () => {
    renderPage();
    await screen.findByText('Upcoming Ridge');
    const levels = screen.getAllByRole('heading').map((heading) => Number(heading.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level - levels[i - 1]!).toBeLessThanOrEqual(1);
    });
  });

  it('moves between tabs with the arrow keys, Home and End', async () => {
    renderPage();
    const upcoming = await screen.findByRole('tab', { name: /Upcoming/ });
    const pending = screen.getByRole('tab', { name: /Pending/ });
    const completed = screen.getByRole('tab', { name: /Completed/ });
    expect([upcoming, pending, completed].map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);

    fireEvent.keyDown(upcoming, { key: 'ArrowRight' });
    expect(pending.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(pending);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(pending.id);

    fireEvent.keyDown(pending, { key: 'End' });
    expect(document.activeElement).toBe(completed);
    fireEvent.keyDown(completed, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(upcoming);
    fireEvent.keyDown(upcoming, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(completed);
    fireEvent.keyDown(completed, { key: 'Home' });
    expect(upcoming.getAttribute('aria-selected')).toBe('true');
    expect(panelTitles()).toEqual(['My Own Event', 'Upcoming Ridge']);
  });

  it('accepts a request, refreshes my matches and shows the accepted match', async () => {
    const { fetchMock, navigate } = renderPage(ALL, [
      { method: 'POST', path: `/api/matches/${ASKED_ME.id}/accept`, body: { ...ASKED_ME, status: 'confirmed', awaitingMyAnswer: false } },
    ]);
    fireEvent.click(await screen.findByRole('tab', { name: /Pending/ }));
    expect(minePath(fetchMock)).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ name: 'match-accepted', matchId: ASKED_ME.id }));
    expect(fetchMock).toHaveBeenCalledWith(`/api/matches/${ASKED_ME.id}/accept`, expect.objectContaining({ method: 'POST' }));
    await waitFor(() => expect(minePath(fetchMock)).toBe(2));
  });

  it('shows the accepted match even when the refreshed list moves the request out of the tab', async () => {
    const accepted = { ...ASKED_ME, status: 'confirmed' as const, awaitingMyAnswer: false };
    const mine: MockRoute = { path: '/api/matches/mine', body: { matches: ALL } };
    const fetchMock = mockFetch([mine, { method: 'POST', path: `/api/matches/${ASKED_ME.id}/accept`, body: accepted }]);
    const { navigate } = renderWithNavigation(<MatchesPageView />, { name: 'matches-page' });
    fireEvent.click(await screen.findByRole('tab', { name: /Pending/ }));
    // The server's next answer: the request is confirmed now, so its card leaves the Pending tab.
    mine.body = { matches: ALL.map((m) => (m.id === ASKED_ME.id ? accepted : m)) };
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(minePath(fetchMock)).toBe(2));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull());
    expect(navigate).toHaveBeenCalledWith({ name: 'match-accepted', matchId: ASKED_ME.id });
  });

  it('rejects a request and refreshes my matches', async () => {
    const { fetchMock, navigate } = renderPage(ALL, [
      { method: 'POST', path: `/api/matches/${ASKED_ME.id}/reject`, body: { ...ASKED_ME, status: 'cancelled' } },
    ]);
    fireEvent.click(await screen.findByRole('tab', { name: /Pending/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));

    await waitFor(() => expect(minePath(fetchMock)).toBe(2));
    expect(fetchMock).toHaveBeenCalledWith(`/api/matches/${ASKED_ME.id}/reject`, expect.objectContaining({ method: 'POST' }));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/accept'))).toBe(false);
    // Only the tab's address (replacing the entry); no other view opens.
    expect(navigate.mock.calls).toEqual([[{ name: 'matches-page', tab: 'pending' }, { replace: true }]]);
  });

  it('shows why an answer was refused and reads my matches again', async () => {
    const { fetchMock } = renderPage(ALL, [
      {
        method: 'POST',
        path: `/api/matches/${ASKED_ME.id}/accept`,
        status: 409,
        body: { error: { code: 'conflict', message: 'This match is cancelled; it can no longer be accepted.' } },
      },
    ]);
    fireEvent.click(await screen.findByRole('tab', { name: /Pending/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This match is cancelled; it can no longer be accepted.');
    // A refusal means the request changed meanwhile: my matches are read again.
    await waitFor(() => expect(minePath(fetchMock)).toBe(2));
  });

  it('opens the trail and the partner from a card, and links to past partners', async () => {
    const { navigate } = renderPage([UPCOMING]);
    fireEvent.click(await screen.findByRole('button', { name: 'Upcoming Ridge' }));
    expect(navigate).toHaveBeenLastCalledWith({ name: 'trail-detail', trailId: UPCOMING.trailId, from: 'matches' });

    fireEvent.click(screen.getByRole('button', { name: /Rita Sousa/ }));
    expect(navigate).toHaveBeenLastCalledWith({ name: 'profile', userId: UPCOMING.partner!.id });

    fireEvent.click(screen.getByRole('button', { name: 'Past partners' }));
    expect(navigate).toHaveBeenLastCalledWith({ name: 'matches' });
  });

  it('falls back to the spec labels, and to no figure (not a default 85%) when data is missing', async () => {
    renderPage([
      makeMatch({ trail: null, partner: null, compatibility: null, startTime: '', endTime: '', start: daysFromNow(1) }),
      makeMatch({ trail: trail('Broken Clock'), startTime: 'not a date', endTime: daysFromNow(5).toISOString() }),
    ]);
    const [missing, broken] = await screen.findAllByRole('article');
    expect(within(missing!).getByRole('heading', { level: 2 }).textContent).toBe('Unknown Trail');
    expect(within(missing!).queryByRole('button', { name: 'Unknown Trail' })).toBeNull();
    expect(within(missing!).getByText('Unknown Partner')).toBeDefined();
    expect(within(missing!).getByText('Unknown Date')).toBeDefined();
    expect(within(missing!).getByTitle('No match figure: not enough profile details to compare').textContent).toBe('—');
    expect(within(missing!).queryByText('85% match')).toBeNull();
    expect(within(broken!).getByText('Invalid date')).toBeDefined();
    expect(within(broken!).getByText('Invalid time')).toBeDefined();
    expect(within(broken!).getByText('92% match')).toBeDefined();
  });

  it('shows an empty state on each empty tab', async () => {
    const { navigate } = renderPage([]);
    expect(await screen.findByText(/No upcoming hikes yet/)).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Find a trail' }));
    expect(navigate).toHaveBeenCalledWith({ name: 'home' });
    fireEvent.click(screen.getByRole('tab', { name: /Pending/ }));
    expect(screen.getByText('No pending requests right now.')).toBeDefined();
    fireEvent.click(screen.getByRole('tab', { name: /Completed/ }));
    expect(screen.getByText(/No completed hikes yet/)).toBeDefined();
  });
});
