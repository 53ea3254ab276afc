// @vitest-environment jsdom
import { ACCOUNT_DELETED_PAGE } from '@trailbuddy/shared/contracts/account';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Me } from '@trailbuddy/shared/contracts/profile';
import { afterEach, describe, expect, it } from 'vitest';
import { makeAdminMe } from '../testing/admin-utils';
import { makeTrail, mockFetch, renderWithProviders } from '../testing/test-utils';
import { sectionOf } from '../lib/location';
import { AppRouter } from './router';

function renderAt(url: string, me: Me | null) {
  window.history.replaceState(null, '', url);
  mockFetch([
    { path: '/api/trails', body: { trails: [makeTrail({ name: 'Sintra Forest Loop' })] } },
    { path: '/api/matches/mine', body: { matches: [] } },
    { path: '/api/matches/feedback-prompt', body: { match: null } },
    { path: '/api/auth/federated/providers', body: { providers: [] } },
    { path: '/api/auth/identity/tenants', body: { tenants: [] } },
    me
      ? { path: '/api/me', body: me }
      : { path: '/api/me', status: 401, body: { error: { code: 'unauthenticated', message: 'Sign in first.' } } },
  ]);
  return renderWithProviders(<AppRouter />);
}

const mainHome = () => screen.findByRole('heading', { level: 1, name: /Find your trail buddy|Hi, / });
const adminHeading = () => screen.findByRole('heading', { level: 1, name: 'Admin' });

afterEach(() => window.history.replaceState(null, '', '/'));

describe('AppRouter', () => {
  it('shows the main app at / and at any other path but /admin and /auth', async () => {
    renderAt('/', null);
    expect(await mainHome()).toBeDefined();
  });

  it('sends a non-administrator from /admin to /', async () => {
    renderAt('/admin', makeAdminMe(false));
    expect(await mainHome()).toBeDefined();
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Admin' })).toBeNull();
  });

  it('shows the trail manager to an administrator at /admin; Back returns to the app without a reload', async () => {
    renderAt('/admin', makeAdminMe(true));
    expect(await adminHeading()).toBeDefined();

    fireEvent.click(screen.getByRole('link', { name: /Back/ }));
    expect(await mainHome()).toBeDefined();
    expect(window.location.pathname).toBe('/');
  });

  it('opens the trail manager from the header admin entry, and the browser Back button returns', async () => {
    renderAt('/', makeAdminMe(true));
    const entry = await screen.findByRole('link', { name: 'Admin' });
    expect(entry.getAttribute('href')).toBe('/admin');

    fireEvent.click(entry);
    expect(await adminHeading()).toBeDefined();
    expect(window.location.pathname).toBe('/admin');

    act(() => {
      window.history.replaceState(null, '', '/');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(await mainHome()).toBeDefined();
  });

  it('shows the sign-in widget at /auth with the mode of the e-mailed link', async () => {
    renderAt('/auth?mode=resetPassword&oobCode=abc123', null);
    expect(await screen.findByRole('heading', { name: 'Try resetting your password again' })).toBeDefined();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('shows a not-found view at an address that matches no view, with the way home', async () => {
    renderAt('/trails/abc/reviews', null);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeDefined();
    expect(window.location.pathname).toBe('/trails/abc/reviews');
    const home = screen.getByRole('link', { name: 'Go to Home' });
    expect(home.getAttribute('href')).toBe('/');
    fireEvent.click(home);
    expect(await mainHome()).toBeDefined();
    expect(window.location.pathname).toBe('/');
  });

  it('says an account is deleted at /account-deleted, signed out, with the way home (issue 23)', async () => {
    renderAt('/account-deleted', null);
    expect(await screen.findByRole('heading', { level: 1, name: ACCOUNT_DELETED_PAGE.title })).toBeDefined();
    expect(screen.getByText(ACCOUNT_DELETED_PAGE.body)).toBeDefined();
    // Not a members' view: nobody is asked to sign in to read it.
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Go to Home' }));
    expect(await mainHome()).toBeDefined();
  });

  it('links the header logo to / as a plain link that stays in the app', async () => {
    renderAt('/somewhere', null);
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    const logo = screen.getByRole('link', { name: 'TrailBuddy' });
    expect(logo.getAttribute('href')).toBe('/');
    fireEvent.click(logo);
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(await mainHome()).toBeDefined();
  });
});

describe('sectionOf', () => {
  it.each([
    ['/', 'main'],
    ['/admin', 'admin'],
    ['/admin/', 'admin'],
    ['/ADMIN', 'admin'],
    ['/admin/other', 'main'],
    ['/auth', 'auth'],
    ['/auth/', 'auth'],
    ['/authx', 'main'],
    ['/trails/1', 'main'],
  ])('%s → %s', (path, section) => {
    expect(sectionOf(path)).toBe(section);
  });
});
