// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { AuthUIError, HttpIdentityClient, MERGE_CONFLICT_CODE } from '@trailbuddy/auth-ui';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderWithProviders, type MockRoute } from '../../../testing/test-utils';
import { mergeConflictHandler } from '../lib/merge';
import { buildWidgetConfig, emailMethodFor, signInFlowFor } from '../lib/widget-config';
import SignInPage from './SignInPage';

const noUser: MockRoute = {
  path: '/api/auth/identity/user',
  status: 401,
  body: { error: { code: 'unauthenticated', message: 'Sign in first.' } },
};
const serverConfig: MockRoute = {
  path: '/api/auth/identity/config',
  body: { signUpDisabled: false, adminEmail: null, helpLink: null, requireDisplayName: ['password'], enumerationProtection: false },
};

function serverWith(providers: unknown[], tenants: unknown[] = [], extra: MockRoute[] = []) {
  return mockFetch([
    { path: '/api/auth/federated/providers', body: { providers } },
    { path: '/api/auth/identity/tenants', body: { tenants } },
    serverConfig,
    noUser,
    ...extra,
  ]);
}

const ana = {
  id: 'u1',
  email: 'ana@example.com',
  emailVerified: true,
  displayName: 'Ana',
  phoneNumber: null,
  isAnonymous: false,
  providers: ['password'],
};

afterEach(() => window.history.replaceState(null, '', '/'));

describe('SignInPage', () => {
  it('shows e-mail, phone, the server’s federated providers and guest, in that order', async () => {
    window.history.replaceState(null, '', '/auth?mode=select');
    serverWith([{ id: 'oidc.trail', displayName: 'Trail ID', kind: 'oidc' }]);
    renderWithProviders(<SignInPage navigate={vi.fn()} />);

    const email = await screen.findByRole('button', { name: /Sign in with email/i });
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons.filter((t) => /Sign in with|Continue as guest/i.test(t ?? ''))).toEqual([
      expect.stringMatching(/email/i),
      expect.stringMatching(/phone/i),
      expect.stringMatching(/Trail ID/),
      expect.stringMatching(/guest/i),
    ]);
    expect(email).toBeDefined();
  });

  it('leads back into the app from every page, an account action’s result included', async () => {
    window.history.replaceState(null, '', '/auth?mode=select');
    serverWith([]);
    renderWithProviders(<SignInPage navigate={vi.fn()} />);
    await screen.findByRole('button', { name: /Sign in with email/i });
    expect(screen.getByRole('link', { name: 'Back to TrailBuddy' }).getAttribute('href')).toBe('/');
  });

  it('starts with the tenants when the server has some', async () => {
    window.history.replaceState(null, '', '/auth?mode=select');
    serverWith(
      [],
      [
        { id: 'acme', displayName: 'Acme', fullLabel: null, buttonColor: null, iconUrl: null, signInOptions: ['password'] },
        { id: 'globex', displayName: 'Globex', fullLabel: null, buttonColor: null, iconUrl: null, signInOptions: ['password'] },
      ],
    );
    renderWithProviders(<SignInPage navigate={vi.fn()} />);
    expect(await screen.findByRole('button', { name: /Acme/ })).toBeDefined();
    expect(screen.getByRole('button', { name: /Globex/ })).toBeDefined();
    expect(screen.queryByRole('button', { name: /Sign in with email/i })).toBeNull();
  });
});

