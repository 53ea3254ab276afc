// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FakeIdentityClient, authError, fakeUser } from '../testing/fake-client';
import { expectPage, fakeEnv, fill, flush, infoBarText, renderWidget, resolveCall, rejectCall, submit } from '../testing/harness';
import { AuthWidget } from './AuthWidget';
import { mountAuthUI } from './mount';

const serverConfig = { signUpDisabled: false, adminEmail: null, helpLink: null, requireDisplayName: [], enumerationProtection: false };

describe('mode dispatch (checklist §2)', () => {
  it('select → the start page, storing a signInSuccessUrl from the query', async () => {
    const env = fakeEnv('https://app.test/auth?mode=select&signInSuccessUrl=https%3A%2F%2Fapp.test%2Fhome');
    const { app } = await renderWidget({ signInOptions: ['password', 'google.com'] }, { env });
    expectPage('providerSignIn');
    expect(app.storage.getRedirectUrl()).toBe('https://app.test/home');
    expect(env.session.values.get('firebaseui::redirectUrl')).toBe('"https://app.test/home"');
  });

  it('callback (no mode, unknown mode) → the start page, honouring signInSuccessUrl too', async () => {
    const { app } = await renderWidget(
      { signInOptions: ['password'] },
      { env: fakeEnv('https://app.test/auth?mode=nope&signInSuccessUrl=%2Fx') },
    );
    expectPage('signIn');
    expect(app.storage.getRedirectUrl()).toBe('/x');
  });

  it('uses the configured parameter names', async () => {
    const env = fakeEnv('https://app.test/auth?view=resetpassword&oobCode=c');
    const { client } = await renderWidget({ signInOptions: ['password'], queryParameterForWidgetMode: 'view' }, { env });
    expect(client.next('checkActionCode').args).toEqual(['c', 'resetPassword']);
  });

  it('callback with a federated redirect pending → the callback page, then the result', async () => {
    const env = fakeEnv('https://app.test/auth');
    env.session.setItem('firebaseui::redirectStatus', JSON.stringify({ tenantId: null }));
    const signInSuccessWithAuthResult = vi.fn(() => false);
    const { client, app } = await renderWidget({ signInOptions: ['google.com'], callbacks: { signInSuccessWithAuthResult } }, { env });
    expectPage('callback');
    expect(document.querySelector('.authui-progress-bar-permanent')).not.toBeNull();
    const user = fakeUser();
    await resolveCall(client.next('getFederatedResult'), { kind: 'user', user, providerId: 'google.com', isNewUser: true });
    expect(app.storage.hasRedirectStatus()).toBe(false);
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(
      { user, credential: null, operationType: 'signIn', additionalUserInfo: { providerId: 'google.com', isNewUser: true } },
      undefined,
    );
  });

  it('a redirect with no result → the start page', async () => {
    const env = fakeEnv('https://app.test/auth');
    env.session.setItem('firebaseui::redirectStatus', '{"tenantId":null}');
    const { client } = await renderWidget({ signInOptions: ['password', 'google.com'] }, { env });
    await resolveCall(client.next('getFederatedResult'), { kind: 'none' });
    expectPage('providerSignIn');
  });

  it('signIn (e-mail link) → its handler, and the link parameters leave the address bar', async () => {
    const handleEmailLinkSignIn = vi.fn();
    const env = fakeEnv('https://app.test/auth?mode=signIn&oobCode=c&ui_sid=s&ui_sd=0&lang=fr');
    await renderWidget({ signInOptions: [{ provider: 'password', signInMethod: 'emailLink' }] }, { env, flows: { handleEmailLinkSignIn } });
    expect(handleEmailLinkSignIn).toHaveBeenCalledTimes(1);
    expect(env.replaced).toEqual(['https://app.test/auth?lang=fr']);
  });

  it('signIn → the e-mail-link completion on a blank page (the real handler)', async () => {
    const { client } = await renderWidget({ signInOptions: ['password'] }, { env: fakeEnv('https://app.test/auth?mode=signIn&oobCode=c') });
    expectPage('blank');
    // No cookie, not forced to the same device: the code is checked, then the e-mail is asked for.
    await resolveCall(client.next('checkEmailLink'), { email: 'a@b.co', tenantId: null });
    expectPage('emailLinkSignInConfirmation');
  });
});

