// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FEDERATED_MESSAGE_TYPE } from '../client/federated-result';
import type { FederatedStartOptions } from '../client/types';
import type { AuthUIConfig } from '../config/types';
import { authError, fakeUser } from '../testing/fake-client';
import { advance, click, expectPage, fakeEnv, flush, infoBarText, isBusy, rejectCall, renderWidget, resolveCall } from '../testing/harness';

const EMAIL = 'hiker@example.com';
const user = fakeUser({ email: EMAIL, providers: ['github.com'] });
const credential = { providerId: 'github.com', token: 'pending-token', email: EMAIL };
const base: AuthUIConfig = { signInOptions: ['password', 'github.com', 'google.com'], signInSuccessUrl: 'https://app.test/home' };
const popupConfig: AuthUIConfig = { ...base, signInFlow: 'popup' };

const okMessage = (overrides: Record<string, unknown> = {}) => ({
  type: FEDERATED_MESSAGE_TYPE,
  ok: true,
  user,
  providerId: 'github.com',
  isNewUser: true,
  ...overrides,
});
const errorMessage = (code: string, details?: Record<string, unknown>, message = '') => ({
  type: FEDERATED_MESSAGE_TYPE,
  ok: false,
  providerId: 'github.com',
  error: { code, message, ...(details && { details }) },
});

async function popupStarted(config: AuthUIConfig = popupConfig) {
  const rendered = await renderWidget(config);
  await click('Sign in with GitHub');
  return rendered;
}

/** A redirect back to the widget: the redirect status is stored, the callback page reads the result. */
async function callback(config: AuthUIConfig = base, prepare?: (env: ReturnType<typeof fakeEnv>) => void) {
  const env = fakeEnv('https://app.test/auth');
  env.session.setItem('firebaseui::redirectStatus', '{"tenantId":null}');
  prepare?.(env);
  const rendered = await renderWidget(config, { env });
  expectPage('callback');
  return rendered;
}

const withPending = (pending: { email: string; credential: typeof credential | null }) => (env: ReturnType<typeof fakeEnv>) =>
  env.session.setItem('firebaseui::pendingEmailCredential', JSON.stringify(pending));

