// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDate, formatTimeRange } from '@trailbuddy/shared/domain/date-format';
import { CUSTOM_EVENT_PAST_MESSAGE } from '@trailbuddy/shared/domain/schedule';
import { describe, expect, it } from 'vitest';
import { makeBestMatch, makeMatch, makeProfile, renderWithNavigation } from '../../../testing/matching-utils';
import { makeTrail, mockFetch, type MockRoute } from '../../../testing/test-utils';
import NoMatchesView from './NoMatchesView';

const trail = makeTrail({ name: 'Sintra Forest Loop', location: 'Sintra, Portugal' });
const otherTrail = makeTrail({ name: 'Douro Riverside Run' });
const sofia = makeProfile({
  name: 'Sofia Almeida',
  location: 'Lisbon, Portugal',
  skills: { hiking: 'advanced', running: 'intermediate', biking: 'beginner' },
});
const mySearch = makeMatch({ trailId: trail.id, trail: { ...trail, image: null }, status: 'searching' });

interface Setup {
  matches?: ReturnType<typeof makeMatch>[];
  candidates?: ReturnType<typeof makeBestMatch>[];
  extra?: MockRoute[];
}

function setup({ matches = [mySearch], candidates = [makeBestMatch({ profile: sofia, compatibility: 92 })], extra = [] }: Setup = {}) {
  const routes: MockRoute[] = [
    { path: `/api/trails/${trail.id}`, body: trail },
    { path: '/api/matches/mine', body: { matches } },
    { path: `/api/trails/${trail.id}/best-matches`, body: { candidates } },
    ...extra,
  ];
  const fetchMock = mockFetch(routes);
  const rendered = renderWithNavigation(<NoMatchesView trailId={trail.id} day="saturday" matchId={mySearch.id} />);
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(([url, init]) => String(url).split('?')[0] === path && (init?.method ?? 'GET') === method);
  return { ...rendered, routes, calls };
}

