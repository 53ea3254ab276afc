// @vitest-environment jsdom
import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUIConfig } from '../config/types';
import { AuthUIError } from '../errors';
import { authError, fakeUser } from '../testing/fake-client';
import {
  click,
  currentPage,
  expectPage,
  fakeEnv,
  fill,
  flush,
  infoBarText,
  rejectCall,
  renderShowing,
  renderWidget,
  resolveCall,
  submit,
} from '../testing/harness';

const user = fakeUser({ email: 'hiker@example.com' });
const guest = fakeUser({ id: 'guest-1', email: null, isAnonymous: true, providers: [] });

async function signInWithPassword(config: AuthUIConfig, url = 'https://app.test/auth', env = fakeEnv(url)) {
  const rendered = await renderShowing(config, (app) => app.flows.showPasswordSignIn(app, 'hiker@example.com'), { env });
  fill('Password', 'secret1');
  await submit();
  return { ...rendered, call: rendered.client.next('signInWithPassword') };
}

/** E-mail first, the password page, a successful sign-in. */
async function signInFromTheStart(client: Awaited<ReturnType<typeof renderWidget>>['client']) {
  fill('Email', 'hiker@example.com');
  await submit();
  await resolveCall(client.next('fetchSignInMethods'), ['password']);
  fill('Password', 'secret1');
  await submit();
  await resolveCall(client.next('signInWithPassword'), user);
}