describe('popup flow (checklist §5.7)', () => {
  it('opens the start URL in the named 500×600 popup and completes with what the popup posts', async () => {
    const signInSuccessWithAuthResult = vi.fn(() => true);
    const { client, env } = await popupStarted({ ...popupConfig, callbacks: { signInSuccessWithAuthResult } });
    const start = client.next('federatedStartUrl');
    expect(start.args).toEqual(['github.com', { flow: 'popup', upgradeAnonymous: false }]);
    expect(env.opened).toHaveLength(1);
    expect(env.opened[0]).toMatchObject({ url: 'https://idp.test/github.com/start?flow=popup', target: 'trailbuddy-identity' });
    expect(env.opened[0]!.features).toMatch(/^width=500,height=600,top=\d+,left=\d+,location=yes,resizable=yes,statusbar=yes,toolbar=no$/);
    act(() => env.postMessage(okMessage()));
    await flush();
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(
      { user, credential: null, operationType: 'signIn', additionalUserInfo: { providerId: 'github.com', isNewUser: true } },
      undefined,
    );
    expect(env.assigned).toEqual(['https://app.test/home']);
    expect(env.messageListeners.size).toBe(0);
  });

  it('ignores messages from other origins and of other kinds', async () => {
    const { env } = await popupStarted();
    act(() => {
      env.postMessage(okMessage(), 'https://evil.test');
      env.postMessage({ type: 'something-else', ok: true });
      env.postMessage({ type: FEDERATED_MESSAGE_TYPE, ok: true });
    });
    await flush();
    expect(env.assigned).toEqual([]);
    expect(env.messageListeners.size).toBe(1);
  });

  it('shows the busy indicator while the popup is open and ignores other buttons meanwhile', async () => {
    vi.useFakeTimers();
    const { client, env } = await popupStarted();
    await advance(500);
    expect(isBusy()).toBe(true);
    await click('Sign in with Google');
    expect(env.opened).toHaveLength(1);
    client.next('federatedStartUrl');
    client.assertNoMoreCalls();
  });

  it('a popup closed by the user (nothing stored) → nothing happens, the page stays usable', async () => {
    vi.useFakeTimers();
    const { client, env } = await popupStarted();
    client.next('federatedStartUrl');
    env.opened[0]!.window.closed = true;
    await advance(500);
    await resolveCall(client.next('getFederatedResult'), { kind: 'none' });
    expectPage('providerSignIn');
    expect(infoBarText()).toBeNull();
    expect(env.messageListeners.size).toBe(0);
    await click('Sign in with Google');
    expect(env.opened).toHaveLength(2);
  });

  it('a popup that finished without reaching us (its opener severed) → the stored outcome is used', async () => {
    vi.useFakeTimers();
    const { client, env } = await popupStarted();
    client.next('federatedStartUrl');
    env.opened[0]!.window.closed = true;
    await advance(500);
    await resolveCall(client.next('getFederatedResult'), { kind: 'user', user, providerId: 'github.com' });
    expect(env.assigned).toEqual(['https://app.test/home']);
  });

  it.each([
    ['user-cancelled', 'Please authorize the required permissions to sign in to the application'],
    ['network-request-failed', 'A network error has occurred'],
    ['too-many-requests', 'You have entered an incorrect password too many times. Please try again in a few minutes.'],
  ])('%s → the info bar, staying on the page', async (code, message) => {
    const { env } = await popupStarted();
    act(() => env.postMessage(errorMessage(code)));
    await flush();
    expectPage('providerSignIn');
    expect(infoBarText()).toBe(message);
  });

  it('admin-restricted (configured) → unauthorizedUser without identifier; Back → the start page', async () => {
    const { env } = await popupStarted({ ...popupConfig, adminRestrictedOperation: { status: true, adminEmail: 'admin@example.com' } });
    act(() => env.postMessage(errorMessage('admin-restricted-operation')));
    await flush();
    expectPage('unauthorizedUser');
    expect(screen.getByText('User is not authorized to view the requested page.')).toBeTruthy();
    expect(screen.getByText(/Please contact/).textContent).toBe('Please contact admin@example.com for authorization.');
    await click('Back');
    expectPage('providerSignIn');
  });

  it('admin-restricted (not configured) → the start page with the raw message', async () => {
    const { env } = await popupStarted();
    act(() =>
      env.postMessage(errorMessage('admin-restricted-operation', undefined, 'This operation is restricted to administrators only.')),
    );
    await flush();
    expect(infoBarText()).toBe('This operation is restricted to administrators only.');
  });

  it("an e-mail with another account → the pending credential is stored and the linking decision uses the server's methods", async () => {
    const { env, client, app } = await popupStarted();
    client.next('federatedStartUrl');
    act(() =>
      env.postMessage(
        errorMessage('account-exists-with-different-credential', {
          email: EMAIL,
          providerId: 'github.com',
          pendingCredential: 'pending-token',
          methods: ['password'],
        }),
      ),
    );
    await flush();
    expectPage('passwordLinking');
    client.assertNoMoreCalls();
    // The linking page takes the credential out of storage.
    expect(app.storage.getPendingEmailCredential()).toBeNull();
  });

  it('a blocked popup falls back to the redirect flow', async () => {
    const env = fakeEnv('https://app.test/auth');
    env.blockPopups = true;
    const { client, app } = await renderWidget(popupConfig, { env });
    await click('Sign in with GitHub');
    expect(client.next('federatedStartUrl').args[1]).toMatchObject({ flow: 'popup' });
    expect(client.next('federatedStartUrl').args[1]).toMatchObject({ flow: 'redirect', returnTo: 'https://app.test/auth' });
    expect(app.storage.getRedirectStatus()).toEqual({ tenantId: null });
    expect(env.assigned).toEqual(['https://idp.test/github.com/start?flow=redirect&returnTo=https%3A%2F%2Fapp.test%2Fauth']);
  });

  it('a reset while the popup is open stops listening', async () => {
    const { env, app } = await popupStarted();
    act(() => app.reset());
    expect(env.messageListeners.size).toBe(0);
  });

  describe('anonymous upgrade (checklist §5.9)', () => {
    it('links to the guest; another account → signInFailure with the merge token, no UI', async () => {
      const signInFailure = vi.fn();
      const { env, client, app } = await popupStarted({ ...popupConfig, autoUpgradeAnonymousUsers: true, callbacks: { signInFailure } });
      expect((client.next('federatedStartUrl').args[1] as FederatedStartOptions).upgradeAnonymous).toBe(true);
      act(() => env.postMessage(errorMessage('merge-conflict', { mergeToken: 'mt', providerId: 'github.com', email: EMAIL })));
      await flush();
      expect(signInFailure).toHaveBeenCalledWith(
        expect.objectContaining({
          code: 'firebaseui/anonymous-upgrade-merge-conflict',
          message:
            'The current anonymous user failed to upgrade. The non-anonymous credential is already associated with a different user account.',
          credential: { providerId: 'github.com', mergeToken: 'mt' },
        }),
      );
      expect(app.disposed).toBe(true);
    });

    it('with a pending credential to link, the IdP sign-in does not upgrade the guest', async () => {
      const { app, client } = await renderWidget(
        { ...popupConfig, autoUpgradeAnonymousUsers: true, callbacks: { signInFailure: vi.fn() } },
        { start: false },
      );
      act(() => {
        app.storage.setPendingEmailCredential({ email: EMAIL, credential });
        app.flows.showFederatedLinking(app, EMAIL, 'google.com');
      });
      await click('Sign in with Google');
      expect(client.next('federatedStartUrl').args).toEqual(['google.com', { flow: 'popup', loginHint: EMAIL, upgradeAnonymous: false }]);
    });
  });
});

