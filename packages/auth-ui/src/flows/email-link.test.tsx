// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { EmailLinkSendRequest } from '../client/types';
import type { AuthUIConfig, EmailSignInOption } from '../config/types';
import { WidgetStorage } from '../storage/storage';
import { authError, fakeUser } from '../testing/fake-client';
import {
  advance,
  click,
  dialogText,
  expectPage,
  fakeEnv,
  fieldError,
  fill,
  infoBarText,
  rejectCall,
  renderWidget,
  resolveCall,
  submit,
  type FakeEnv,
} from '../testing/harness';

const EMAIL = 'hiker@example.com';
const user = fakeUser({ email: EMAIL, providers: ['emailLink'] });
const credential = { providerId: 'github.com', token: 'pending-token', email: EMAIL };
const SID = 'A'.repeat(16) + 'b'.repeat(16);

function linkConfig(option: Partial<EmailSignInOption> = {}, extra: AuthUIConfig = {}): AuthUIConfig {
  return {
    signInOptions: [{ provider: 'password', signInMethod: 'emailLink', ...option }, 'github.com'],
    signInSuccessUrl: 'https://app.test/home',
    ...extra,
  };
}

/** From the provider list through the e-mail page and an empty method list to the send call. */
async function sendFromEmailPage(config: AuthUIConfig = linkConfig(), env?: FakeEnv) {
  const rendered = await renderWidget(config, env ? { env } : {});
  await click('Sign in with email');
  fill('Email', EMAIL);
  await submit();
  await resolveCall(rendered.client.next('fetchSignInMethods'), []);
  return rendered;
}

const storageOf = (env: FakeEnv) => new WidgetStorage(env.session, env.cookieJar);