describe('the merge-conflict handler', () => {
  it('is what signInFailure calls with the merge token of a merge conflict', async () => {
    const onMergeConflict = vi.fn(async () => undefined);
    const config = buildWidgetConfig({ providers: [], tenants: [], emailMethod: 'password', signInFlow: 'redirect', onMergeConflict });
    expect(config.autoUpgradeAnonymousUsers).toBe(true);
    await config.callbacks!.signInFailure!(
      new AuthUIError(MERGE_CONFLICT_CODE, undefined, { providerId: 'password', mergeToken: 'tok-1' }),
    );
    expect(onMergeConflict).toHaveBeenCalledWith('tok-1');
  });

  it('redeems the merge token with POST /api/auth/identity/merge, then goes home', async () => {
    const fetchMock = mockFetch([{ method: 'POST', path: '/api/auth/identity/merge', body: { user: ana } }]);
    const navigate = vi.fn(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const onFailed = vi.fn();
    await mergeConflictHandler(new HttpIdentityClient(), navigate, onFailed)('tok-1');

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toContain('/api/auth/identity/merge');
    expect(JSON.parse(String(init?.body))).toEqual({ mergeToken: 'tok-1' });
    expect(navigate).toHaveBeenCalledWith('/');
    expect(onFailed).not.toHaveBeenCalled();
  });

  it('stays on the page and reports it when the server refuses the token', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/api/auth/identity/merge',
        status: 400,
        body: { error: { code: 'invalid-credential', message: 'Expired.' } },
      },
    ]);
    const navigate = vi.fn();
    const onFailed = vi.fn();
    await mergeConflictHandler(new HttpIdentityClient(), navigate, onFailed)('tok-1');
    expect(navigate).not.toHaveBeenCalled();
    expect(onFailed).toHaveBeenCalledTimes(1);
  });

  it('ignores other failures', async () => {
    const onMergeConflict = vi.fn();
    const config = buildWidgetConfig({ providers: [], tenants: [], emailMethod: 'password', signInFlow: 'redirect', onMergeConflict });
    await config.callbacks!.signInFailure!(new AuthUIError('firebaseui/other'));
    expect(onMergeConflict).not.toHaveBeenCalled();
  });
});

describe('buildWidgetConfig', () => {
  const base = { emailMethod: 'password' as const, signInFlow: 'popup' as const, onMergeConflict: vi.fn() };

  it('offers e-mail with a name, phone in Portugal, the server’s providers, then guests; no ToS links', () => {
    const config = buildWidgetConfig({ ...base, providers: [{ providerId: 'oidc.trail', name: 'Trail ID' }], tenants: [] });
    expect(config.signInOptions).toEqual([
      { provider: 'password', requireDisplayName: true, signInMethod: 'password' },
      { provider: 'phone', defaultCountry: 'PT' },
      { provider: 'oidc.trail', providerName: 'Trail ID' },
      'anonymous',
    ]);
    expect(config).toMatchObject({ signInSuccessUrl: '/', signInFlow: 'popup', autoUpgradeAnonymousUsers: true });
    expect(config.tosUrl).toBeUndefined();
    expect(config.privacyPolicyUrl).toBeUndefined();
    expect(config.tenants).toBeUndefined();
  });

  it('lists the server’s tenants with their own providers', () => {
    const tenant = {
      id: 'acme',
      displayName: 'Acme',
      fullLabel: null,
      buttonColor: null,
      iconUrl: null,
      signInOptions: ['emailLink', 'phone', 'oidc.trail'],
    };
    const config = buildWidgetConfig({ ...base, providers: [{ providerId: 'oidc.trail', name: 'Trail ID' }], tenants: [tenant] });
    expect(config.tenants).toEqual({
      acme: {
        signInOptions: [
          { provider: 'password', requireDisplayName: true, signInMethod: 'emailLink' },
          { provider: 'phone', defaultCountry: 'PT' },
          { provider: 'oidc.trail', providerName: 'Trail ID' },
        ],
      },
    });
  });
});

describe('emailMethodFor', () => {
  it('uses e-mail links on ?emailSignIn=link and when a link is completed, else passwords', () => {
    expect(emailMethodFor('?mode=select')).toBe('password');
    expect(emailMethodFor('?emailSignIn=link')).toBe('emailLink');
    expect(emailMethodFor('?mode=signIn&oobCode=x')).toBe('emailLink');
  });
});

describe('signInFlowFor', () => {
  it('opens federated providers in a popup on wide screens and by redirect on phones', () => {
    const screenOf = (wide: boolean) => ({ matchMedia: (() => ({ matches: wide })) as unknown as Window['matchMedia'] });
    expect(signInFlowFor(screenOf(true))).toBe('popup');
    expect(signInFlowFor(screenOf(false))).toBe('redirect');
    expect(signInFlowFor(undefined)).toBe('redirect');
  });
});