describe('start-up (checklist §0)', () => {
  it('without Web Storage → the unrecoverable error page', async () => {
    const env = fakeEnv();
    env.sessionStorage = () => {
      throw new Error('SecurityError');
    };
    const uiShown = vi.fn();
    await renderWidget({ signInOptions: ['password'], callbacks: { uiShown } }, { env });
    expectPage('unrecoverableError');
    expect(screen.getByRole('heading', { name: 'Error encountered' })).toBeTruthy();
    expect(
      screen.getByText('The browser you are using does not support Web Storage. Please try again in a different browser.'),
    ).toBeTruthy();
    expect(uiShown).not.toHaveBeenCalled();
  });

  it("merges the server's settings before the first page: sign-up disabled → unauthorized user", async () => {
    const uiShown = vi.fn();
    const { client } = await renderWidget({ signInOptions: ['password'], callbacks: { uiShown } }, { loadServerConfig: true });
    expect(uiShown).not.toHaveBeenCalled();
    await resolveCall(client.next('getConfig'), { ...serverConfig, signUpDisabled: true, adminEmail: 'admin@trailbuddy.app' });
    expect(uiShown).toHaveBeenCalledTimes(1);
    fill('Email', 'new@example.com');
    await submit();
    await resolveCall(client.next('fetchSignInMethods'), []);
    expectPage('unauthorizedUser');
    expect(screen.getByText(/for authorization/).textContent).toBe('Please contact admin@trailbuddy.app for authorization.');
  });

  it("starts with the widget's own settings when the server's cannot be read", async () => {
    const { client } = await renderWidget({ signInOptions: ['password'] }, { loadServerConfig: true });
    await rejectCall(client.next('getConfig'), authError('network-request-failed'));
    expectPage('signIn');
  });
});

