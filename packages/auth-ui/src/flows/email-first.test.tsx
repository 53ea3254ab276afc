// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUIConfig } from '../config/types';
import { authError } from '../testing/fake-client';
import {
  click,
  currentPage,
  expectPage,
  fakeEnv,
  fieldError,
  fill,
  infoBarText,
  rejectCall,
  renderWidget,
  resolveCall,
  submit,
} from '../testing/harness';

/** Renders the e-mail page, submits `email`, and answers the methods lookup. */
async function enterEmail(config: AuthUIConfig, methods: string[], options: Parameters<typeof renderWidget>[1] = {}) {
  const rendered = await renderWidget(config, options);
  if (currentPage() === 'providerSignIn') await click('Sign in with email');
  fill('Email', 'hiker@example.com');
  await submit();
  const call = rendered.client.next('fetchSignInMethods');
  expect(call.args).toEqual(['hiker@example.com']);
  await resolveCall(call, methods);
  return rendered;
}

const emailOnly: AuthUIConfig = { signInOptions: ['password'] };

describe('e-mail field validation (checklist §4, product §5)', () => {
  it('requires an e-mail, then a valid one; typing clears the error; nothing is sent', async () => {
    const { client } = await renderWidget(emailOnly);
    await submit();
    expect(fieldError('Email')).toBe('Enter your email address to continue');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    fill('Email', 'not-an-email');
    expect(fieldError('Email')).toBe('');
    await submit();
    expect(fieldError('Email')).toBe("That email address isn't correct");
    fill('Email', 'a@b.c');
    await submit();
    expect(fieldError('Email')).toBe("That email address isn't correct");
    expect(client.calls).toHaveLength(0);
  });

  it('trims the e-mail', async () => {
    const { client } = await renderWidget(emailOnly);
    fill('Email', '  hiker@example.com  ');
    await submit();
    expect(client.next('fetchSignInMethods').args).toEqual(['hiker@example.com']);
  });

  it('focuses the e-mail field when the page shows', async () => {
    await renderWidget(emailOnly);
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });
});