describe('NoMatchesView', () => {
  it('shows the search for the trail and the Best Matches with their compatibility', async () => {
    setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sintra Forest Loop' })).toBeDefined();
    expect(screen.getByText('Searching for buddies')).toBeDefined();

    const card = (await screen.findByRole('button', { name: 'Sofia Almeida' })).closest('article')!;
    expect(within(card).getByText('92% match')).toBeDefined();
    expect(within(card).getByText('Lisbon, Portugal')).toBeDefined();
    expect(within(card).getByText('Hiking · Advanced')).toBeDefined();
    expect(within(card).getByText('Running · Intermediate')).toBeDefined();
    expect(within(card).getByText('both chatty · 12 km from the trailhead')).toBeDefined();
  });

  it('marks a candidate farther than the viewer travels, and shows no figure rather than a default', async () => {
    setup({ candidates: [makeBestMatch({ profile: sofia, compatibility: null, reasons: [], trailhead: { km: 1585, beyond: true } })] });
    const card = (await screen.findByRole('button', { name: 'Sofia Almeida' })).closest('article')!;
    expect(within(card).getByText('1,585 km from the trailhead, farther than you travel')).toBeDefined();
    expect(within(card).getByTitle('No match figure: not enough profile details to compare').textContent).toBe('—');
  });

  it('says so when there is nobody to suggest', async () => {
    setup({ candidates: [] });
    expect(await screen.findByText('No buddies to suggest yet.')).toBeDefined();
  });

  it('opens the profile popup from a card, and Invite to Hike sends the invite, says "Invite sent!" and moves on', async () => {
    const invited = { ...mySearch, status: 'pending' as const, partner: sofia };
    const { calls, navigation } = setup({ extra: [{ method: 'POST', path: '/api/matches/invite', body: invited }] });

    fireEvent.click(await screen.findByRole('button', { name: 'Sofia Almeida' }));
    const dialog = screen.getByRole('dialog', { name: 'Sofia Almeida' });
    expect(within(dialog).getByText('I love early starts and long ridgelines.')).toBeDefined();
    expect(within(dialog).getByText('Female')).toBeDefined();
    expect(within(dialog).getByText('31')).toBeDefined();
    // The location is shown once, under the match score, not again among the facts.
    expect(within(dialog).getAllByText('Lisbon, Portugal')).toHaveLength(1);
    // The public profile's one rendering (ADR 0072): the same rows and labels as the profile page.
    expect(within(dialog).getByText('Pace').nextElementSibling?.textContent).toBe('Moderate');
    expect(
      within(dialog)
        .getByRole('link', { name: /trail\.person/ })
        .getAttribute('href'),
    ).toBe('https://www.instagram.com/trail.person/');
    // Sofia is not searching this slot herself, so there is nothing to send a request to.
    expect(within(dialog).queryByRole('button', { name: 'Send Request' })).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite to Hike' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Invite sent!');
    expect(JSON.parse(String(calls('POST', '/api/matches/invite')[0]![1]!.body))).toEqual({
      userId: sofia.id,
      trailId: trail.id,
      day: 'saturday',
    });
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith({ name: 'request-sent', matchId: invited.id }));
  });

  it('offers Send Request to someone already searching the same slot', async () => {
    const theirSearchId = '00000000-0000-4000-8000-00000000beef';
    const requested = makeMatch({ id: theirSearchId, status: 'pending', role: 'partner', partner: sofia });
    const { calls, navigation } = setup({
      candidates: [makeBestMatch({ profile: sofia, searchingMatchId: theirSearchId })],
      extra: [{ method: 'POST', path: `/api/matches/${theirSearchId}/request`, body: requested }],
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Sofia Almeida' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith({ name: 'request-sent', matchId: theirSearchId }));
    expect(calls('POST', `/api/matches/${theirSearchId}/request`)).toHaveLength(1);
  });

  it('refuses a proposed date in the past, and creates an event as long as the trail’s session for a future one', async () => {
    const { calls, routes } = setup({ extra: [{ method: 'POST', path: '/api/matches/custom', body: makeMatch() }] });
    fireEvent.click(await screen.findByRole('button', { name: 'Propose a Date' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose a Date' });

    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2020-03-14' } });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '09:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(CUSTOM_EVENT_PAST_MESSAGE);
    expect(calls('POST', '/api/matches/custom')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2099-03-14' } });
    // The trail's own duration (3 hours), not a fixed two (issue 23).
    expect(within(dialog).getByText(/Lasts 3\.0 hours: /)).toBeDefined();
    // The new event shows in My Created Events once my matches are refetched.
    const created = makeMatch({
      trailId: trail.id,
      status: 'active',
      createdManually: true,
      startTime: new Date('2099-03-14T09:30').toISOString(),
    });
    routes[1]!.body = { matches: [mySearch, created] };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(JSON.parse(String(calls('POST', '/api/matches/custom')[0]![1]!.body))).toEqual({
      trailId: trail.id,
      startTime: new Date('2099-03-14T09:30').toISOString(),
    });
    expect(await screen.findByRole('button', { name: /Delete event on .*2099/ })).toBeDefined();
  });

  it('says "Your event was created." for as long as the event exists: deleting it takes the notice away', async () => {
    const created = makeMatch({
      trailId: trail.id,
      status: 'active',
      createdManually: true,
      startTime: new Date('2099-03-14T09:30').toISOString(),
    });
    const { routes } = setup({
      extra: [
        { method: 'POST', path: '/api/matches/custom', body: created },
        { method: 'DELETE', path: `/api/matches/${created.id}`, status: 204 },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Propose a Date' }));
    const dialog = screen.getByRole('dialog', { name: 'Propose a Date' });
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2099-03-14' } });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '09:30' } });
    routes[1]!.body = { matches: [mySearch, created] };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('Your event was created.')).toBeDefined();

    routes[1]!.body = { matches: [mySearch] };
    fireEvent.click(screen.getByRole('button', { name: /^Delete event on/ }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Delete this event?' })).getByRole('button', { name: 'Delete event' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Delete event on/ })).toBeNull());
    expect(screen.queryByText('Your event was created.')).toBeNull();
  });

  it('lists only my created events for this trail, and deletes one only after confirmation', async () => {
    const mine = makeMatch({
      trailId: trail.id,
      status: 'active',
      createdManually: true,
      startTime: '2099-05-02T08:00:00.000Z',
      endTime: '2099-05-02T10:00:00.000Z',
    });
    const elsewhere = makeMatch({ trailId: otherTrail.id, status: 'active', createdManually: true, startTime: '2099-06-02T08:00:00.000Z' });
    const { calls } = setup({
      matches: [mySearch, mine, elsewhere],
      extra: [{ method: 'DELETE', path: `/api/matches/${mine.id}`, status: 204 }],
    });

    const deleteButtons = await screen.findAllByRole('button', { name: /^Delete event on/ });
    expect(deleteButtons).toHaveLength(1);
    // The whole date, written as everywhere else, and never cut off with an ellipsis.
    const date = screen.getByText(formatDate(mine.startTime));
    expect(date.textContent).toMatch(/2099/);
    expect(date.className).not.toMatch(/\btruncate\b/);
    expect(deleteButtons[0]!.closest('li')!.textContent).toContain(formatTimeRange(mine.startTime, mine.endTime));

    fireEvent.click(deleteButtons[0]!);
    let confirm = screen.getByRole('dialog', { name: 'Delete this event?' });
    expect(calls('DELETE', `/api/matches/${mine.id}`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep event' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls('DELETE', `/api/matches/${mine.id}`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: /^Delete event on/ }));
    confirm = screen.getByRole('dialog', { name: 'Delete this event?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('DELETE', `/api/matches/${mine.id}`)).toHaveLength(1);
  });

  it('cancels the search and goes home', async () => {
    const { calls, navigation } = setup({
      extra: [{ method: 'POST', path: `/api/matches/${mySearch.id}/cancel`, body: { ...mySearch, status: 'cancelled' } }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Search' }));
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith({ name: 'home' }));
    expect(calls('POST', `/api/matches/${mySearch.id}/cancel`)).toHaveLength(1);
  });

  it('navigates with the other buttons', async () => {
    const { navigation } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Choose another trail' }));
    expect(navigation.navigate).toHaveBeenLastCalledWith({ name: 'home' });
    fireEvent.click(screen.getByRole('button', { name: 'View My Matches' }));
    expect(navigation.navigate).toHaveBeenLastCalledWith({ name: 'matches-page' });
  });

  it('shows a request to my search prominently, and accepting it opens match-accepted', async () => {
    const requested = { ...mySearch, status: 'pending' as const, awaitingMyAnswer: true, partner: sofia };
    const { calls, navigation } = setup({
      matches: [requested],
      extra: [{ method: 'POST', path: `/api/matches/${mySearch.id}/accept`, body: { ...requested, status: 'confirmed' } }],
    });

    const card = await screen.findByRole('article', { name: 'Request from Sofia Almeida' });
    expect(within(card).getByText('Sofia Almeida wants to hike with you!')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Cancel Search' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith({ name: 'match-accepted', matchId: mySearch.id }));
    expect(calls('POST', `/api/matches/${mySearch.id}/accept`)).toHaveLength(1);
  });

  it('rejecting a request to my search starts a fresh search', async () => {
    const requested = { ...mySearch, status: 'pending' as const, awaitingMyAnswer: true, partner: sofia };
    const { calls, navigation } = setup({
      matches: [requested],
      extra: [{ method: 'POST', path: `/api/matches/${mySearch.id}/reject`, body: { ...requested, status: 'cancelled' } }],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith({ name: 'matching', trailId: trail.id, day: 'saturday' }));
    expect(calls('POST', `/api/matches/${mySearch.id}/reject`)).toHaveLength(1);
  });

  it('opens match-accepted when my search is confirmed by a live update', async () => {
    const { navigation } = setup({ matches: [{ ...mySearch, status: 'confirmed', partner: sofia }] });
    await waitFor(() => expect(navigation.navigate).toHaveBeenCalledWith({ name: 'match-accepted', matchId: mySearch.id }));
  });
});

describe('NoMatchesView with many candidates', () => {
  it('shows the first six Best Matches, the rest of the page on request, then the next pages', async () => {
    const candidates = Array.from({ length: 25 }, (_, i) => makeBestMatch({ profile: makeProfile({ name: `Buddy ${i + 1}` }) }));
    const fetchMock = mockFetch([
      { path: `/api/trails/${trail.id}`, body: trail },
      { path: '/api/matches/mine', body: { matches: [mySearch] } },
      {
        path: `/api/trails/${trail.id}/best-matches`,
        body: (url: URL) =>
          url.searchParams.get('cursor') === 'page-2'
            ? { candidates: candidates.slice(20), nextCursor: null }
            : { candidates: candidates.slice(0, 20), nextCursor: 'page-2' },
      },
    ]);
    renderWithNavigation(<NoMatchesView trailId={trail.id} day="saturday" matchId={mySearch.id} />);

    await screen.findByRole('button', { name: 'Buddy 1' });
    expect(screen.queryByRole('button', { name: 'Buddy 7' })).toBeNull();
    const more = screen.getByRole('button', { name: 'Show more matches' });
    expect(more.getAttribute('aria-controls')).toBe('best-matches-list');
    fireEvent.click(more);
    expect(screen.getByRole('button', { name: 'Buddy 20' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Buddy 21' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show more matches' }));
    expect(await screen.findByRole('button', { name: 'Buddy 25' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Show more matches' })).toBeNull();
    const pages = fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/best-matches'));
    expect(pages).toEqual([
      `/api/trails/${trail.id}/best-matches?day=saturday`,
      `/api/trails/${trail.id}/best-matches?day=saturday&cursor=page-2`,
    ]);
  });
});
