// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { NavigationContext } from '../../../lib/navigation';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithNavigation } from '../../../testing/navigation-utils';
import { makeTrail, mockFetch } from '../../../testing/test-utils';
import { HomeView } from './HomeView';

const TRAILS = [
  makeTrail({ name: 'Sintra Forest Loop', location: 'Sintra, Portugal', country: 'Portugal', activity: 'hiking' }),
  makeTrail({ name: 'Douro Riverside Run', location: 'Porto, Portugal', country: 'Portugal', activity: 'running' }),
  makeTrail({ name: 'Monsanto Ridge', location: 'Lisbon, Portugal', country: 'Portugal', activity: 'hiking' }),
  makeTrail({ name: 'Retiro Park Run', location: 'Madrid, Spain', country: 'Spain', activity: 'running' }),
  makeTrail({ name: 'Costa Brava Ride', location: 'Girona, Spain', country: 'Spain', activity: 'biking' }),
];

/**
 * GET /api/trails as the server answers it: filtered, `pageSize` at a time, the cursor being the
 * index of the next trail. The filtering itself is the server's, tested against PostgreSQL.
 */
function trailsApi(trails: Trail[], pageSize: number) {
  return (url: URL) => {
    const p = url.searchParams;
    const words = (p.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const found = trails.filter(
      (t) =>
        (!p.get('activity') || t.activity === p.get('activity')) &&
        (!p.get('country') || t.country === p.get('country')) &&
        (!p.get('location') || t.location === p.get('location')) &&
        words.every((w) => `${t.name} ${t.location}`.toLowerCase().includes(w)),
    );
    const from = Number(p.get('cursor') ?? 0);
    const next = from + pageSize;
    return { trails: found.slice(from, next), nextCursor: next < found.length ? String(next) : null };
  };
}

const PLACES = {
  countries: [
    { country: 'Portugal', places: ['Lisbon, Portugal', 'Porto, Portugal', 'Sintra, Portugal'] },
    { country: 'Spain', places: ['Girona, Spain', 'Madrid, Spain'] },
  ],
  total: TRAILS.length,
};

/** `displayName` left out: a visitor; given as undefined: who is signed in is not known yet. */
function renderHome({
  trails = TRAILS,
  pageSize = 12,
  favourites = [],
  ...who
}: { trails?: Trail[]; pageSize?: number; favourites?: Trail[]; displayName?: string | null } = {}) {
  const displayName = 'displayName' in who ? who.displayName : null;
  const fetchMock = mockFetch([
    { path: '/api/trails', body: trailsApi(trails, pageSize) },
    { path: '/api/me/favourites/trails', body: trailsApi(favourites, pageSize) },
    { path: '/api/trails/places', body: trails.length ? PLACES : { countries: [], total: 0 } },
  ]);
  const { navigation, queryClient, rerender } = renderWithNavigation(<HomeView displayName={displayName} />);
  /** The same home, told who is signed in (GET /api/me answered). */
  const learnWho = (name: string | null) =>
    rerender(
      <QueryClientProvider client={queryClient}>
        <NavigationContext.Provider value={navigation}>
          <HomeView displayName={name} />
        </NavigationContext.Provider>
      </QueryClientProvider>,
    );
  return { fetchMock, navigation, learnWho };
}

const trailNames = () => screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);
const listRequests = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/trails') && !url.startsWith('/api/trails/places'));

/** jsdom has no IntersectionObserver: this one reports what the test says is on screen. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets: Element[] = [];
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element) {
    this.targets.push(target);
  }
  disconnect() {
    FakeIntersectionObserver.instances = FakeIntersectionObserver.instances.filter((o) => o !== this);
  }
  /** The observed control scrolls into view. */
  static scrollIntoView() {
    for (const observer of FakeIntersectionObserver.instances)
      observer.callback(
        observer.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry),
        observer as unknown as IntersectionObserver,
      );
  }
}

afterEach(() => {
  FakeIntersectionObserver.instances = [];
});

