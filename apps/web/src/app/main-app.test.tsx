// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Me } from '@trailbuddy/shared/contracts/profile';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeTrail, mockFetch, renderWithProviders, type MockRoute } from '../testing/test-utils';
import { MainApp } from './main-app';

// The main app's view is the URL: each test starts at /, whatever the last one opened.
afterEach(() => history.replaceState(null, '', '/'));

function makeMe(overrides: { isAdmin?: boolean; image?: string } = {}): Me {
  return {
    user: { id: 'u1', email: 'rita@example.com', name: 'Rita Silva', emailVerified: true },
    isAdmin: overrides.isAdmin ?? false,
    profile: {
      id: 'u1',
      name: 'Rita',
      image: overrides.image ?? '/avatars/avatar-3.png',
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
}

const NOBODY: MockRoute = { path: '/api/me', status: 401, body: { error: { code: 'unauthenticated', message: 'Sign in first.' } } };

/** The app with `me` signed in (null: nobody); GET /api/me answers once `meHeldUntil` settles. */
function renderApp(me: Me | null, { meHeldUntil }: { meHeldUntil?: Promise<unknown> } = {}) {
  const routes: MockRoute[] = [
    { path: '/api/trails', body: { trails: [makeTrail({ name: 'Sintra Forest Loop' })] } },
    { path: '/api/matches/mine', body: { matches: [] } },
    { path: '/api/matches/feedback-prompt', body: { match: null } },
    { ...(me ? { path: '/api/me', body: me } : NOBODY), heldUntil: meHeldUntil },
  ];
  mockFetch(routes);
  return { routes, ...renderWithProviders(<MainApp />) };
}

/** A promise settled when the test says so: a request still on its way until then. */
function held() {
  let settle = () => {};
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}

/** Signs in from the open Sign In dialog; GET /api/me answers `me` from then on. */
async function signInFromDialog(routes: MockRoute[], me: Me) {
  routes.unshift(
    { method: 'POST', path: '/api/auth/sign-in/email', body: { redirect: false, token: 't', user: { id: me.user.id } } },
    { path: '/api/me', body: me },
  );
  const dialog = within(await screen.findByRole('dialog', { name: 'Sign In' }));
  fireEvent.change(dialog.getByLabelText('Email'), { target: { value: me.user.email } });
  fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'secret1' } });
  fireEvent.click(dialog.getByRole('button', { name: 'Sign In' }));
}

// Both navigations are in the page; CSS shows the bottom bar below 1024 px and the header's above
// (jsdom applies no media queries; the addresses e2e spec checks which one shows at 390 and 1280 px).
const mainNavs = () => screen.getAllByRole('navigation', { name: 'Main' });
const bottomBar = () => within(mainNavs().find((nav) => !nav.closest('header'))!);
const headerNav = () => within(mainNavs().find((nav) => nav.closest('header'))!);