describe('e-mail-first decision tree (checklist §5.3, product §4)', () => {
  it('no methods → sign-up with the e-mail prefilled and Cancel', async () => {
    await enterEmail(emailOnly, []);
    expectPage('passwordSignUp');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('hiker@example.com');
    expect(screen.getByLabelText('First & last name')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('no methods with sign-up disabled → unauthorized user with the admin contact', async () => {
    await enterEmail(
      {
        signInOptions: [
          { provider: 'password', disableSignUp: { status: true, adminEmail: 'admin@trailbuddy.app', helpLink: 'https://help.test' } },
        ],
      },
      [],
    );
    expectPage('unauthorizedUser');
    expect(screen.getByText(/is not authorized to view the requested page\./).textContent).toBe(
      'hiker@example.com is not authorized to view the requested page.',
    );
    expect(screen.getByText(/for authorization/).textContent).toBe('Please contact admin@trailbuddy.app for authorization.');
    expect(screen.getByRole('link', { name: 'Learn More' }).getAttribute('href')).toBe('https://help.test');
    await click('Back');
    expectPage('signIn');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('hiker@example.com');
  });

  it('no methods in e-mail-link mode → sends a link (Back → the e-mail page)', async () => {
    const sendSignInLink = vi.fn(async () => undefined);
    await enterEmail({ signInOptions: [{ provider: 'password', signInMethod: 'emailLink' }] }, [], { flows: { sendSignInLink } });
    expect(sendSignInLink).toHaveBeenCalledWith(expect.anything(), 'hiker@example.com', { onBack: expect.any(Function) });
  });

  it.each([[['password']], [['google.com', 'password']], [['emailLink', 'password']]])('%j → password sign-in', async (methods) => {
    await enterEmail({ signInOptions: ['password', 'google.com'] }, methods);
    expectPage('passwordSignIn');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('hiker@example.com');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it('only e-mail link, password mode → unsupported provider', async () => {
    await enterEmail(emailOnly, ['emailLink']);
    expectPage('unsupportedProvider');
    expect(screen.getByText(/on this device/).textContent).toBe(
      'To continue sign in with hiker@example.com on this device, you have to recover the password.',
    );
    await click('Recover password');
    expectPage('passwordRecovery');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('hiker@example.com');
  });

  it('unsupported provider Cancel → the start page with the e-mail', async () => {
    const { client } = await enterEmail(emailOnly, ['emailLink']);
    await click('Cancel');
    expectPage('blank');
    expect(client.next('fetchSignInMethods').args).toEqual(['hiker@example.com']);
  });

  it('only e-mail link, e-mail-link mode → sends a link', async () => {
    const sendSignInLink = vi.fn(async () => undefined);
    await enterEmail({ signInOptions: [{ provider: 'password', signInMethod: 'emailLink' }] }, ['emailLink'], {
      flows: { sendSignInLink },
    });
    expect(sendSignInLink).toHaveBeenCalledTimes(1);
  });

  it('a federated method → pending e-mail and federated sign-in with that IdP', async () => {
    const env = fakeEnv('https://app.test/auth');
    const { app, client } = await enterEmail(
      { signInOptions: ['password', { provider: 'oidc.trail', providerName: 'Trail ID' }] },
      ['oidc.trail'],
      { env },
    );
    expectPage('federatedLinking');
    expect(app.storage.getPendingEmailCredential()).toEqual({ email: 'hiker@example.com', credential: null });
    expect(screen.getByText(/to continue\./).textContent).toBe('You’ve already used hiker@example.com. Sign in with Trail ID to continue.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign in with Trail ID' }));
    await click('Sign in with Trail ID');
    expect(client.next('federatedStartUrl').args).toEqual([
      'oidc.trail',
      { flow: 'redirect', loginHint: 'hiker@example.com', upgradeAnonymous: false, returnTo: 'https://app.test/auth' },
    ]);
    expect(env.assigned).toHaveLength(1);
  });

  it('a configured IdP without a providerName gets its default name', async () => {
    await enterEmail({ signInOptions: ['password', 'github.com'] }, ['phone', 'github.com']);
    expectPage('federatedLinking');
    expect(screen.getByRole('button', { name: 'Sign in with GitHub' })).toBeTruthy();
  });

  it('an IdP the configuration does not enable is not offered (upstream quirk §11.6, fixed)', async () => {
    await enterEmail(emailOnly, ['github.com']);
    expectPage('unsupportedProvider');
  });

  it.each([[['oidc.unknown']], [['phone']], [['emailLink', 'phone']]])('%j with no usable IdP → unsupported provider', async (methods) => {
    await enterEmail(emailOnly, methods);
    expectPage('unsupportedProvider');
  });

  it('a lookup error → info bar, staying on the page', async () => {
    const { client } = await renderWidget(emailOnly);
    fill('Email', 'hiker@example.com');
    await submit();
    await rejectCall(client.next('fetchSignInMethods'), authError('too-many-requests', 'Slow down'));
    expectPage('signIn');
    expect(infoBarText()).toBe('You have entered an incorrect password too many times. Please try again in a few minutes.');
  });
});

describe('under enumeration protection (ADR 0053)', () => {
  const protectedServer = { signUpDisabled: false, adminEmail: null, helpLink: null, requireDisplayName: [], enumerationProtection: true };

  /** The e-mail page of a widget whose server protects against enumeration; the lookup answers [] as it always does then. */
  async function enterEmailProtected(config: AuthUIConfig, server: Partial<typeof protectedServer> = {}) {
    const rendered = await renderWidget(config, { loadServerConfig: true });
    await resolveCall(rendered.client.next('getConfig'), { ...protectedServer, ...server });
    fill('Email', 'hiker@example.com');
    await submit();
    await resolveCall(rendered.client.next('fetchSignInMethods'), []);
    return rendered;
  }

  it('an address the lookup cannot place goes to the password sign-in, which offers Create account', async () => {
    const { client } = await enterEmailProtected({ signInOptions: ['password'], signInSuccessUrl: '/home' });
    expectPage('passwordSignIn');
    expect(screen.getByText('No account yet?')).toBeTruthy();
    await click('Create account');
    expectPage('passwordSignUp');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('hiker@example.com');
    client.assertNoMoreCalls();
  });

  it('a failed sign-in shows the one answer under the password, whoever the address belongs to', async () => {
    const { client } = await enterEmailProtected({ signInOptions: ['password'], signInSuccessUrl: '/home' });
    fill('Password', 'secret1');
    await submit();
    await rejectCall(client.next('signInWithPassword'), authError('invalid-login-credentials', 'Wrong e-mail or password.'));
    expect(fieldError('Password')).toBe('Wrong e-mail or password.');
    expectPage('passwordSignIn');
  });

  it('with sign-up disabled, the sign-in page shows without the offer (existing accounts still sign in)', async () => {
    await enterEmailProtected({ signInOptions: ['password'] }, { signUpDisabled: true });
    expectPage('passwordSignIn');
    expect(screen.queryByText('Create account')).toBeNull();
  });

  it('in e-mail-link mode the link is sent as before: it signs in or signs up alike', async () => {
    const { client } = await enterEmailProtected({ signInOptions: [{ provider: 'password', signInMethod: 'emailLink' }] });
    expect(client.next('sendEmailLink').args[0]).toMatchObject({ email: 'hiker@example.com' });
  });

  it('without protection an unknown address still goes to sign-up', async () => {
    await enterEmail(emailOnly, []);
    expectPage('passwordSignUp');
  });
});