describe('e-mail link: sending (checklist §5.5)', () => {
  it('sends a link with a 32-character session id back to this page, shows the callback page meanwhile, then the sent page', async () => {
    const { client, env } = await sendFromEmailPage();
    expectPage('callback');
    const send = client.next('sendEmailLink');
    const request = send.args[0] as EmailLinkSendRequest;
    expect(request).toEqual({ email: EMAIL, continueUrl: 'https://app.test/auth', sessionId: request.sessionId, sameDevice: false });
    expect(request.sessionId).toMatch(/^[0-9A-Za-z]{32}$/);
    // The e-mail cookie is written only after a successful send.
    expect(env.cookieJar.get('emailForSignIn')).toBeNull();
    await resolveCall(send);
    expectPage('emailLinkSignInSent');
    expect(screen.getByText(/was sent to/).textContent).toBe(
      `A sign-in email with additional instructions was sent to ${EMAIL}. Check your email to complete sign-in.`,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Back' }));
    const write = env.cookieJar.writes.find((w) => w.name === 'emailForSignIn');
    expect(write).toMatchObject({ maxAgeSeconds: 3600, path: '/' });
    expect(write!.value).toMatch(/^"[0-9a-f]+"$/);
    expect(storageOf(env).getEmailForSignIn(request.sessionId)).toBe(EMAIL);
    expect(storageOf(env).getEmailForSignIn('x'.repeat(32))).toBeNull();
  });

  it('forceSameDevice → ui_sd=1; emailLinkSignIn() → its URL, resolved against the page', async () => {
    const { client } = await sendFromEmailPage(linkConfig({ forceSameDevice: true, emailLinkSignIn: () => ({ url: '/finish?lang=fr' }) }));
    expect(client.next('sendEmailLink').args[0]).toMatchObject({ sameDevice: true, continueUrl: 'https://app.test/finish?lang=fr' });
  });

  it('with anonymous upgrade, a signed-in guest travels as ui_auid', async () => {
    const config = linkConfig({}, { autoUpgradeAnonymousUsers: true, callbacks: { signInFailure: vi.fn() } });
    const { client } = await sendFromEmailPage(config);
    await resolveCall(client.next('getCurrentUser'), fakeUser({ id: 'guest-1', isAnonymous: true, email: null }));
    expect(client.next('sendEmailLink').args[0]).toMatchObject({ anonymousUid: 'guest-1' });
  });

  it('an ordinary user is no upgrade target', async () => {
    const config = linkConfig({}, { autoUpgradeAnonymousUsers: true, callbacks: { signInFailure: vi.fn() } });
    const { client } = await sendFromEmailPage(config);
    await resolveCall(client.next('getCurrentUser'), null);
    expect(client.next('sendEmailLink').args[0]).not.toHaveProperty('anonymousUid');
  });

  it('a send error → the e-mail page with the e-mail and the error; both cookies deleted', async () => {
    const { client, env } = await sendFromEmailPage();
    env.cookieJar.set('emailForSignIn', '"old"', { maxAgeSeconds: 3600, path: '/' });
    await rejectCall(client.next('sendEmailLink'), authError('too-many-requests', 'Slow down.'));
    expectPage('signIn');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(EMAIL);
    expect(infoBarText()).toBe('You have entered an incorrect password too many times. Please try again in a few minutes.');
    expect(env.cookieJar.get('emailForSignIn')).toBeNull();
  });

  it('admin-restricted (configured) → the unauthorized-user page', async () => {
    const { client } = await sendFromEmailPage(
      linkConfig({}, { adminRestrictedOperation: { status: true, adminEmail: 'admin@example.com' } }),
    );
    await rejectCall(client.next('sendEmailLink'), authError('admin-restricted-operation', 'Restricted.'));
    expectPage('unauthorizedUser');
    expect(screen.getByText(/is not authorized/).textContent).toBe(`${EMAIL} is not authorized to view the requested page.`);
  });

  it('sign-up disabled sends nothing: unknown e-mails go to the unauthorized-user page', async () => {
    const { client } = await sendFromEmailPage(linkConfig({ disableSignUp: { status: true } }));
    expectPage('unauthorizedUser');
    client.assertNoMoreCalls();
  });

  it('an existing e-mail-link account gets a link too', async () => {
    const { client } = await renderWidget(linkConfig());
    await click('Sign in with email');
    fill('Email', EMAIL);
    await submit();
    await resolveCall(client.next('fetchSignInMethods'), ['emailLink']);
    expect(client.next('sendEmailLink').args[0]).toMatchObject({ email: EMAIL });
  });

  it('Back on the sent page → the e-mail page with the e-mail', async () => {
    const { client } = await sendFromEmailPage();
    await resolveCall(client.next('sendEmailLink'));
    await click('Back');
    expectPage('signIn');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(EMAIL);
  });

  it('"Trouble getting email?" → the fixes; Resend sends a new link (new session id) → the sent page', async () => {
    const { client, env } = await sendFromEmailPage();
    const first = client.next('sendEmailLink');
    await resolveCall(first);
    await click('Trouble getting email?');
    expectPage('emailNotReceived');
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
    await click('Resend');
    const again = client.next('sendEmailLink');
    const sid = (again.args[0] as EmailLinkSendRequest).sessionId;
    expect(sid).not.toBe((first.args[0] as EmailLinkSendRequest).sessionId);
    await resolveCall(again);
    expectPage('emailLinkSignInSent');
    expect(storageOf(env).getEmailForSignIn(sid)).toBe(EMAIL);
  });

  it('a Resend error → the info bar, staying on the page', async () => {
    const { client } = await sendFromEmailPage();
    await resolveCall(client.next('sendEmailLink'));
    await click('Trouble getting email?');
    await click('Resend');
    await rejectCall(client.next('sendEmailLink'), authError('network-request-failed'));
    expectPage('emailNotReceived');
    expect(infoBarText()).toBe('A network error has occurred');
  });

  it('Back on the trouble page → the start page with the e-mail', async () => {
    const { client } = await sendFromEmailPage();
    await resolveCall(client.next('sendEmailLink'));
    await click('Trouble getting email?');
    await click('Back');
    expectPage('providerSignIn');
    // The e-mail is remembered for the e-mail button (skips the e-mail page).
    await click('Sign in with email');
    expect(client.next('fetchSignInMethods').args).toEqual([EMAIL]);
  });
});

describe('e-mail link linking (checklist §5.8, §1.4 #19)', () => {
  async function linkingPage(config: AuthUIConfig = linkConfig()) {
    const rendered = await renderWidget(config, { start: false });
    act(() => {
      rendered.app.storage.setPendingEmailCredential({ email: EMAIL, credential });
      rendered.app.flows.showEmailLinkSignInLinking(rendered.app, EMAIL);
    });
    return rendered;
  }

  it('takes the pending credential out of sessionStorage and explains the linking', async () => {
    const { app } = await linkingPage();
    expectPage('emailLinkSignInLinking');
    expect(app.storage.getPendingEmailCredential()).toBeNull();
    expect(screen.getByText(/by signing in with email link below/).textContent).toBe(
      `You’ve already used ${EMAIL}. You can connect your GitHub account with ${EMAIL} by signing in with email link below.`,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign In' }));
  });

  it('Sign In sends a link carrying the provider id, with the credential encrypted in its cookie first', async () => {
    const { client, env } = await linkingPage();
    await click('Sign In');
    const send = client.next('sendEmailLink');
    const request = send.args[0] as EmailLinkSendRequest;
    expect(request).toMatchObject({ email: EMAIL, providerId: 'github.com' });
    expect(storageOf(env).getEncryptedPendingCredential(request.sessionId)).toEqual({ email: EMAIL, credential });
    expect(env.cookieJar.writes.find((w) => w.name === 'pendingEncryptedCredential')).toMatchObject({ maxAgeSeconds: 3600, path: '/' });
    await resolveCall(send);
    expectPage('emailLinkSignInSent');
    await click('Back');
    expectPage('providerSignIn');
  });

  it('a lost connection → the info bar; other errors → the start page with the error', async () => {
    const { client, env } = await linkingPage();
    await click('Sign In');
    await rejectCall(client.next('sendEmailLink'), authError('network-request-failed'));
    expectPage('emailLinkSignInLinking');
    expect(infoBarText()).toBe('A network error has occurred');
    expect(env.cookieJar.get('pendingEncryptedCredential')).toBeNull();
    await click('Sign In');
    await rejectCall(client.next('sendEmailLink'), authError('user-disabled', 'Disabled.'));
    expectPage('providerSignIn');
    expect(infoBarText()).toBe('Disabled.');
  });

  it('without a pending credential the page is skipped', async () => {
    const { app } = await renderWidget(linkConfig(), { start: false });
    act(() => app.flows.showEmailLinkSignInLinking(app, EMAIL));
    expectPage('providerSignIn');
  });

  it('the linking decision picks it for an e-mail-link-only account (in e-mail-link mode)', async () => {
    const { app, client } = await renderWidget(linkConfig(), { start: false });
    act(() => app.storage.setPendingEmailCredential({ email: EMAIL, credential }));
    act(() => void app.flows.linkingDecision(app));
    await resolveCall(client.next('fetchSignInMethods'), ['emailLink']);
    expectPage('emailLinkSignInLinking');
  });

  it('…but in password mode such an account can only recover its password', async () => {
    const { app, client } = await renderWidget({ signInOptions: ['password', 'github.com'] }, { start: false });
    act(() => app.storage.setPendingEmailCredential({ email: EMAIL, credential }));
    act(() => void app.flows.linkingDecision(app));
    await resolveCall(client.next('fetchSignInMethods'), ['emailLink']);
    expectPage('unsupportedProvider');
  });
});

describe('e-mail link: completion in mode=signIn (checklist §5.5)', () => {
  const linkUrl = (params: Record<string, string> = {}) =>
    `https://app.test/auth?${new URLSearchParams({ mode: 'signIn', oobCode: 'oob-1', ui_sid: SID, ui_sd: '0', lang: 'fr', ...params }).toString()}`;

  /** A browser that sent the link (or not), opening it. */
  function device(options: { sentHere?: boolean; pending?: boolean; url?: string } = {}) {
    const env = fakeEnv(options.url ?? linkUrl());
    const storage = storageOf(env);
    if (options.sentHere ?? true) storage.setEmailForSignIn(SID, EMAIL);
    if (options.pending) storage.setEncryptedPendingCredential(SID, { email: EMAIL, credential });
    return env;
  }

  it('same device: checks the code, "Signing in...", signs in, "Signed in!" for 1 s, deletes the cookies, completes', async () => {
    vi.useFakeTimers();
    const signInSuccessWithAuthResult = vi.fn(() => true);
    const env = device();
    const { client } = await renderWidget(linkConfig({}, { callbacks: { signInSuccessWithAuthResult } }), { env });
    expectPage('blank');
    // The link's parameters leave the address bar at once; other parameters stay.
    expect(env.replaced).toEqual(['https://app.test/auth?lang=fr']);
    expect(client.next('checkEmailLink').args).toEqual(['oob-1']);
    await resolveCall(client.calls[0]!, { email: EMAIL, tenantId: null });
    expect(dialogText()).toBe('Signing in...');
    expect(client.next('signInWithEmailLink').args).toEqual(['oob-1', EMAIL]);
    await resolveCall(client.calls[1]!, user);
    expect(dialogText()).toBe('Signed in!');
    expect(document.querySelector('.authui-dialog-check')).not.toBeNull();
    expect(env.cookieJar.get('emailForSignIn')).toBeNull();
    await advance(999);
    expect(signInSuccessWithAuthResult).not.toHaveBeenCalled();
    await advance(1);
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(
      { user, credential: null, operationType: 'signIn', additionalUserInfo: { providerId: 'password', isNewUser: false } },
      undefined,
    );
    expect(env.assigned).toEqual(['https://app.test/home']);
  });

  it('a reset during the 1 s dialog cancels the completion', async () => {
    vi.useFakeTimers();
    const signInSuccessWithAuthResult = vi.fn(() => true);
    const { client, app } = await renderWidget(linkConfig({}, { callbacks: { signInSuccessWithAuthResult } }), { env: device() });
    await resolveCall(client.next('checkEmailLink'), { email: EMAIL, tenantId: null });
    await resolveCall(client.next('signInWithEmailLink'), user);
    act(() => app.reset());
    await advance(2000);
    expect(signInSuccessWithAuthResult).not.toHaveBeenCalled();
    expect(document.querySelector('[data-page-id]')).toBeNull();
  });

  it('a new device (no cookie at all) with ui_sd=1 → differentDeviceError; Dismiss → the start page', async () => {
    const { client } = await renderWidget(linkConfig(), { env: device({ sentHere: false, url: linkUrl({ ui_sd: '1' }) }) });
    expectPage('differentDeviceError');
    expect(screen.getByText(/same device or browser/).textContent).toBe(
      'Try opening the link using the same device or browser where you started the sign-in process.',
    );
    client.assertNoMoreCalls();
    await click('Dismiss');
    expectPage('providerSignIn');
  });

  it('a new device with ui_auid → differentDeviceError', async () => {
    await renderWidget(linkConfig(), { env: device({ sentHere: false, url: linkUrl({ ui_auid: 'guest-1' }) }) });
    expectPage('differentDeviceError');
  });

  it('a new device without ui_sd=1 → the code is checked, then the e-mail is asked for; Next completes without re-checking', async () => {
    vi.useFakeTimers();
    const { client } = await renderWidget(linkConfig(), { env: device({ sentHere: false }) });
    await resolveCall(client.next('checkEmailLink'), { email: EMAIL, tenantId: null });
    expectPage('emailLinkSignInConfirmation');
    // The e-mail is not filled in from the link: typing it proves who asked for it.
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(screen.getByText('Confirm your email to complete sign in')).toBeTruthy();
    await submit();
    expect(fieldError('Email')).toBe('Enter your email address to continue');
    fill('Email', ` ${EMAIL} `);
    await submit();
    expect(client.next('signInWithEmailLink').args).toEqual(['oob-1', EMAIL]);
    await resolveCall(client.calls[1]!, user);
    expect(dialogText()).toBe('Signed in!');
  });

  it('a typed e-mail that is not the link\'s → back to the confirmation with "The email provided does not match…"', async () => {
    const { client } = await renderWidget(linkConfig(), { env: device({ sentHere: false }) });
    await resolveCall(client.next('checkEmailLink'), { email: EMAIL, tenantId: null });
    fill('Email', 'other@example.com');
    await submit();
    await rejectCall(client.next('signInWithEmailLink'), authError('invalid-email', 'x'));
    expectPage('emailLinkSignInConfirmation');
    expect(dialogText()).toBeNull();
    expect(infoBarText()).toBe('The email provided does not match the current sign-in session.');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('other@example.com');
    await click('Cancel');
    expectPage('providerSignIn');
  });

  it('a cookie this link cannot decrypt (another session) with ui_sd=1 → differentDeviceError after the check', async () => {
    const env = fakeEnv(linkUrl({ ui_sd: '1' }));
    storageOf(env).setEmailForSignIn('z'.repeat(32), EMAIL);
    const { client } = await renderWidget(linkConfig(), { env });
    await resolveCall(client.next('checkEmailLink'), { email: EMAIL, tenantId: null });
    expectPage('differentDeviceError');
  });

  it.each([
    ['expired-action-code', 'This code has expired.'],
    ['invalid-action-code', 'The action code is invalid. This can happen if the code is malformed, expired, or has already been used.'],
  ])('a bad code (%s) → the start page with the mapped error', async (code, message) => {
    const { client } = await renderWidget(linkConfig(), { env: device() });
    await rejectCall(client.next('checkEmailLink'), authError(code, 'server text'));
    expectPage('providerSignIn');
    expect(infoBarText()).toBe(message);
  });

  it('a sign-in error → the start page with the e-mail and the error', async () => {
    const { client } = await renderWidget(linkConfig(), { env: device() });
    await resolveCall(client.next('checkEmailLink'), { email: EMAIL, tenantId: null });
    await rejectCall(client.next('signInWithEmailLink'), authError('user-disabled', 'Disabled.'));
    expectPage('providerSignIn');
    expect(dialogText()).toBeNull();
    expect(infoBarText()).toBe('Disabled.');
  });

  it('links the pending credential of the same session and completes with it', async () => {
    vi.useFakeTimers();
    const signInSuccessWithAuthResult = vi.fn(() => false);
    const env = device({ pending: true, url: linkUrl({ ui_pid: 'github.com' }) });
    const { client } = await renderWidget(linkConfig({}, { callbacks: { signInSuccessWithAuthResult } }), { env });
    await resolveCall(client.next('checkEmailLink'), { email: EMAIL, tenantId: null });
    await resolveCall(client.next('signInWithEmailLink'), user);
    const link = client.next('linkPendingCredential');
    expect(link.args).toEqual([credential]);
    await resolveCall(link, user);
    expect(env.cookieJar.get('pendingEncryptedCredential')).toBeNull();
    await advance(1000);
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(
      { user, credential, operationType: 'signIn', additionalUserInfo: { providerId: 'github.com', isNewUser: false } },
      undefined,
    );
  });

  it('ui_pid without the matching credential → emailLinkSignInLinkingDifferentDevice; Continue signs in without linking', async () => {
    vi.useFakeTimers();
    const { client } = await renderWidget(linkConfig(), { env: device({ url: linkUrl({ ui_pid: 'github.com' }) }) });
    expectPage('emailLinkSignInLinkingDifferentDevice');
    expect(screen.getByText(/originally intended to connect/).textContent).toBe(
      'You originally intended to connect GitHub to your email account but have opened the link on a different device where you are not signed in.',
    );
    await click('Continue');
    await resolveCall(client.next('checkEmailLink'), { email: EMAIL, tenantId: null });
    await resolveCall(client.next('signInWithEmailLink'), user);
    expect(dialogText()).toBe('Signed in!');
    client.assertNoMoreCalls();
  });

  it('a pending credential of another provider than ui_pid is discarded', async () => {
    const { client } = await renderWidget(linkConfig(), { env: device({ pending: true, url: linkUrl({ ui_pid: 'google.com' }) }) });
    expectPage('emailLinkSignInLinkingDifferentDevice');
    client.assertNoMoreCalls();
  });

  describe('anonymous upgrade (checklist §5.9)', () => {
    const upgradeConfig = (signInFailure = vi.fn()) =>
      linkConfig({ forceSameDevice: true }, { autoUpgradeAnonymousUsers: true, callbacks: { signInFailure } });
    const guest = fakeUser({ id: 'guest-1', isAnonymous: true, email: null, providers: [] });

    it('the guest of ui_auid is upgraded in place', async () => {
      vi.useFakeTimers();
      const signInSuccessWithAuthResult = vi.fn(() => false);
      const config = { ...upgradeConfig(), callbacks: { signInFailure: vi.fn(), signInSuccessWithAuthResult } };
      const { client } = await renderWidget(config, { env: device({ url: linkUrl({ ui_auid: 'guest-1', ui_sd: '1' }) }) });
      await resolveCall(client.next('getCurrentUser'), guest);
      await resolveCall(client.next('checkEmailLink'), { email: EMAIL, tenantId: null });
      const upgraded = fakeUser({ id: 'guest-1', email: EMAIL });
      await resolveCall(client.next('signInWithEmailLink'), upgraded);
      await advance(1000);
      expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(expect.objectContaining({ user: upgraded }), undefined);
    });

    it('another guest → anonymousUserMismatch ("Session ended")', async () => {
      const { client } = await renderWidget(upgradeConfig(), { env: device({ url: linkUrl({ ui_auid: 'guest-1' }) }) });
      await resolveCall(client.next('getCurrentUser'), { ...guest, id: 'guest-2' });
      expectPage('anonymousUserMismatch');
      expect(screen.getByText('Session ended')).toBeTruthy();
      await click('Dismiss');
      expectPage('providerSignIn');
    });

    it('no guest any more → differentDeviceError', async () => {
      const { client } = await renderWidget(upgradeConfig(), { env: device({ url: linkUrl({ ui_auid: 'guest-1' }) }) });
      await resolveCall(client.next('getCurrentUser'), null);
      expectPage('differentDeviceError');
    });

    it('an e-mail with an account → the merge conflict: signInFailure gets the merge token, cookies go, no UI', async () => {
      let finish!: () => void;
      const signInFailure = vi.fn((_error: unknown) => new Promise<void>((resolve) => (finish = resolve)));
      const env = device({ pending: true, url: linkUrl({ ui_auid: 'guest-1', ui_pid: 'github.com' }) });
      const { client, app } = await renderWidget(upgradeConfig(signInFailure), { env });
      await resolveCall(client.next('getCurrentUser'), guest);
      await resolveCall(client.next('checkEmailLink'), { email: EMAIL, tenantId: null });
      await rejectCall(
        client.next('signInWithEmailLink'),
        authError('merge-conflict', 'm', { mergeToken: 'mt-1', providerId: 'emailLink', email: EMAIL }),
      );
      expect(signInFailure).toHaveBeenCalledTimes(1);
      const error = signInFailure.mock.calls[0]![0] as { code: string; credential: unknown; message: string };
      expect(error.code).toBe('firebaseui/anonymous-upgrade-merge-conflict');
      expect(error.credential).toEqual({ providerId: 'emailLink', mergeToken: 'mt-1' });
      expect(dialogText()).toBeNull();
      expect(env.cookieJar.get('emailForSignIn')).toBeNull();
      expect(env.cookieJar.get('pendingEncryptedCredential')).toBeNull();
      expect(app.disposed).toBe(false);
      await act(async () => finish());
      expect(app.disposed).toBe(true);
      client.assertNoMoreCalls();
    });
  });

  it("without anonymous upgrade, a guest's merge conflict redeems the merge token (the link is spent)", async () => {
    vi.useFakeTimers();
    const { client } = await renderWidget(linkConfig(), { env: device() });
    await resolveCall(client.next('checkEmailLink'), { email: EMAIL, tenantId: null });
    await rejectCall(client.next('signInWithEmailLink'), authError('merge-conflict', 'm', { mergeToken: 'mt-2' }));
    expect(client.next('completeMerge').args).toEqual(['mt-2']);
    await resolveCall(client.calls[2]!, user);
    expect(dialogText()).toBe('Signed in!');
  });

  it('applies the tenant the link names to its requests', async () => {
    const { client } = await renderWidget(
      linkConfig({}, { tenants: { acme: { signInOptions: [{ provider: 'password', signInMethod: 'emailLink' }] } } }),
      {
        env: device({ url: linkUrl({ tenantId: 'acme' }) }),
      },
    );
    const check = client.next('checkEmailLink');
    expect(check.tenantId).toBe('acme');
    await resolveCall(check, { email: EMAIL, tenantId: 'acme' });
    expect(client.next('signInWithEmailLink').tenantId).toBe('acme');
  });
});
