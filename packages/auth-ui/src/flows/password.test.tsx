// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUIConfig } from '../config/types';
import type { WidgetApp } from '../widget/app';
import { authError, fakeUser } from '../testing/fake-client';
import {
  click,
  expectPage,
  fakeEnv,
  fieldError,
  fill,
  infoBarText,
  rejectCall,
  renderShowing,
  renderWidget,
  resolveCall,
  submit,
} from '../testing/harness';

const user = fakeUser({ email: 'hiker@example.com' });

/** Renders with a page shown directly by its flow (the e-mail-first tree is tested elsewhere). */
function atPage(config: AuthUIConfig, show: (app: WidgetApp) => void, url?: string) {
  return renderShowing({ signInSuccessUrl: 'https://app.test/home', ...config }, show, { env: fakeEnv(url) });
}

const signInPage = (config: AuthUIConfig = { signInOptions: ['password'] }) =>
  atPage(config, (app) => app.flows.showPasswordSignIn(app, 'hiker@example.com'));
const signUpPage = (config: AuthUIConfig = { signInOptions: ['password'] }) =>
  atPage(config, (app) => app.flows.showPasswordSignUp(app, 'hiker@example.com'));

describe('password sign-in (checklist §5.4)', () => {
  it('signs in and completes with a null credential', async () => {
    const signInSuccessWithAuthResult = vi.fn(() => true);
    const { client, env } = await signInPage({ signInOptions: ['password'], callbacks: { signInSuccessWithAuthResult } });
    fill('Password', 'secret1');
    await submit();
    expect(client.next('signInWithPassword').args).toEqual(['hiker@example.com', 'secret1']);
    await resolveCall(client.calls[0]!, user);
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(
      { user, credential: null, operationType: 'signIn', additionalUserInfo: { providerId: 'password', isNewUser: false } },
      undefined,
    );
    expect(env.assigned).toEqual(['https://app.test/home']);
  });

  it('requires the password', async () => {
    const { client } = await signInPage();
    await submit();
    expect(fieldError('Password')).toBe('Enter your password');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(client.calls).toHaveLength(0);
  });

  it('Enter in the e-mail moves to the password; Enter in the password submits', async () => {
    const { client } = await signInPage();
    const email = screen.getByLabelText('Email');
    email.focus();
    fireEvent.keyDown(email, { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(client.calls).toHaveLength(0);
  });

  it.each([
    ['wrong-password', "The email and password you entered don't match"],
    ['too-many-requests', 'You have entered an incorrect password too many times. Please try again in a few minutes.'],
  ])('%s → inline under the password', async (code, message) => {
    const { client } = await signInPage();
    fill('Password', 'nope');
    await submit();
    await rejectCall(client.next('signInWithPassword'), authError(code, 'server text'));
    expect(fieldError('Password')).toBe(message);
    expect(infoBarText()).toBeNull();
    expectPage('passwordSignIn');
    fill('Password', 'again');
    expect(fieldError('Password')).toBe('');
  });

  it('email-exists → inline under the e-mail', async () => {
    const { client } = await signInPage();
    fill('Password', 'pw');
    await submit();
    await rejectCall(client.next('signInWithPassword'), authError('email-exists', 'That e-mail exists.'));
    expect(fieldError('Email')).toBe('That e-mail exists.');
  });

  it.each([
    ['user-not-found', "That email address doesn't match an existing account"],
    ['user-disabled', 'The user account has been disabled by an administrator.'],
    ['network-request-failed', 'A network error has occurred'],
  ])('%s → info bar', async (code, message) => {
    const { client } = await signInPage();
    fill('Password', 'pw');
    await submit();
    await rejectCall(client.next('signInWithPassword'), authError(code, code === 'user-disabled' ? message : ''));
    expect(infoBarText()).toBe(message);
    expect(fieldError('Password')).toBe('');
  });

  it('"Trouble signing in?" → recovery with the typed e-mail', async () => {
    await signInPage();
    fill('Email', 'other@example.com');
    await click('Trouble signing in?');
    expectPage('passwordRecovery');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('other@example.com');
  });
});

describe('password sign-up (checklist §5.4)', () => {
  it('creates the account with the trimmed name and completes as a new user', async () => {
    const signInSuccessWithAuthResult = vi.fn(() => false);
    const { client, app } = await signUpPage({ signInOptions: ['password'], callbacks: { signInSuccessWithAuthResult } });
    expect(document.activeElement).toBe(screen.getByLabelText('First & last name'));
    fill('First & last name', '  Ana Trail ');
    fill('Choose password', 'secret1');
    await submit();
    expect(client.next('signUpWithPassword').args).toEqual([{ email: 'hiker@example.com', password: 'secret1', displayName: 'Ana Trail' }]);
    await resolveCall(client.calls[0]!, user);
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(
      { user, credential: null, operationType: 'signIn', additionalUserInfo: { providerId: 'password', isNewUser: true } },
      undefined,
    );
    // Returning false resets the widget.
    expect(app.disposed).toBe(true);
    expect(document.querySelector('[data-page-id]')).toBeNull();
  });

  it('without requireDisplayName there is no name field and no name is sent', async () => {
    const { client } = await signUpPage({ signInOptions: [{ provider: 'password', requireDisplayName: false }] });
    expect(screen.queryByLabelText('First & last name')).toBeNull();
    fill('Choose password', 'secret1');
    await submit();
    expect(client.next('signUpWithPassword').args).toEqual([{ email: 'hiker@example.com', password: 'secret1' }]);
  });

  it('validates every field, focusing the first invalid one', async () => {
    const { client } = await signUpPage();
    fill('Email', '');
    fill('First & last name', '   ');
    await submit();
    expect(fieldError('Email')).toBe('Enter your email address to continue');
    expect(fieldError('First & last name')).toBe('Enter your account name');
    expect(fieldError('Choose password')).toBe('Enter your password');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(client.calls).toHaveLength(0);
  });

  it('Enter moves e-mail → name → password', async () => {
    await signUpPage();
    fireEvent.keyDown(screen.getByLabelText('Email'), { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByLabelText('First & last name'));
    fireEvent.keyDown(screen.getByLabelText('First & last name'), { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByLabelText('Choose password'));
  });

  it('the eye toggle shows and hides the password', async () => {
    await signUpPage();
    const input = screen.getByLabelText('Choose password') as HTMLInputElement;
    expect(input.type).toBe('password');
    await click('Show password');
    expect(input.type).toBe('text');
    await click('Hide password');
    expect(input.type).toBe('password');
  });

  async function failSignUp(config: AuthUIConfig | undefined, code: string, message = '') {
    const rendered = await signUpPage(config);
    fill('First & last name', 'Ana');
    fill('Choose password', 'secret1');
    await submit();
    await rejectCall(rendered.client.next('signUpWithPassword'), authError(code, message));
    return rendered;
  }

  it('email-already-in-use with no methods → recovery with the "without any means" message', async () => {
    const { client } = await failSignUp(undefined, 'email-already-in-use');
    expect(client.next('fetchSignInMethods').args).toEqual(['hiker@example.com']);
    await resolveCall(client.calls[1]!, []);
    expectPage('passwordRecovery');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(infoBarText()).toBe('This email already exists without any means of sign-in. Please reset the password to recover.');
  });

  it('email-already-in-use with methods → inline under the e-mail', async () => {
    const { client } = await failSignUp(undefined, 'email-already-in-use');
    await resolveCall(client.next('fetchSignInMethods'), ['password']);
    expectPage('passwordSignUp');
    expect(fieldError('Email')).toBe('The email address is already used by another account');
  });

  it('email-already-in-use and a failed lookup → inline under the e-mail', async () => {
    const { client } = await failSignUp(undefined, 'email-already-in-use');
    await rejectCall(client.next('fetchSignInMethods'), authError('network-request-failed'));
    expect(fieldError('Email')).toBe('The email address is already used by another account');
  });

  it('email-already-in-use under enumeration protection → inline, no lookup', async () => {
    const { app, client } = await renderWidget({ signInOptions: ['password'] }, { loadServerConfig: true });
    await resolveCall(client.next('getConfig'), {
      signUpDisabled: false,
      adminEmail: null,
      helpLink: null,
      requireDisplayName: [],
      enumerationProtection: true,
    });
    act(() => app.flows.showPasswordSignUp(app, 'hiker@example.com'));
    fill('First & last name', 'Ana');
    fill('Choose password', 'secret1');
    await submit();
    await rejectCall(client.next('signUpWithPassword'), authError('email-already-in-use'));
    expect(fieldError('Email')).toBe('The email address is already used by another account');
    client.assertNoMoreCalls();
  });

  it('too-many-requests → the sign-up text under the password', async () => {
    await failSignUp(undefined, 'too-many-requests');
    expect(fieldError('Choose password')).toBe('Too many account requests are coming from your IP address. Try again in a few minutes.');
  });

  it.each([
    ['weak-password', 'x', 'Strong passwords have at least 6 characters and a mix of letters and numbers'],
    ['operation-not-allowed', 'This sign-in method is not enabled.', 'This sign-in method is not enabled.'],
  ])('%s → inline under the password', async (code, message, shown) => {
    await failSignUp(undefined, code, message);
    expect(fieldError('Choose password')).toBe(shown);
    expect(document.activeElement).toBe(screen.getByLabelText('Choose password'));
  });

  it('admin-restricted-operation → unauthorized user when configured, else info bar', async () => {
    await failSignUp(
      { signInOptions: ['password'], adminRestrictedOperation: { status: true, adminEmail: 'admin@x.co' } },
      'admin-restricted-operation',
      'Restricted.',
    );
    expectPage('unauthorizedUser');
    expect(screen.getByText(/for authorization/).textContent).toBe('Please contact admin@x.co for authorization.');
  });

  it('admin-restricted-operation without the setting → info bar with the raw message', async () => {
    await failSignUp(undefined, 'admin-restricted-operation', 'This operation is restricted to administrators only.');
    expect(infoBarText()).toBe('This operation is restricted to administrators only.');
  });

  it('other errors → info bar and a console error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await failSignUp(undefined, 'internal-error', 'Boom');
    expect(infoBarText()).toBe('Boom');
    expect(log).toHaveBeenCalledWith('createUserWithEmailAndPassword: auth/internal-error');
  });

  it('Cancel → the start page', async () => {
    await signUpPage({ signInOptions: ['password', 'google.com'] });
    await click('Cancel');
    expectPage('providerSignIn');
  });
});

describe('password recovery (checklist §5.4)', () => {
  const recoveryPage = (config: AuthUIConfig = { signInOptions: ['password', 'google.com'] }) =>
    atPage(config, (app) => app.flows.showPasswordRecovery(app, 'hiker@example.com'));

  it('sends the reset mail → the sent notice, whose Done returns to the start page', async () => {
    const { client } = await recoveryPage();
    expect(screen.getByText('Get instructions sent to this email that explain how to reset your password')).toBeTruthy();
    await submit();
    expect(client.next('sendPasswordRecovery').args).toEqual(['hiker@example.com']);
    await resolveCall(client.calls[0]!);
    expectPage('passwordRecoveryEmailSent');
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByText(/to recover your password/).textContent).toBe(
      'Follow the instructions sent to hiker@example.com to recover your password',
    );
    await click('Done');
    expectPage('providerSignIn');
  });

  it('an error → inline under the e-mail', async () => {
    const { client } = await recoveryPage();
    await submit();
    await rejectCall(client.next('sendPasswordRecovery'), authError('user-not-found'));
    expect(fieldError('Email')).toBe("That email address doesn't match an existing account");
  });

  it('validates the e-mail; Cancel → start page', async () => {
    const { client } = await recoveryPage();
    fill('Email', 'bad');
    await submit();
    expect(fieldError('Email')).toBe("That email address isn't correct");
    expect(client.calls).toHaveLength(0);
    await click('Cancel');
    expectPage('providerSignIn');
  });
});

describe('password linking (checklist §5.8)', () => {
  const credential = { providerId: 'github.com', token: 'pending-token', email: 'hiker@example.com' };

  async function linkingPage(config: AuthUIConfig = { signInOptions: ['password', 'github.com'] }) {
    return atPage(config, (app) => {
      app.storage.setPendingEmailCredential({ email: 'hiker@example.com', credential });
      app.flows.showPasswordLinking(app, 'hiker@example.com');
    });
  }

  it('removes the pending credential when the page shows', async () => {
    const { app } = await linkingPage();
    expectPage('passwordLinking');
    expect(app.storage.getPendingEmailCredential()).toBeNull();
    expect(screen.getByText(/to sign in\./).textContent).toBe(
      'You’ve already used hiker@example.com to sign in. Enter your password for that account.',
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('signs in, links the credential and completes with it', async () => {
    const signInSuccessWithAuthResult = vi.fn(() => false);
    const { client } = await linkingPage({ signInOptions: ['password', 'github.com'], callbacks: { signInSuccessWithAuthResult } });
    fill('Password', 'secret1');
    await submit();
    await resolveCall(client.next('signInWithPassword'), user);
    const link = client.next('linkPendingCredential');
    expect(link.args).toEqual([credential]);
    await resolveCall(link, user);
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(
      { user, credential, operationType: 'signIn', additionalUserInfo: { providerId: 'github.com', isNewUser: false } },
      undefined,
    );
  });

  it('a wrong password → inline; other errors → info bar', async () => {
    const { client } = await linkingPage();
    fill('Password', 'nope');
    await submit();
    await rejectCall(client.next('signInWithPassword'), authError('wrong-password'));
    expect(fieldError('Password')).toBe("The email and password you entered don't match");
    await submit();
    await rejectCall(client.next('signInWithPassword'), authError('too-many-requests'));
    expect(infoBarText()).toBe('You have entered an incorrect password too many times. Please try again in a few minutes.');
  });

  it('without a pending credential the page is skipped', async () => {
    await atPage({ signInOptions: ['password', 'github.com'] }, (app) => app.flows.showPasswordLinking(app, 'hiker@example.com'));
    expectPage('providerSignIn');
  });

  it('"Trouble signing in?" → recovery', async () => {
    await linkingPage();
    await click('Trouble signing in?');
    expectPage('passwordRecovery');
  });
});