describe('redirect flow (checklist §5.7)', () => {
  it('comes back to this page in callback mode (mode dropped, other parameters kept)', async () => {
    const env = fakeEnv('https://app.test/auth?mode=select&signInSuccessUrl=%2Ftrails');
    const { client } = await renderWidget(base, { env });
    await click('Sign in with GitHub');
    expect((client.next('federatedStartUrl').args[1] as FederatedStartOptions).returnTo).toBe(
      'https://app.test/auth?signInSuccessUrl=%2Ftrails',
    );
  });

  it('passes a configured loginHintKey for providers other than the built-ins', async () => {
    const { app, client } = await renderWidget(
      { signInOptions: ['password', { provider: 'oidc.trail', providerName: 'Trail ID', loginHintKey: 'username' }] },
      { start: false },
    );
    act(() => app.flows.showStartPage(app, { email: EMAIL }));
    await click('Sign in with Trail ID');
    expect(client.next('federatedStartUrl').args[1]).toMatchObject({ loginHint: EMAIL, loginHintKey: 'username' });
  });

  it('the callback page completes with the user and clears the redirect status', async () => {
    const signInSuccessWithAuthResult = vi.fn(() => false);
    const { client, app } = await callback({ ...base, callbacks: { signInSuccessWithAuthResult } });
    await resolveCall(client.next('getFederatedResult'), { kind: 'user', user, providerId: 'github.com', isNewUser: false });
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(
      { user, credential: null, operationType: 'signIn', additionalUserInfo: { providerId: 'github.com', isNewUser: false } },
      undefined,
    );
    expect(app.storage.hasRedirectStatus()).toBe(false);
  });

  it('an expired or foreign sign-in state → the start page with "Your sign-in session has expired. Please try again."', async () => {
    const { client } = await callback();
    await resolveCall(client.next('getFederatedResult'), {
      kind: 'error',
      error: authError('invalid-credential', 'The supplied credential is malformed or has expired.'),
    });
    expectPage('providerSignIn');
    expect(infoBarText()).toBe('Your sign-in session has expired. Please try again.');
  });

  it('a consent_required invalid credential counts as a cancellation', async () => {
    const { client } = await callback();
    await resolveCall(client.next('getFederatedResult'), {
      kind: 'error',
      error: authError('invalid-credential', 'IdP said error=consent_required'),
    });
    expect(infoBarText()).toBe('Please authorize the required permissions to sign in to the application');
  });

  it('a cancellation with a pending e-mail only → back to the e-mail page with the e-mail and the message', async () => {
    const { client } = await callback(base, withPending({ email: EMAIL, credential: null }));
    await resolveCall(client.next('getFederatedResult'), { kind: 'error', error: authError('user-cancelled') });
    expectPage('signIn');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(EMAIL);
    expect(infoBarText()).toBe('Please authorize the required permissions to sign in to the application');
  });

  it('a cancellation with a pending credential → back to linking with the message', async () => {
    const { client } = await callback(base, withPending({ email: EMAIL, credential }));
    await resolveCall(client.next('getFederatedResult'), { kind: 'error', error: authError('user-cancelled') });
    await resolveCall(client.next('fetchSignInMethods'), ['google.com']);
    expectPage('federatedLinking');
    expect(infoBarText()).toBe('Please authorize the required permissions to sign in to the application');
  });

  it('no result waiting → the start page, dropping a pending e-mail', async () => {
    const { client, app } = await callback(base, withPending({ email: EMAIL, credential: null }));
    await resolveCall(client.next('getFederatedResult'), { kind: 'none' });
    expectPage('providerSignIn');
    expect(app.storage.getPendingEmailCredential()).toBeNull();
  });
});