describe('completion (checklist §5.10, §2, §3.3)', () => {
  it('redirects to the stored signInSuccessUrl before the configured one, and removes it', async () => {
    const signInSuccessWithAuthResult = vi.fn(() => true);
    const env = fakeEnv('https://app.test/auth?signInSuccessUrl=%2Ftrails');
    const rendered = await renderWidget(
      { signInOptions: ['password'], signInSuccessUrl: '/home', callbacks: { signInSuccessWithAuthResult } },
      { env },
    );
    expect(rendered.app.storage.getRedirectUrl()).toBe('/trails');
    await signInFromTheStart(rendered.client);
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(expect.objectContaining({ user }), '/trails');
    expect(env.assigned).toEqual(['/trails']);
    expect(rendered.app.storage.getRedirectUrl()).toBeNull();
    // The page stays until the navigation replaces it.
    expectPage('passwordSignIn');
  });

  it('without a callback, redirects to signInSuccessUrl', async () => {
    const { call, env } = await signInWithPassword({ signInOptions: ['password'], signInSuccessUrl: 'https://app.test/home' });
    await resolveCall(call, user);
    expect(env.assigned).toEqual(['https://app.test/home']);
  });

  it('a callback returning false (or nothing) resets the widget instead', async () => {
    const { call, env, app } = await signInWithPassword({
      signInOptions: ['password'],
      signInSuccessUrl: '/home',
      callbacks: { signInSuccessWithAuthResult: () => undefined },
    });
    await resolveCall(call, user);
    expect(env.assigned).toEqual([]);
    expect(app.disposed).toBe(true);
    expect(currentPage()).toBeNull();
  });

  it('without any redirect URL: the developer error in the console and the info bar', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const message =
      'No redirect URL has been found. You must either specify a signInSuccessUrl in the configuration, pass in a redirect URL to the widget URL, or return false from the callback.';
    const { call, env } = await signInWithPassword({ signInOptions: ['password'] });
    await resolveCall(call, user);
    expect(env.assigned).toEqual([]);
    expect(infoBarText()).toBe(message);
    expect(log).toHaveBeenCalledWith(message);
  });

  it('calls the deprecated signInSuccess(user, credential, redirectUrl) when it is the only callback', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const signInSuccess = vi.fn(() => false);
    const { call } = await signInWithPassword({ signInOptions: ['password'], callbacks: { signInSuccess } });
    await resolveCall(call, user);
    expect(signInSuccess).toHaveBeenCalledWith(user, null, undefined);
  });

  it('calls only signInSuccessWithAuthResult when both are given', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const signInSuccess = vi.fn(() => true);
    const signInSuccessWithAuthResult = vi.fn(() => false);
    const { call } = await signInWithPassword({ signInOptions: ['password'], callbacks: { signInSuccess, signInSuccessWithAuthResult } });
    await resolveCall(call, user);
    expect(signInSuccessWithAuthResult).toHaveBeenCalledTimes(1);
    expect(signInSuccess).not.toHaveBeenCalled();
  });

  it.each(['javascript:alert(1)', 'http://evil.example/x', '//evil.example/x', '/\\evil.example/y', 'data:text/html,x', '/tr\nails'])(
    'a hostile signInSuccessUrl %j is not kept: the sign-in lands on the configured page (ADR 0053)',
    async (hostile) => {
      const env = fakeEnv(`https://app.test/auth?mode=select&signInSuccessUrl=${encodeURIComponent(hostile)}`);
      const signInSuccessWithAuthResult = vi.fn(() => true);
      const rendered = await renderWidget(
        { signInOptions: ['password'], signInSuccessUrl: '/home', callbacks: { signInSuccessWithAuthResult } },
        { env },
      );
      expect(rendered.app.storage.getRedirectUrl()).toBeNull();
      await signInFromTheStart(rendered.client);
      expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(expect.objectContaining({ user }), undefined);
      expect(env.assigned).toEqual(['/home']);
    },
  );

  it('a hostile URL already in storage is not followed either', async () => {
    const env = fakeEnv();
    env.session.setItem('firebaseui::redirectUrl', JSON.stringify('https://evil.example/x'));
    const { call } = await signInWithPassword({ signInOptions: ['password'], signInSuccessUrl: '/home' }, undefined, env);
    await resolveCall(call, user);
    expect(env.assigned).toEqual(['/home']);
  });

  it('follows a signInSuccessUrl on an authorized origin', async () => {
    const env = fakeEnv(`https://app.test/auth?signInSuccessUrl=${encodeURIComponent('https://partner.example/back')}`);
    const rendered = await renderWidget(
      { signInOptions: ['password'], signInSuccessUrl: '/home', authorizedRedirectOrigins: ['https://partner.example'] },
      { env },
    );
    expect(rendered.app.storage.getRedirectUrl()).toBe('https://partner.example/back');
  });

  it('in a popup of a same-origin page: the opener navigates, and the popup closes when there is no callback', async () => {
    const env = fakeEnv();
    env.hasOpener = true;
    const { call } = await signInWithPassword({ signInOptions: ['password'], signInSuccessUrl: '/home' }, undefined, env);
    await resolveCall(call, user);
    expect(env.openerAssigned).toEqual(['/home']);
    expect(env.assigned).toEqual([]);
    expect(env.closed).toBe(true);
  });

  it('in a popup with a callback returning true: the opener navigates and the popup stays', async () => {
    const env = fakeEnv();
    env.hasOpener = true;
    const { call } = await signInWithPassword(
      { signInOptions: ['password'], signInSuccessUrl: '/home', callbacks: { signInSuccessWithAuthResult: () => true } },
      undefined,
      env,
    );
    await resolveCall(call, user);
    expect(env.openerAssigned).toEqual(['/home']);
    expect(env.closed).toBe(false);
  });
});