describe('MainApp', () => {
  it('asks a visitor to sign in instead of opening Agenda or Matches', async () => {
    renderApp(null);
    await screen.findByRole('button', { name: 'Sign In' });

    fireEvent.click(bottomBar().getByRole('button', { name: 'Agenda' }));
    expect(await screen.findByRole('dialog', { name: 'Sign In' })).toBeDefined();
    expect(bottomBar().getByRole('button', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Find your trail buddy');
  });

  it('opens the view a visitor asked for once they have signed in from the prompt it raised', async () => {
    const { routes } = renderApp(null);
    await screen.findByRole('button', { name: 'Sign In' });
    fireEvent.click(bottomBar().getByRole('button', { name: 'Agenda' }));
    await signInFromDialog(routes, makeMe());

    expect(await screen.findByRole('heading', { level: 1, name: 'Agenda' })).toBeDefined();
    expect(location.pathname).toBe('/agenda');
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull();
  });

  it('opens the trail a visitor tapped once they have signed in from the prompt it raised (issue 23)', async () => {
    const { routes } = renderApp(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Sintra Forest Loop' }));
    await signInFromDialog(routes, makeMe());

    await waitFor(() => expect(location.pathname).toMatch(/^\/trails\/[^/]+$/));
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull();
  });

  it('forgets the view asked for when the sign-in prompt is dismissed', async () => {
    const { routes } = renderApp(null);
    await screen.findByRole('button', { name: 'Sign In' });
    fireEvent.click(bottomBar().getByRole('button', { name: 'Agenda' }));
    fireEvent(await screen.findByRole('dialog', { name: 'Sign In' }), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull());

    // Signing in later from the header stays where the person is.
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await signInFromDialog(routes, makeMe());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Rita!' })).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull());
    expect(location.pathname).toBe('/');
  });

  it('opens a members’ view tapped before GET /api/me has answered, once it has', async () => {
    const me = held();
    renderApp(makeMe(), { meHeldUntil: me.promise });
    fireEvent.click(bottomBar().getByRole('button', { name: 'Matches' }));
    expect(location.pathname).toBe('/');

    await act(async () => me.settle());
    expect(await screen.findByRole('tab', { name: /Upcoming/ })).toBeDefined();
    expect(location.pathname).toBe('/matches/upcoming');
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull();
  });

  it('answers such an early tap with the sign-in prompt when nobody is signed in, then opens the view', async () => {
    const me = held();
    const { routes } = renderApp(null, { meHeldUntil: me.promise });
    fireEvent.click(bottomBar().getByRole('button', { name: 'Matches' }));
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull();

    await act(async () => me.settle());
    await signInFromDialog(routes, makeMe());
    expect(await screen.findByRole('tab', { name: /Upcoming/ })).toBeDefined();
    expect(location.pathname).toBe('/matches/upcoming');
  });

  it('answers only the last of several early taps', async () => {
    const me = held();
    renderApp(makeMe(), { meHeldUntil: me.promise });
    fireEvent.click(bottomBar().getByRole('button', { name: 'Matches' }));
    fireEvent.click(bottomBar().getByRole('button', { name: 'Agenda' }));

    await act(async () => me.settle());
    expect(await screen.findByRole('heading', { level: 1, name: 'Agenda' })).toBeDefined();
    expect(location.pathname).toBe('/agenda');
  });

  it('switches views for a signed-in user and shows their account in the header', async () => {
    renderApp(makeMe());
    expect(await screen.findByRole('heading', { level: 1, name: 'Hi, Rita!' })).toBeDefined();
    expect(await screen.findByText('rita@example.com')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBeDefined();
    const profileButton = screen.getByRole('button', { name: 'Your profile' });
    expect(profileButton.querySelector('img')?.getAttribute('src')).toBe('/avatars/avatar-3.png');
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();

    fireEvent.click(bottomBar().getByRole('button', { name: 'Matches' }));
    expect(await screen.findByRole('tab', { name: /Upcoming/ })).toBeDefined();
    expect(bottomBar().getByRole('button', { name: 'Matches' }).getAttribute('aria-current')).toBe('page');
    expect(headerNav().getByRole('button', { name: 'Matches' }).getAttribute('aria-current')).toBe('page');
    expect(mainNavs()).toHaveLength(2);

    // The header's navigation (wide screens) goes to the same views.
    fireEvent.click(headerNav().getByRole('button', { name: 'Agenda' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Agenda' })).toBeDefined();
    expect(location.pathname).toBe('/agenda');
    fireEvent.click(headerNav().getByRole('button', { name: 'Matches' }));
    expect(await screen.findByRole('tab', { name: /Upcoming/ })).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();

    // The profile picture opens the personal profile, which belongs to no tab.
    fireEvent.click(profileButton);
    expect(await screen.findByRole('button', { name: 'Edit Profile' })).toBeDefined();
    expect(
      bottomBar()
        .queryAllByRole('button')
        .filter((b) => b.getAttribute('aria-current') === 'page'),
    ).toHaveLength(0);
  });

  it('shows the admin entry to administrators only', async () => {
    renderApp(makeMe({ isAdmin: true }));
    expect((await screen.findByRole('link', { name: 'Admin' })).getAttribute('href')).toBe('/admin');
  });

  it('opens the onboarding carousel from the help button, for visitors too', async () => {
    renderApp(null);
    fireEvent.click(await screen.findByRole('button', { name: 'Help' }));
    const dialog = await screen.findByRole('dialog', { name: 'How TrailBuddy works' });
    for (let step = 1; step < 4; step++) fireEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Get started' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the live-event stream only after the first render has painted', async () => {
    const opened: string[] = [];
    vi.stubGlobal(
      'EventSource',
      class {
        constructor(url: string) {
          opened.push(url);
        }
        addEventListener() {}
        close() {}
      },
    );
    // The browser's idle time is held back until the test says so: how long the first render
    // takes on a busy machine must not decide the outcome.
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => {});
    renderApp(null);
    await screen.findByRole('button', { name: 'Sign In' });
    expect(opened).toEqual([]);
    act(() => idle.splice(0).forEach((callback) => callback()));
    await waitFor(() => expect(opened).toEqual(['/api/events']));
  });

  it('asks a signed-in user to complete their profile until they have', async () => {
    const me = makeMe();
    renderApp({ ...me, profile: { ...me.profile, registrationComplete: false, hasSeenOnboarding: false } });
    expect(await screen.findByRole('dialog', { name: 'Complete Your Profile' })).toBeDefined();
  });
});