describe('account linking (checklist §5.8)', () => {
  it("federated linking: the account's IdP, with the e-mail as hint; signing in links the pending credential", async () => {
    const signInSuccessWithAuthResult = vi.fn(() => false);
    const config = { ...base, callbacks: { signInSuccessWithAuthResult } };
    const { client, env } = await callback(config);
    await resolveCall(client.next('getFederatedResult'), {
      kind: 'error',
      error: authError('account-exists-with-different-credential'),
      email: EMAIL,
      pendingCredential: credential,
    });
    // No methods in the answer: they are fetched.
    await resolveCall(client.next('fetchSignInMethods'), ['google.com']);
    expectPage('federatedLinking');
    expect(screen.getByText(/to continue\./).textContent).toBe(`You’ve already used ${EMAIL}. Sign in with Google to continue.`);
    await click('Sign in with Google');
    expect(client.next('federatedStartUrl').args).toEqual([
      'google.com',
      { flow: 'redirect', loginHint: EMAIL, upgradeAnonymous: false, returnTo: 'https://app.test/auth' },
    ]);
    expect(env.assigned).toHaveLength(1);
  });

  it("back from the IdP with the same e-mail: the pending credential is linked and is the callback's credential", async () => {
    const signInSuccessWithAuthResult = vi.fn(() => false);
    const google = fakeUser({ email: EMAIL, providers: ['google.com'] });
    const { client, app } = await callback(
      { ...base, callbacks: { signInSuccessWithAuthResult } },
      withPending({ email: EMAIL, credential }),
    );
    await resolveCall(client.next('getFederatedResult'), { kind: 'user', user: google, providerId: 'google.com' });
    const link = client.next('linkPendingCredential');
    expect(link.args).toEqual([credential]);
    expect(app.storage.getPendingEmailCredential()).toBeNull();
    const linked = { ...google, providers: ['google.com', 'github.com'] };
    await resolveCall(link, linked);
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(
      { user: linked, credential, operationType: 'signIn', additionalUserInfo: { providerId: 'github.com', isNewUser: false } },
      undefined,
    );
  });

  it('an expired pending credential → the start page with the expiry message', async () => {
    const { client } = await callback(base, withPending({ email: EMAIL, credential }));
    await resolveCall(client.next('getFederatedResult'), { kind: 'user', user, providerId: 'google.com' });
    await rejectCall(client.next('linkPendingCredential'), authError('invalid-credential'));
    expectPage('providerSignIn');
    expect(infoBarText()).toBe('Your sign-in session has expired. Please try again.');
  });

  it('another linking failure → the start page with its message', async () => {
    const { client } = await callback(base, withPending({ email: EMAIL, credential }));
    await resolveCall(client.next('getFederatedResult'), { kind: 'user', user, providerId: 'google.com' });
    await rejectCall(client.next('linkPendingCredential'), authError('credential-already-in-use', 'Already linked.'));
    expect(infoBarText()).toBe('Already linked.');
  });

  it('the IdP account has another e-mail → emailMismatch; Continue completes as that user without linking', async () => {
    const signInSuccessWithAuthResult = vi.fn(() => false);
    const other = fakeUser({ email: 'other@example.com', providers: ['google.com'] });
    const { client, app } = await callback(
      { ...base, callbacks: { signInSuccessWithAuthResult } },
      withPending({ email: EMAIL, credential }),
    );
    await resolveCall(client.next('getFederatedResult'), { kind: 'user', user: other, providerId: 'google.com' });
    expectPage('emailMismatch');
    expect(screen.getByText('Continue with other@example.com?')).toBeTruthy();
    expect(screen.getByText(/originally wanted/).textContent).toBe(`You originally wanted to sign in with ${EMAIL}`);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }));
    await click('Continue');
    expect(app.storage.getPendingEmailCredential()).toBeNull();
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(
      { user: other, credential: null, operationType: 'signIn', additionalUserInfo: { providerId: 'google.com', isNewUser: false } },
      undefined,
    );
    client.assertNoMoreCalls();
  });

  it('emailMismatch Cancel → signs that account out again and returns to federated linking for the same IdP', async () => {
    const other = fakeUser({ email: 'other@example.com' });
    const { client, app } = await callback(base, withPending({ email: EMAIL, credential: null }));
    await resolveCall(client.next('getFederatedResult'), { kind: 'user', user: other, providerId: 'google.com' });
    await click('Cancel');
    await resolveCall(client.next('signOut'));
    expectPage('federatedLinking');
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(app.storage.getPendingEmailCredential()).toEqual({ email: EMAIL, credential: null });
  });

  it('the e-mail-first federated path with the same e-mail completes and clears the pending e-mail', async () => {
    const { client, app, env } = await callback(base, withPending({ email: EMAIL, credential: null }));
    await resolveCall(client.next('getFederatedResult'), {
      kind: 'user',
      user: fakeUser({ email: 'Hiker@Example.com' }),
      providerId: 'google.com',
    });
    expect(app.storage.getPendingEmailCredential()).toBeNull();
    expect(env.assigned).toEqual(['https://app.test/home']);
  });

  it('no sign-in method at all → recovery with "This email already exists without any means of sign-in…"', async () => {
    const { client, app } = await callback();
    await resolveCall(client.next('getFederatedResult'), {
      kind: 'error',
      error: authError('account-exists-with-different-credential'),
      email: EMAIL,
      pendingCredential: credential,
    });
    await resolveCall(client.next('fetchSignInMethods'), []);
    expectPage('passwordRecovery');
    expect(infoBarText()).toBe('This email already exists without any means of sign-in. Please reset the password to recover.');
    expect(app.storage.getPendingEmailCredential()).toBeNull();
  });

  it('an IdP the widget does not offer → unsupportedProvider', async () => {
    const { client } = await callback();
    await resolveCall(client.next('getFederatedResult'), {
      kind: 'error',
      error: authError('account-exists-with-different-credential'),
      email: EMAIL,
      pendingCredential: credential,
      methods: ['oidc.elsewhere'],
    });
    expectPage('unsupportedProvider');
  });

  it('federated linking without any pending data → the start page', async () => {
    const { app } = await renderWidget(base, { start: false });
    act(() => app.flows.showFederatedLinking(app, EMAIL, 'google.com'));
    expectPage('providerSignIn');
  });
});

describe('immediateFederatedRedirect (checklist §3.2, §5.1)', () => {
  it('one federated provider and the redirect flow → a blank page that goes straight to the IdP', async () => {
    const { env, client } = await renderWidget({ signInOptions: ['github.com'], immediateFederatedRedirect: true });
    expectPage('blank');
    expect(client.next('federatedStartUrl').args[1]).toMatchObject({ flow: 'redirect' });
    expect(env.assigned).toHaveLength(1);
  });

  it('not in the popup flow', async () => {
    const { env } = await renderWidget({ signInOptions: ['github.com'], immediateFederatedRedirect: true, signInFlow: 'popup' });
    expectPage('providerSignIn');
    expect(env.assigned).toEqual([]);
  });
});