describe('anonymous upgrade, password parts (checklist §5.9)', () => {
  const mergeConflict = () => authError('merge-conflict', 'Merge.', { mergeToken: 'merge-token-1' });

  it('signing in to an existing account → signInFailure with the merge token; no error UI, no success callback', async () => {
    let finish: () => void = () => undefined;
    const signInFailure = vi.fn((_error: AuthUIError) => new Promise<void>((resolve) => (finish = resolve)));
    const signInSuccessWithAuthResult = vi.fn(() => true);
    const { call, app } = await signInWithPassword({
      signInOptions: ['password'],
      autoUpgradeAnonymousUsers: true,
      callbacks: { signInFailure, signInSuccessWithAuthResult },
    });
    await rejectCall(call, mergeConflict());
    expect(signInFailure).toHaveBeenCalledTimes(1);
    const error = signInFailure.mock.calls[0]![0];
    expect(error).toBeInstanceOf(AuthUIError);
    expect(error.code).toBe('firebaseui/anonymous-upgrade-merge-conflict');
    expect(error.message).toBe(
      'The current anonymous user failed to upgrade. The non-anonymous credential is already associated with a different user account.',
    );
    expect(error.credential).toEqual({ providerId: 'password', mergeToken: 'merge-token-1' });
    expect(error.toJSON()).toEqual({ code: error.code, message: error.message });
    // The page waits for signInFailure's promise, then goes.
    expectPage('passwordSignIn');
    expect(infoBarText()).toBeNull();
    await act(async () => finish());
    await flush();
    expect(app.disposed).toBe(true);
    expect(currentPage()).toBeNull();
    expect(signInSuccessWithAuthResult).not.toHaveBeenCalled();
  });

  it('without autoUpgradeAnonymousUsers the guest is replaced: sign out, then sign in again', async () => {
    const { call, client, env } = await signInWithPassword({ signInOptions: ['password'], signInSuccessUrl: '/home' });
    await rejectCall(call, mergeConflict());
    await resolveCall(client.next('signOut'));
    const retry = client.next('signInWithPassword');
    expect(retry.args).toEqual(['hiker@example.com', 'secret1']);
    await resolveCall(retry, user);
    expect(env.assigned).toEqual(['/home']);
  });

  it('sign-up upgrades the guest in place: the same uid, operationType link', async () => {
    const signInSuccessWithAuthResult = vi.fn(() => false);
    const rendered = await renderWidget(
      { signInOptions: ['password'], autoUpgradeAnonymousUsers: true, callbacks: { signInSuccessWithAuthResult, signInFailure: vi.fn() } },
      { start: false },
    );
    act(() => rendered.app.flows.showPasswordSignUp(rendered.app, 'hiker@example.com'));
    fill('First & last name', 'Ana');
    fill('Choose password', 'secret1');
    await submit();
    await resolveCall(rendered.client.next('getCurrentUser'), guest);
    await resolveCall(rendered.client.next('signUpWithPassword'), { ...user, id: 'guest-1' });
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(
      expect.objectContaining({ operationType: 'link', additionalUserInfo: { providerId: 'password', isNewUser: true } }),
      undefined,
    );
  });

  it('sign-up ending in a merge conflict → signInFailure', async () => {
    const signInFailure = vi.fn();
    const rendered = await renderWidget(
      {
        signInOptions: [{ provider: 'password', requireDisplayName: false }],
        autoUpgradeAnonymousUsers: true,
        callbacks: { signInFailure },
      },
      { start: false },
    );
    act(() => rendered.app.flows.showPasswordSignUp(rendered.app, 'hiker@example.com'));
    fill('Choose password', 'secret1');
    await submit();
    await resolveCall(rendered.client.next('getCurrentUser'), guest);
    await rejectCall(rendered.client.next('signUpWithPassword'), authError('credential-already-in-use', '', { mergeToken: 't2' }));
    expect(signInFailure).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'firebaseui/anonymous-upgrade-merge-conflict',
        credential: { providerId: 'password', mergeToken: 't2' },
      }),
    );
    expect(currentPage()).toBeNull();
  });
});

describe('guest sign-in (checklist §5.2)', () => {
  it('signs in as a guest and completes', async () => {
    const signInSuccessWithAuthResult = vi.fn(() => false);
    const { client } = await renderWidget({ signInOptions: ['password', 'anonymous'], callbacks: { signInSuccessWithAuthResult } });
    await click('Continue as guest');
    await resolveCall(client.next('signInAnonymously'), guest);
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(
      { user: guest, credential: null, operationType: 'signIn', additionalUserInfo: { providerId: 'anonymous', isNewUser: false } },
      undefined,
    );
  });

  it('an error → info bar and a console error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = await renderWidget({ signInOptions: ['password', 'anonymous'] });
    await click('Continue as guest');
    await rejectCall(client.next('signInAnonymously'), authError('too-many-requests', ''));
    expectPage('providerSignIn');
    expect(infoBarText()).toBe('You have entered an incorrect password too many times. Please try again in a few minutes.');
    expect(log).toHaveBeenCalledWith('ContinueAsGuest: auth/too-many-requests');
  });
});
