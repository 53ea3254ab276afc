// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { authError } from '../testing/fake-client';
import { click, expectPage, fakeEnv, fill, infoBarText, rejectCall, renderWidget, resolveCall } from '../testing/harness';

const tos = { tosUrl: 'https://app.test/tos', privacyPolicyUrl: 'https://app.test/privacy' };

describe('sign-in start decision (checklist §5.1, product §4)', () => {
  it('e-mail only → the e-mail page, without Cancel, with the full ToS sentence', async () => {
    await renderWidget({ signInOptions: ['password'], ...tos });
    expectPage('signIn');
    expect(screen.getByRole('heading', { name: 'Sign in with email' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(document.querySelector('.authui-tos-full')?.textContent).toBe(
      'By continuing, you are indicating that you accept our Terms of Service and Privacy Policy.',
    );
  });

  it('e-mail only with a message → the e-mail page with the message', async () => {
    const { app } = await renderWidget({ signInOptions: ['password'] }, { start: false });
    act(() => app.flows.showStartPage(app, { email: 'a@b.co', message: 'Try again' }));
    expectPage('signIn');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('a@b.co');
    expect(infoBarText()).toBe('Try again');
  });

  it('e-mail only with a known e-mail → blank page, then the e-mail-first tree', async () => {
    const { app, client } = await renderWidget({ signInOptions: ['password'] }, { start: false });
    act(() => app.flows.showStartPage(app, { email: 'a@b.co' }));
    expectPage('blank');
    expect(client.next('fetchSignInMethods').args).toEqual(['a@b.co']);
    await resolveCall(client.calls[0]!, ['password']);
    expectPage('passwordSignIn');
  });

  it('a failed prefetch → the e-mail page with the e-mail and the error', async () => {
    const { app, client } = await renderWidget({ signInOptions: ['password'] }, { start: false });
    act(() => app.flows.showStartPage(app, { email: 'a@b.co' }));
    await rejectCall(client.next('fetchSignInMethods'), authError('network-request-failed'));
    expectPage('signIn');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('a@b.co');
    expect(infoBarText()).toBe('A network error has occurred');
  });

  it('phone only → phone start; with a message → the provider list instead', async () => {
    const showPhoneSignInStart = vi.fn();
    const { app } = await renderWidget({ signInOptions: ['phone'] }, { flows: { showPhoneSignInStart } });
    expect(showPhoneSignInStart).toHaveBeenCalledTimes(1);
    act(() => app.flows.showStartPage(app, { message: 'reCAPTCHA failed' }));
    expectPage('providerSignIn');
    expect(infoBarText()).toBe('reCAPTCHA failed');
    expect(showPhoneSignInStart).toHaveBeenCalledTimes(1);
  });

  it('one federated provider with immediateFederatedRedirect → blank page and straight to the IdP', async () => {
    const env = fakeEnv('https://app.test/auth');
    const { app } = await renderWidget({ signInOptions: ['oidc.trail'], immediateFederatedRedirect: true }, { env });
    expectPage('blank');
    expect(env.assigned).toEqual(['https://idp.test/oidc.trail/start?flow=redirect&returnTo=https%3A%2F%2Fapp.test%2Fauth']);
    expect(app.storage.getRedirectStatus()).toEqual({ tenantId: null });
  });

  it('immediateFederatedRedirect with a message → the provider list', async () => {
    const env = fakeEnv();
    const { app } = await renderWidget({ signInOptions: ['oidc.trail'], immediateFederatedRedirect: true }, { env, start: false });
    act(() => app.flows.showStartPage(app, { message: 'Cancelled' }));
    expectPage('providerSignIn');
    expect(env.assigned).toEqual([]);
  });

  it('otherwise → the provider list, in configuration order, with the full ToS sentence', async () => {
    await renderWidget({
      signInOptions: ['google.com', 'password', 'phone', 'anonymous', { provider: 'oidc.trail', providerName: 'Trail ID' }],
      ...tos,
    });
    expectPage('providerSignIn');
    const buttons = [...document.querySelectorAll('.authui-idp-button')];
    expect(buttons.map((b) => b.getAttribute('data-provider-id'))).toEqual(['google.com', 'password', 'phone', 'anonymous', 'oidc.trail']);
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Sign in with Google',
      'Sign in with email',
      'Sign in with phone',
      'Continue as guest',
      'Sign in with Trail ID',
    ]);
    expect((buttons[1] as HTMLElement).style.getPropertyValue('--authui-idp-brand')).toBe('#db4437');
    expect(document.querySelector('.authui-tos-full')).not.toBeNull();
  });

  it('no footer without both ToS and privacy URLs', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await renderWidget({ signInOptions: ['google.com', 'password'], tosUrl: '/tos' });
    expect(document.querySelector('.authui-tos')).toBeNull();
  });

  it('remembers the e-mail for the e-mail button and as the IdP login hint', async () => {
    const env = fakeEnv('https://app.test/auth');
    const { app, client } = await renderWidget({ signInOptions: ['password', 'github.com'] }, { env, start: false });
    act(() => app.flows.showStartPage(app, { email: 'a@b.co' }));
    await click('Sign in with GitHub');
    expect(env.assigned[0]).toContain('loginHint=a%40b.co');
    expect(client.next('federatedStartUrl').args).toEqual([
      'github.com',
      { flow: 'redirect', loginHint: 'a@b.co', upgradeAnonymous: false, returnTo: 'https://app.test/auth' },
    ]);
    await click('Sign in with email');
    expectPage('blank');
    expect(client.next('fetchSignInMethods').args).toEqual(['a@b.co']);
  });

  it('the e-mail page of several providers has Cancel → the provider list, keeping the e-mail', async () => {
    const { client } = await renderWidget({ signInOptions: ['password', 'google.com'], ...tos });
    await click('Sign in with email');
    expectPage('signIn');
    expect(document.querySelector('.authui-tos-links')).not.toBeNull();
    fill('Email', 'kept@example.com');
    await click('Cancel');
    expectPage('providerSignIn');
    await click('Sign in with email');
    expect(client.next('fetchSignInMethods').args).toEqual(['kept@example.com']);
  });
});