describe('one widget per page (checklist §0)', () => {
  it('a second widget resets the first, warning when it was pending', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = await renderWidget({ signInOptions: ['password'] });
    first.app.storage.setPendingEmailCredential({ email: 'a@b.co', credential: null });
    const client = new FakeIdentityClient();
    render(<AuthWidget config={{ signInOptions: ['password'] }} client={client} env={fakeEnv()} loadServerConfig={false} />);
    await flush();
    expect(first.app.disposed).toBe(true);
    expect(warn).toHaveBeenCalledWith(
      'UI Widget is already rendered on the page and is pending some user interaction. Only one widget instance can be rendered per page. The previous instance has been automatically reset.',
    );
    expect(document.querySelectorAll('[data-page-id]')).toHaveLength(1);
  });

  it('resets silently when the first one was not pending', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const first = await renderWidget({ signInOptions: ['password'] });
    render(
      <AuthWidget config={{ signInOptions: ['password'] }} client={new FakeIdentityClient()} env={fakeEnv()} loadServerConfig={false} />,
    );
    await flush();
    expect(first.app.disposed).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('AuthWidget and mountAuthUI', () => {
  it('AuthWidget renders the start page and resets on unmount', async () => {
    const client = new FakeIdentityClient();
    const { unmount, container } = render(<AuthWidget config={{ signInOptions: ['password'] }} client={client} env={fakeEnv()} />);
    await flush();
    await resolveCall(client.next('getConfig'), serverConfig);
    expectPage('signIn');
    expect(container.querySelector('.authui-root')?.getAttribute('lang')).toBe('en');
    expect(container.querySelector('.authui-root')?.getAttribute('data-authui-theme')).toBe('firebaseui');
    unmount();
  });

  it('mountAuthUI throws for a missing element and for invalid phone lists', () => {
    expect(() => mountAuthUI('#nowhere', {}, new FakeIdentityClient(), { env: fakeEnv() })).toThrow(
      'Could not find the FirebaseUI widget element on the page.',
    );
    const element = document.createElement('div');
    expect(() =>
      mountAuthUI(element, { signInOptions: [{ provider: 'phone', whitelistedCountries: [] }] }, new FakeIdentityClient(), {
        env: fakeEnv(),
      }),
    ).toThrow('WhitelistedCountries must be a non-empty array.');
  });

  it('AuthWidget wears the theme it is given', async () => {
    const client = new FakeIdentityClient();
    const { unmount, container } = render(
      <AuthWidget config={{ signInOptions: ['password'] }} client={client} env={fakeEnv()} theme="trailbuddy" />,
    );
    await flush();
    expect(container.querySelector('.authui-root')?.getAttribute('data-authui-theme')).toBe('trailbuddy');
    unmount();
  });

  it('mountAuthUI sets lang and the theme, renders, and reset removes them', async () => {
    const element = document.createElement('div');
    document.body.appendChild(element);
    const client = new FakeIdentityClient();
    let mounted!: ReturnType<typeof mountAuthUI>;
    await act(async () => {
      mounted = mountAuthUI(element, { signInOptions: ['password'] }, client, { env: fakeEnv(), loadServerConfig: false });
    });
    await flush();
    expect(element.getAttribute('lang')).toBe('en');
    expect(element.getAttribute('data-authui-theme')).toBe('firebaseui');
    expect(element.querySelector('[data-page-id="signIn"]')).not.toBeNull();
    act(() => mounted.reset());
    expect(element.hasAttribute('lang')).toBe(false);
    expect(element.hasAttribute('data-authui-theme')).toBe(false);
    expect(element.querySelector('[data-page-id]')).toBeNull();
    act(() => mounted.unmount());
    element.remove();
  });
});

describe('federated sign-in start (checklist §5.7)', () => {
  it('redirect: stores the redirect status and navigates to the start URL', async () => {
    const env = fakeEnv('https://app.test/auth');
    const { app, client } = await renderWidget({ signInOptions: ['password', { provider: 'google.com' }] }, { env });
    await act(async () => screen.getByRole('button', { name: 'Sign in with Google' }).click());
    expect(app.storage.getRedirectStatus()).toEqual({ tenantId: null });
    expect(client.next('federatedStartUrl').args).toEqual([
      'google.com',
      { flow: 'redirect', upgradeAnonymous: false, returnTo: 'https://app.test/auth' },
    ]);
    expect(env.assigned).toEqual(['https://idp.test/google.com/start?flow=redirect&returnTo=https%3A%2F%2Fapp.test%2Fauth']);
  });

  it('popup: opens a 500×600 popup; a blocked popup falls back to redirect', async () => {
    const env = fakeEnv('https://app.test/auth');
    env.blockPopups = true;
    await renderWidget({ signInOptions: ['password', 'github.com'], signInFlow: 'popup' }, { env });
    await act(async () => screen.getByRole('button', { name: 'Sign in with GitHub' }).click());
    expect(env.opened).toHaveLength(1);
    expect(env.opened[0]!.features).toMatch(/^width=500,height=600,/);
    expect(env.assigned).toHaveLength(1);
  });

  it('a redirect result that needs linking → the linking decision → password linking', async () => {
    const env = fakeEnv('https://app.test/auth');
    env.session.setItem('firebaseui::redirectStatus', '{"tenantId":null}');
    const { client, app } = await renderWidget({ signInOptions: ['password', 'github.com'] }, { env });
    const pendingCredential = { providerId: 'github.com', token: 'tok' };
    await resolveCall(client.next('getFederatedResult'), {
      kind: 'error',
      error: authError('account-exists-with-different-credential'),
      email: 'hiker@example.com',
      pendingCredential,
    });
    await resolveCall(client.next('fetchSignInMethods'), ['password']);
    expectPage('passwordLinking');
    expect(app.storage.getPendingEmailCredential()).toBeNull();
  });

  it('a redirect error → the start page with the message', async () => {
    const env = fakeEnv('https://app.test/auth');
    env.session.setItem('firebaseui::redirectStatus', '{"tenantId":null}');
    const { client } = await renderWidget({ signInOptions: ['password', 'github.com'] }, { env });
    await resolveCall(client.next('getFederatedResult'), { kind: 'error', error: authError('user-cancelled') });
    expectPage('providerSignIn');
    expect(infoBarText()).toBe('Please authorize the required permissions to sign in to the application');
  });

  it('an admin-restricted redirect result → unauthorized user when configured', async () => {
    const env = fakeEnv('https://app.test/auth');
    env.session.setItem('firebaseui::redirectStatus', '{"tenantId":null}');
    const { client } = await renderWidget(
      { signInOptions: ['github.com', 'password'], adminRestrictedOperation: { status: true } },
      { env },
    );
    await resolveCall(client.next('getFederatedResult'), { kind: 'error', error: authError('admin-restricted-operation') });
    expectPage('unauthorizedUser');
    expect(screen.getByText('User is not authorized to view the requested page.')).toBeTruthy();
  });
});