// Generous: the first render pays for jsdom's cold start, slow when the machine is busy.
describe('HomeView', { timeout: 20_000 }, () => {
  it('lists the trails from the API in their order, with loading skeletons first', async () => {
    const { fetchMock } = renderHome();
    expect(screen.getByRole('status')).toHaveProperty('textContent', 'Loading trails…');
    expect(await screen.findByText('Sintra Forest Loop')).toBeDefined();
    expect(trailNames()).toEqual(TRAILS.map((t) => t.name));
    expect(fetchMock).toHaveBeenCalledWith('/api/trails', expect.objectContaining({ credentials: 'same-origin' }));
    // The location filter's places come from their own aggregate, not from the loaded pages.
    expect(fetchMock).toHaveBeenCalledWith('/api/trails/places', expect.anything());
  });

  it('narrows the list with the activity filter', async () => {
    renderHome();
    await screen.findByText('Sintra Forest Loop');
    const activity = screen.getByRole('group', { name: 'Activity' });

    fireEvent.click(within(activity).getByRole('button', { name: 'Running' }));
    await waitFor(() => expect(trailNames()).toEqual(['Douro Riverside Run', 'Retiro Park Run']));
    expect(within(activity).getByRole('button', { name: 'Running' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(activity).getByRole('button', { name: 'All' }).getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(within(activity).getByRole('button', { name: 'Biking' }));
    await waitFor(() => expect(trailNames()).toEqual(['Costa Brava Ride']));

    fireEvent.click(within(activity).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(trailNames()).toHaveLength(TRAILS.length));
  });

  it('groups the location filter by the countries the places aggregate names, and filters on the server', async () => {
    const { fetchMock } = renderHome();
    await screen.findByText('Sintra Forest Loop');
    const select = screen.getByLabelText('Location') as HTMLSelectElement;
    await waitFor(() => expect(select.querySelectorAll('optgroup')).toHaveLength(2));

    const groups = [...select.querySelectorAll('optgroup')].map((group) => ({
      label: group.label,
      options: [...group.querySelectorAll('option')].map((option) => option.textContent),
    }));
    expect(groups).toEqual([
      { label: 'Portugal', options: ['All of Portugal', 'Lisbon', 'Porto', 'Sintra'] },
      { label: 'Spain', options: ['All of Spain', 'Girona', 'Madrid'] },
    ]);

    fireEvent.change(select, { target: { value: 'country:Spain' } });
    await waitFor(() => expect(trailNames()).toEqual(['Retiro Park Run', 'Costa Brava Ride']));

    fireEvent.change(select, { target: { value: 'place:Porto, Portugal' } });
    await waitFor(() => expect(trailNames()).toEqual(['Douro Riverside Run']));
    expect(listRequests(fetchMock)).toEqual(['/api/trails', '/api/trails?country=Spain', '/api/trails?location=Porto%2C+Portugal']);
  });

  it('searches on the server once typing pauses', async () => {
    const { fetchMock } = renderHome();
    await screen.findByText('Sintra Forest Loop');
    const search = screen.getByLabelText('Search');
    fireEvent.change(search, { target: { value: 'r' } });
    fireEvent.change(search, { target: { value: 'run' } });
    await waitFor(() => expect(trailNames()).toEqual(['Douro Riverside Run', 'Retiro Park Run']));
    // One request for the pause, not one per keystroke.
    expect(listRequests(fetchMock)).toEqual(['/api/trails', '/api/trails?q=run']);
  });

  it('loads the next page when the end of the list scrolls into view, and by its button', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const { fetchMock } = renderHome({ pageSize: 2 });
    await screen.findByText('Sintra Forest Loop');
    expect(trailNames()).toEqual(TRAILS.slice(0, 2).map((t) => t.name));

    act(() => FakeIntersectionObserver.scrollIntoView());
    await waitFor(() => expect(trailNames()).toEqual(TRAILS.slice(0, 4).map((t) => t.name)));

    // The same control is a real button, for keyboards and screen readers.
    const more = screen.getByRole('button', { name: 'Show more trails' });
    expect(more.getAttribute('aria-controls')).toBe('trail-list');
    fireEvent.click(more);
    await waitFor(() => expect(trailNames()).toEqual(TRAILS.map((t) => t.name)));
    // The last page: nothing more to show.
    expect(screen.queryByRole('button', { name: 'Show more trails' })).toBeNull();
    expect(listRequests(fetchMock)).toEqual(['/api/trails', '/api/trails?cursor=2', '/api/trails?cursor=4']);
  });

  it('offers the button where the browser has no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    renderHome({ pageSize: 3 });
    await screen.findByText('Sintra Forest Loop');
    fireEvent.click(screen.getByRole('button', { name: 'Show more trails' }));
    await waitFor(() => expect(trailNames()).toHaveLength(TRAILS.length));
  });

  it('shows the empty state when no trail matches, and its button resets the filters', async () => {
    renderHome();
    await screen.findByText('Sintra Forest Loop');

    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'country:Spain' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hiking' }));
    expect(await screen.findByText('No trails match your filters.')).toBeDefined();
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    await waitFor(() => expect(trailNames()).toHaveLength(TRAILS.length));
    expect((screen.getByLabelText('Location') as HTMLSelectElement).value).toBe('');
  });

  it('loads only the first two images eagerly and gives every image its size', async () => {
    renderHome();
    await screen.findByText('Sintra Forest Loop');
    const images = [...document.querySelectorAll('article img')];
    expect(images.map((img) => img.getAttribute('loading'))).toEqual(['eager', 'eager', 'lazy', 'lazy', 'lazy']);
    for (const img of images) {
      expect(img.getAttribute('width')).toBeTruthy();
      expect(img.getAttribute('height')).toBeTruthy();
    }
  });

  it('asks a visitor to sign in when they choose a trail', async () => {
    const { navigation } = renderHome();
    const trail = await screen.findByRole('button', { name: 'Monsanto Ridge' });
    expect(trail.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(trail);
    // Signed in from that prompt, the trail opens (issue 23).
    expect(navigation.requireSignIn).toHaveBeenCalledExactlyOnceWith({ name: 'trail-detail', trailId: TRAILS[2]!.id, from: 'home' });
    expect(navigation.navigate).not.toHaveBeenCalled();
  });

  it('greets a signed-in user by name and opens the chosen trail’s detail', async () => {
    const { navigation } = renderHome({ displayName: 'Rita' });
    expect(screen.getByRole('heading', { level: 1, name: 'Hi, Rita!' })).toBeDefined();

    const trail = await screen.findByRole('button', { name: 'Monsanto Ridge' });
    expect(trail.getAttribute('aria-haspopup')).toBeNull();
    expect(trail.getAttribute('aria-expanded')).toBeNull();
    fireEvent.click(trail);
    expect(navigation.navigate).toHaveBeenCalledExactlyOnceWith({ name: 'trail-detail', trailId: TRAILS[2]!.id, from: 'home' });
    expect(navigation.requireSignIn).not.toHaveBeenCalled();
    // Nothing expands in place any more: the description lives on the detail view.
    expect(screen.queryByText(TRAILS[2]!.description)).toBeNull();
  });

  it.each([
    ['opens the trail once the person turns out to be signed in', 'Rita'],
    ['asks to sign in once nobody turns out to be signed in', null],
  ])('holds a trail chosen before it is known who is signed in, and %s', async (_, name) => {
    const { navigation, learnWho } = renderHome({ displayName: undefined });
    fireEvent.click(await screen.findByRole('button', { name: 'Monsanto Ridge' }));
    expect(navigation.navigate).not.toHaveBeenCalled();
    expect(navigation.requireSignIn).not.toHaveBeenCalled();

    learnWho(name);
    if (name) {
      await waitFor(() =>
        expect(navigation.navigate).toHaveBeenCalledExactlyOnceWith({ name: 'trail-detail', trailId: TRAILS[2]!.id, from: 'home' }),
      );
      expect(navigation.requireSignIn).not.toHaveBeenCalled();
    } else {
      await waitFor(() => expect(navigation.requireSignIn).toHaveBeenCalledTimes(1));
      expect(navigation.navigate).not.toHaveBeenCalled();
    }
  });

  it('shows only my favourite trails when a signed-in person asks, with the other filters (issue 23)', async () => {
    const { fetchMock } = renderHome({ displayName: 'Rita', favourites: [TRAILS[0]!, TRAILS[4]!] });
    await screen.findByText('Monsanto Ridge');
    const favourites = screen.getByRole('button', { name: 'Favourites' });
    expect(favourites.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(favourites);
    await waitFor(() => expect(trailNames()).toEqual(['Sintra Forest Loop', 'Costa Brava Ride']));
    expect(favourites.getAttribute('aria-pressed')).toBe('true');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/me/favourites/trails');
    fireEvent.click(within(screen.getByRole('group', { name: 'Activity' })).getByRole('button', { name: 'Biking' }));
    await waitFor(() => expect(trailNames()).toEqual(['Costa Brava Ride']));

    // Off again: the whole list.
    fireEvent.click(favourites);
    fireEvent.click(within(screen.getByRole('group', { name: 'Activity' })).getByRole('button', { name: 'All' }));
    await waitFor(() => expect(trailNames()).toHaveLength(TRAILS.length));
  });

  it('says where favourites come from when there are none', async () => {
    renderHome({ displayName: 'Rita' });
    fireEvent.click(await screen.findByRole('button', { name: 'Favourites' }));
    expect(await screen.findByText('No favourite trails this weekend. Tap the heart on a trail’s page to keep it here.')).toBeDefined();
  });

  it('offers no Favourites filter to a visitor', async () => {
    renderHome();
    await screen.findByText('Monsanto Ridge');
    expect(screen.queryByRole('button', { name: 'Favourites' })).toBeNull();
  });

  it('says so when nothing is scheduled at all', async () => {
    renderHome({ trails: [] });
    expect(await screen.findByText('No trails are scheduled for this weekend.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Reset filters' })).toBeNull();
  });

  it('links to the product website', async () => {
    renderHome();
    expect(screen.getByRole('link', { name: /Visit our website/ }).getAttribute('href')).toBe('https://trailbuddy.app');
  });
});
