// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Me } from '@trailbuddy/shared/contracts/profile';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { describe, expect, it, vi } from 'vitest';
import { renderWithNavigation } from '../../../testing/navigation-utils';
import { makeTrail } from '../../../testing/test-utils';
import { formatSessionDayShort } from '../utils/format-session';
import TrailDetailView, { type TrailDetailFrom } from './TrailDetailView';

const ME: Me = {
  user: { id: 'u1', email: 'rita@example.com', name: 'Rita Silva', emailVerified: true },
  isAdmin: false,
  profile: {
    id: 'u1',
    name: 'Rita',
    image: '/avatars/avatar-3.png',
    age: 30,
    location: 'Lisbon, Portugal',
    gender: 'Female',
    skills: { hiking: 'intermediate', running: 'beginner', biking: 'beginner' },
    bio: 'Weekend hiker.',
    instagram: 'rita',
    preferences: { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' },
    email: 'rita@example.com',
    country: 'Portugal',
    city: 'Lisbon',
    hasSeenOnboarding: true,
    registrationComplete: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    reliable: false,
    comfort: { sameGenderOnly: false, ageMin: null, ageMax: null, languages: [] },
    maxTravelKm: 150,
  },
};

interface ServerOptions {
  trail?: Trail | null;
  me?: Me | null;
  favourites?: string[];
  /** Status the favourite PUT/DELETE answers with; anything but 204 leaves the favourites as they were. */
  favouriteStatus?: number;
  /** Favourite writes wait for this before answering, to see the view while one is on its way. */
  writeGate?: Promise<void>;
}

const json = (body: unknown, status = 200) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A small fake of the API at the fetch boundary that remembers favourites, like the server does. */
function fakeServer({ trail = makeTrail(), me = ME, favourites = [], favouriteStatus = 204, writeGate }: ServerOptions = {}) {
  const favs = new Set(favourites);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { pathname } = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'GET' && pathname === '/api/me')
      return me ? json(me) : json({ error: { code: 'unauthenticated', message: 'Sign in first.' } }, 401);
    if (method === 'GET' && pathname.startsWith('/api/trails/')) {
      return trail && pathname === `/api/trails/${trail.id}`
        ? json(trail)
        : json({ error: { code: 'not-found', message: 'Trail not found.' } }, 404);
    }
    if (method === 'GET' && pathname === '/api/me/favourites') return json({ trailIds: [...favs] });
    const favourite = /^\/api\/me\/favourites\/(.+)$/.exec(pathname);
    if (favourite && (method === 'PUT' || method === 'DELETE')) {
      await writeGate;
      if (favouriteStatus !== 204) return json({ error: { code: 'internal', message: 'Boom' } }, favouriteStatus);
      if (method === 'PUT') favs.add(favourite[1]!);
      else favs.delete(favourite[1]!);
      return new Response(null, { status: 204 });
    }
    throw new Error(`Unexpected request: ${method} ${pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  const calls = (method: string, path: string) =>
    fetchMock.mock.calls.filter(([input, init]) => (init?.method ?? 'GET') === method && String(input) === path).length;
  return { fetchMock, favs, calls };
}

function renderDetail(trail: Trail, from: TrailDetailFrom = 'home') {
  return renderWithNavigation(<TrailDetailView trailId={trail.id} from={from} />, {
    view: { name: 'trail-detail', trailId: trail.id, from },
  });
}

// Generous: the first render pays for jsdom's cold start, slow when the machine is busy.
describe('TrailDetailView', { timeout: 20_000 }, () => {
  it('shows the trail’s facts, its map linking out and its description', async () => {
    const trail = makeTrail({
      name: 'Sintra Forest Loop',
      location: 'Sintra, Portugal',
      length: '8.4 km',
      hours: 2.5,
      difficulty: 'Challenging',
      activity: 'running',
      map: '/images/sintra-map.jpg',
      linkmap: 'https://maps.example.com/sintra',
    });
    const { calls } = fakeServer({ trail });
    renderDetail(trail);

    expect(await screen.findByRole('heading', { level: 1, name: 'Sintra Forest Loop' })).toBeDefined();
    expect(calls('GET', `/api/trails/${trail.id}`)).toBe(1);
    expect(screen.getByText('Sintra, Portugal')).toBeDefined();
    const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Date')).toBe(formatSessionDayShort(new Date(trail.startTime)));
    expect(fact('Time')).toMatch(/\d/);
    expect(fact('Duration')).toBe('2.5 h');
    expect(fact('Activity')).toBe('Running');
    expect(fact('Length')).toBe('8.4 km');
    expect(fact('Difficulty')).toBe('Challenging');
    expect(screen.getByText(trail.description)).toBeDefined();

    const map = screen.getByRole('link', { name: /Map of Sintra Forest Loop/ });
    expect(map.getAttribute('href')).toBe('https://maps.example.com/sintra');
    expect(map.getAttribute('target')).toBe('_blank');
    expect(map.getAttribute('rel')).toContain('noopener');
    expect(within(map).getByRole('img').getAttribute('src')).toBe('/images/sintra-map.jpg');
  });

  it('collapses a description only when it is longer than 200 characters, and Read More / Read Less toggle it', async () => {
    const short = makeTrail({ description: 'x'.repeat(200) });
    fakeServer({ trail: short });
    const first = renderDetail(short);
    const shortText = await screen.findByText('x'.repeat(200));
    expect(shortText.className).not.toContain('line-clamp-3');
    expect(screen.queryByRole('button', { name: 'Read More' })).toBeNull();
    first.unmount();

    const long = makeTrail({ description: 'y'.repeat(201) });
    fakeServer({ trail: long });
    renderDetail(long);
    const longText = await screen.findByText('y'.repeat(201));
    expect(longText.className).toContain('line-clamp-3');

    const more = screen.getByRole('button', { name: 'Read More' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(longText.className).not.toContain('line-clamp-3');
    const less = screen.getByRole('button', { name: 'Read Less' });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(less);
    expect(longText.className).toContain('line-clamp-3');
    expect(screen.getByRole('button', { name: 'Read More' })).toBeDefined();
  });

  it.each([
    ['agenda', 'Back to Agenda', { name: 'agenda' }],
    ['matches', 'Back to Matches', { name: 'matches-page' }],
  ] as const)('opened from %s, has a %s button and no Find Hiking Buddy', async (from, label, target) => {
    const trail = makeTrail();
    fakeServer({ trail });
    const { navigation } = renderDetail(trail, from);
    await screen.findByRole('heading', { level: 1, name: trail.name });

    expect(screen.queryByRole('button', { name: 'Find Hiking Buddy' })).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Back to/ }).map((button) => button.textContent)).toEqual([label]);
    fireEvent.click(screen.getByRole('button', { name: label }));
    expect(navigation.navigate).toHaveBeenCalledExactlyOnceWith(target);
  });

  it('opened from home, offers Find Hiking Buddy with the trail’s own day chosen, and Back to Home', async () => {
    const trail = makeTrail({ weekendDay: 'sunday', startTime: '2027-06-13T09:00:00.000Z', endTime: '2027-06-13T12:00:00.000Z' });
    fakeServer({ trail });
    const { navigation } = renderDetail(trail, 'home');
    await screen.findByRole('heading', { level: 1, name: trail.name });

    expect(screen.getAllByRole('button', { name: /^Back to/ }).map((button) => button.textContent)).toEqual(['Back to Home']);
    fireEvent.click(screen.getByRole('button', { name: 'Back to Home' }));
    expect(navigation.navigate).toHaveBeenLastCalledWith({ name: 'home' });
    const saturday = screen.getByRole('radio', { name: /Saturday/ }) as HTMLInputElement;
    const sunday = screen.getByRole('radio', { name: /Sunday/ }) as HTMLInputElement;
    expect(sunday.checked).toBe(true);
    expect(saturday.checked).toBe(false);
    // Each day shows its own date of the same weekend.
    const dateOf = (radio: HTMLElement) => radio.closest('label')!.lastElementChild!.textContent;
    expect(dateOf(sunday)).toMatch(/13/);
    expect(dateOf(saturday)).toMatch(/12/);

    fireEvent.click(screen.getByRole('button', { name: 'Find Hiking Buddy' }));
    expect(navigation.navigate).toHaveBeenLastCalledWith({ name: 'matching', trailId: trail.id, day: 'sunday' });

    fireEvent.click(saturday);
    expect(saturday.checked).toBe(true);
    // The chosen day goes into the URL, replacing the entry.
    expect(navigation.navigate).toHaveBeenLastCalledWith(
      { name: 'trail-detail', trailId: trail.id, from: 'home', day: 'saturday' },
      { replace: true },
    );
    const date = screen.getByText('Date', { selector: 'dt' }).nextElementSibling?.textContent;
    expect(date).toBe(formatSessionDayShort(new Date('2027-06-12T09:00:00.000Z')));
    fireEvent.click(screen.getByRole('button', { name: 'Find Hiking Buddy' }));
    expect(navigation.navigate).toHaveBeenLastCalledWith({ name: 'matching', trailId: trail.id, day: 'saturday' });
    expect(navigation.navigate).toHaveBeenCalledTimes(4);

    // Room for more (ADR 0054): the search carries the size chosen.
    fireEvent.click(screen.getByRole('radio', { name: /Room for up to/ }));
    fireEvent.change(screen.getByRole('combobox', { name: 'How many people in all' }), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Find Hiking Buddy' }));
    expect(navigation.navigate).toHaveBeenLastCalledWith({ name: 'matching', trailId: trail.id, day: 'saturday', capacity: 4 });
  });

  it('does not offer a session that has started (issue 23)', async () => {
    // Saturday has started; Sunday has not.
    const saturdayStart = new Date(Date.now() - 60 * 60 * 1000);
    const trail = makeTrail({
      weekendDay: 'saturday',
      startTime: saturdayStart.toISOString(),
      endTime: new Date(saturdayStart.getTime() + 3 * 60 * 60 * 1000).toISOString(),
    });
    fakeServer({ trail });
    const { navigation } = renderDetail(trail, 'home');
    await screen.findByRole('heading', { level: 1, name: trail.name });
    const saturday = (await screen.findByRole('radio', { name: /Saturday/ })) as HTMLInputElement;
    await waitFor(() => expect(saturday.disabled).toBe(true));
    expect(saturday.closest('label')!.textContent).toContain('Already started');
    fireEvent.click(screen.getByRole('button', { name: 'Find Hiking Buddy' }));
    expect(navigation.navigate).toHaveBeenLastCalledWith({ name: 'matching', trailId: trail.id, day: 'sunday' });
  });

  it('offers the trail’s start times, never one that has started, and the search carries the time (ADR 0065)', async () => {
    // The first time (the session's own) started an hour ago; the second is five hours after it.
    const firstStart = new Date(Date.now() - 60 * 60 * 1000);
    const trail = makeTrail({
      weekendDay: 'saturday',
      startTime: firstStart.toISOString(),
      endTime: new Date(firstStart.getTime() + 3 * 60 * 60 * 1000).toISOString(),
      startTimes: ['08:00', '13:00'],
    });
    fakeServer({ trail });
    const { navigation } = renderDetail(trail, 'home');
    await screen.findByRole('heading', { level: 1, name: trail.name });
    const times = within(screen.getByRole('group', { name: 'Choose your start time' })).getAllByRole('radio') as HTMLInputElement[];
    expect(times.map((t) => t.value)).toEqual(['08:00', '13:00']);
    await waitFor(() => expect(times[0]!.disabled).toBe(true));
    expect(times[0]!.closest('label')!.textContent).toContain('Already started');
    // The day is still offered: its later time has not started.
    expect((screen.getByRole('radio', { name: /Saturday/ }) as HTMLInputElement).disabled).toBe(false);
    expect(times[1]!.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Find Hiking Buddy' }));
    expect(navigation.navigate).toHaveBeenLastCalledWith({ name: 'matching', trailId: trail.id, day: 'saturday', time: '13:00' });
  });

  it('says so when both of the weekend’s sessions have started', async () => {
    const trail = makeTrail({ weekendDay: 'saturday', startTime: '2026-06-13T09:00:00.000Z', endTime: '2026-06-13T12:00:00.000Z' });
    fakeServer({ trail });
    renderDetail(trail, 'home');
    await screen.findByRole('heading', { level: 1, name: trail.name });
    expect((await screen.findByText('This weekend’s sessions have already started. Next weekend’s open soon.')).getAttribute('role')).toBe(
      'status',
    );
    expect(screen.queryByRole('button', { name: 'Find Hiking Buddy' })).toBeNull();
  });

  it('toggles the favourite through the API, optimistically', async () => {
    const trail = makeTrail();
    let answer!: () => void;
    const { calls, favs } = fakeServer({ trail, writeGate: new Promise<void>((resolve) => (answer = resolve)) });
    renderDetail(trail);

    const toggle = await screen.findByRole('button', { name: 'Add to favourites' });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(toggle);
    // Flipped while the server has not answered yet.
    await waitFor(() => expect(calls('PUT', `/api/me/favourites/${trail.id}`)).toBe(1));
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(toggle.getAttribute('aria-label')).toBe('Remove from favourites');
    expect(favs.has(trail.id)).toBe(false);

    answer();
    await waitFor(() => expect(favs.has(trail.id)).toBe(true));
    // The refetch afterwards agrees with the server.
    await waitFor(() => expect(calls('GET', '/api/me/favourites')).toBe(2));
    expect(toggle.getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(toggle);
    await waitFor(() => expect(calls('DELETE', `/api/me/favourites/${trail.id}`)).toBe(1));
    await waitFor(() => expect(favs.has(trail.id)).toBe(false));
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-label')).toBe('Add to favourites');
  });

  it('shows a saved favourite as pressed, and flips back when the server refuses the change', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const trail = makeTrail();
    let answer!: () => void;
    const { calls } = fakeServer({
      trail,
      favourites: [trail.id],
      favouriteStatus: 500,
      writeGate: new Promise<void>((resolve) => (answer = resolve)),
    });
    renderDetail(trail);

    const toggle = await screen.findByRole('button', { name: 'Remove from favourites' });
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(toggle);
    await waitFor(() => expect(calls('DELETE', `/api/me/favourites/${trail.id}`)).toBe(1));
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    answer();
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('true'));
    expect(toggle.getAttribute('aria-label')).toBe('Remove from favourites');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('offers no favourite toggle to a visitor and never asks for favourites', async () => {
    const trail = makeTrail();
    const { calls } = fakeServer({ trail, me: null });
    renderDetail(trail);
    await screen.findByRole('heading', { level: 1, name: trail.name });
    await waitFor(() => expect(calls('GET', '/api/me')).toBe(1));
    expect(screen.queryByRole('button', { name: /favourites/ })).toBeNull();
    expect(calls('GET', '/api/me/favourites')).toBe(0);
  });

  it('shows Unknown Trail with a way home when the trail does not exist', async () => {
    fakeServer({ trail: null });
    const { navigation } = renderWithNavigation(<TrailDetailView trailId="gone" from="agenda" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unknown Trail' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Back to Agenda' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Home' }));
    expect(navigation.navigate).toHaveBeenCalledExactlyOnceWith({ name: 'home' });
  });

  it('falls back to Invalid date and Invalid time when the session’s times cannot be read', async () => {
    const trail = makeTrail({ startTime: 'not a date', endTime: 'nor this' });
    fakeServer({ trail });
    renderDetail(trail);
    await screen.findByRole('heading', { level: 1, name: trail.name });
    const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(fact('Date')).toBe('Invalid date');
    expect(fact('Time')).toBe('Invalid time');
    for (const radio of screen.getAllByRole('radio').filter((r) => r.getAttribute('name') === 'trail-day'))
      expect(radio.closest('label')!.textContent).toContain('Invalid date');
  });
});
