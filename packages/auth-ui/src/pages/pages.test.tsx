// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuthUIConfig } from '../config/types';
import { renderShowing, renderWidget } from '../testing/harness';
import type { WidgetApp } from '../widget/app';
import { CaptchaController } from '../captcha/controller';
import { getAllCountries, getCountryByKey } from '../countries';
import { fakePhoneConfig } from '../testing/fake-client';
import { ALL_PAGE_IDS, PAGE_CHROME, type PageId, type PageRegistry } from '../widget/page-types';
import { PAGE_COMPONENTS } from './registry';

/** Renders one page with scripted callbacks, outside any flow. */
async function showPage<K extends PageId>(
  id: K,
  props: PageRegistry[K],
  config: AuthUIConfig = { signInOptions: ['password', 'google.com'] },
) {
  return renderShowing(config, (app) => app.show(id, props));
}

const text = () => document.querySelector('[data-page-id]')?.textContent ?? '';
const tos = { signInOptions: ['password', 'google.com'], tosUrl: 'https://app.test/tos', privacyPolicyUrl: 'https://app.test/privacy' };

describe('page chrome', () => {
  it('marks every page with its id and draws card pages in a card', async () => {
    await showPage('signOut', {});
    const page = document.querySelector('[data-page-id="signOut"]');
    expect(page?.classList.contains('authui-card')).toBe(true);
    expect(page?.classList.contains('authui-id-page-signOut')).toBe(true);
  });

  it('draws the provider list and the blank page without a card', async () => {
    const { app } = await showPage('blank', {});
    expect(document.querySelector('[data-page-id="blank"]')?.classList.contains('authui-card')).toBe(false);
    act(() => app.flows.showStartPage(app));
    expect(document.querySelector('[data-page-id="providerSignIn"]')?.classList.contains('authui-card')).toBe(false);
  });

  it('shows the progress dialog as a modal: a spinner, then a check mark', async () => {
    const { app } = await showPage('blank', {});
    act(() => app.showDialog({ icon: 'spinner', text: 'Verifying...' }));
    const dialog = screen.getByRole('dialog', { name: 'Verifying...' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.querySelector('.authui-spinner')).not.toBeNull();
    fireEvent.click(document.querySelector('.authui-dialog-backdrop')!);
    expect(screen.getByRole('dialog')).toBeTruthy();
    act(() => app.showDialog({ icon: 'check', text: 'Verified!' }));
    expect(screen.getByRole('dialog', { name: 'Verified!' }).querySelector('.authui-dialog-check')).not.toBeNull();
    act(() => app.hideDialog());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a new page drops the previous info bar, errors and dialog', async () => {
    const { app } = await showPage('signOut', {});
    act(() => {
      app.showInfoBar('Old');
      app.showDialog({ icon: 'spinner', text: 'x' });
      app.show('blank', {});
    });
    expect(document.querySelector('.authui-info-bar')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('ToS and privacy footers (checklist §1)', () => {
  it('opens string URLs in a new window and calls function targets', async () => {
    const onTos = vi.fn();
    const onPrivacy = vi.fn();
    await showPage(
      'signIn',
      { showCancel: true, fullTos: false, onSubmit: vi.fn(), onCancel: vi.fn() },
      { signInOptions: ['password', 'google.com'], tosUrl: onTos, privacyPolicyUrl: onPrivacy },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Terms of Service' }));
    fireEvent.click(screen.getByRole('button', { name: 'Privacy Policy' }));
    expect(onTos).toHaveBeenCalledTimes(1);
    expect(onPrivacy).toHaveBeenCalledTimes(1);
  });

  it('renders links as new-window anchors', async () => {
    await showPage('passwordRecoveryEmailSent', { email: 'a@b.co' }, tos);
    const link = screen.getByRole('link', { name: 'Terms of Service' });
    expect(link.getAttribute('href')).toBe('https://app.test/tos');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(document.querySelector('.authui-tos-links')).not.toBeNull();
  });

  it('passwordSignIn: links normally, the full sentence on the e-mail-hint path', async () => {
    const { app } = await showPage(
      'passwordSignIn',
      { email: 'a@b.co', fullTos: false, onSubmit: vi.fn(), onForgotPassword: vi.fn() },
      tos,
    );
    expect(document.querySelector('.authui-tos-links')).not.toBeNull();
    act(() => app.show('passwordSignIn', { email: 'a@b.co', fullTos: true, onSubmit: vi.fn(), onForgotPassword: vi.fn() }));
    expect(document.querySelector('.authui-tos-full')).not.toBeNull();
  });
});

describe('entry pages (checklist §1.1)', () => {
  it('signIn: title, e-mail prefilled, Cancel passes the typed e-mail', async () => {
    const onCancel = vi.fn();
    await showPage('signIn', { email: 'a@b.co', showCancel: true, fullTos: false, onSubmit: vi.fn(), onCancel });
    expect(screen.getByRole('heading', { name: 'Sign in with email' })).toBeTruthy();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('a@b.co');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledWith('a@b.co');
  });

  it('signIn: Enter submits a valid e-mail', async () => {
    const onSubmit = vi.fn();
    await showPage('signIn', { showCancel: false, fullTos: true, onSubmit });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.co' } });
    fireEvent.submit(document.querySelector('form')!);
    expect(onSubmit).toHaveBeenCalledWith('a@b.co');
  });

  it('callback: a card holding only a permanent progress bar', async () => {
    await showPage('callback', {});
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(text()).toBe('');
  });

  it('spinner and blank pages', async () => {
    const { app } = await showPage('spinner', {});
    expect(screen.getByRole('progressbar')).toBeTruthy();
    act(() => app.show('blank', {}));
    expect(text()).toBe('');
  });
});

describe('password pages (checklist §1.2)', () => {
  it('passwordSignIn focuses the e-mail when it is empty', async () => {
    await showPage('passwordSignIn', { email: '', fullTos: false, onSubmit: vi.fn(), onForgotPassword: vi.fn() });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Trouble signing in?' })).toBeTruthy();
  });

  it('passwordSignUp: title, fields, Save; focus on the first empty field', async () => {
    await showPage('passwordSignUp', {
      email: 'a@b.co',
      name: 'Ana',
      requireDisplayName: true,
      fullTos: false,
      showCancel: false,
      onSubmit: vi.fn(),
    });
    expect(screen.getByRole('heading', { name: 'Create account' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Choose password'));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('passwordRecovery: Send, and Cancel when allowed', async () => {
    const onCancel = vi.fn();
    await showPage('passwordRecovery', { email: 'a@b.co', showCancel: true, onSubmit: vi.fn(), onCancel });
    expect(screen.getByRole('heading', { name: 'Recover password' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('passwordRecoveryEmailSent: Done only with a continue action', async () => {
    const onDone = vi.fn();
    const { app } = await showPage('passwordRecoveryEmailSent', { email: 'a@b.co', onDone });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Done' }));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalled();
    act(() => app.show('passwordRecoveryEmailSent', { email: 'a@b.co' }));
    expect(screen.queryByRole('button', { name: 'Done' })).toBeNull();
  });

  it('unsupportedProvider: Recover password has the focus; Cancel', async () => {
    const onCancel = vi.fn();
    await showPage('unsupportedProvider', { email: 'a@b.co', onRecover: vi.fn(), onCancel });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Recover password' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('passwordLinking: subtitle and body', async () => {
    await showPage('passwordLinking', { email: 'a@b.co', onSubmit: vi.fn(), onForgotPassword: vi.fn() });
    expect(screen.getByRole('heading', { name: 'You already have an account' })).toBeTruthy();
  });
});

describe('federatedLinking (checklist §1.3)', () => {
  it('names the IdP and submits with one button', async () => {
    const onSubmit = vi.fn();
    await showPage('federatedLinking', { email: 'a@b.co', providerId: 'google.com', providerName: 'Google', onSubmit });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'You already have an account' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(onSubmit).toHaveBeenCalled();
  });
});

describe('unauthorizedUser (checklist §1.6)', () => {
  it('without identifier, admin e-mail or help link', async () => {
    await showPage('unauthorizedUser', { identifier: null, onBack: vi.fn() });
    expect(screen.getByRole('heading', { name: 'Not Authorized' })).toBeTruthy();
    expect(text()).toBe('Not AuthorizedUser is not authorized to view the requested page.Back');
    expect(screen.queryByRole('link', { name: 'Learn More' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Back' }));
  });

  it('with everything', async () => {
    const onBack = vi.fn();
    await showPage('unauthorizedUser', { identifier: '+15555550100', adminEmail: 'admin@x.co', helpLink: 'https://help.test', onBack });
    expect(text()).toContain('+15555550100 is not authorized to view the requested page.');
    expect(text()).toContain('Please contact admin@x.co for authorization.');
    expect(screen.getByRole('link', { name: 'Learn More' }).getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalled();
  });
});

describe('generic pages (checklist §1.8)', () => {
  it('recoverableError shows Retry only with a retry action', async () => {
    const onRetry = vi.fn();
    const { app } = await showPage('recoverableError', { message: 'Oops', onRetry });
    expect(text()).toBe('Error encounteredOopsRetry');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalled();
    act(() => app.show('recoverableError', { message: 'Oops' }));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('unrecoverableError has no buttons', async () => {
    await showPage('unrecoverableError', { message: 'Broken' });
    expect(text()).toBe('Error encounteredBroken');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('signOut', async () => {
    await showPage('signOut', {});
    expect(text()).toBe('Sign OutYou are now successfully signed out.');
  });
});

describe('account-action pages (checklist §1.7)', () => {
  it.each([
    [
      'passwordResetFailure',
      'Try resetting your password againYour request to reset your password has expired or the link has already been used',
    ],
    [
      'emailVerificationFailure',
      'Try verifying your email againYour request to verify your email has expired or the link has already been used',
    ],
    [
      'verifyAndChangeEmailFailure',
      'Try updating your email againYour request to verify and update your email has expired or the link has already been used.',
    ],
  ] as const)('%s has no buttons', async (id, expected) => {
    await showPage(id, {});
    expect(text()).toBe(expected);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it.each(['passwordResetSuccess', 'emailVerificationSuccess'] as const)('%s: Continue has the focus when present', async (id) => {
    const onContinue = vi.fn();
    const { app } = await showPage(id, { onContinue });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalled();
    act(() => app.show(id, {}));
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('passwordReset: the toggle and Save', async () => {
    const onSubmit = vi.fn();
    await showPage('passwordReset', { email: 'a@b.co', onSubmit });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'new-pass-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect((screen.getByLabelText('New password') as HTMLInputElement).type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledWith('new-pass-1');
  });

  it('the reset links are ignored while a request is in flight', async () => {
    const onResetPassword = vi.fn();
    const { app } = await showPage('emailChangeRevoke', { email: 'a@b.co', onResetPassword });
    let finish!: () => void;
    void (app as WidgetApp).run(() => new Promise<void>((resolve) => (finish = resolve)));
    fireEvent.click(screen.getByRole('button', { name: 'change your password right away' }));
    expect(onResetPassword).not.toHaveBeenCalled();
    await act(async () => finish());
    fireEvent.click(screen.getByRole('button', { name: 'change your password right away' }));
    expect(onResetPassword).toHaveBeenCalledTimes(1);
  });
});

describe('the page registry (checklist §1)', () => {
  it('has a component and a frame for each of the 40 page ids (FirebaseUI’s 39 and multiFactorSignIn)', () => {
    expect(ALL_PAGE_IDS).toHaveLength(40);
    expect(Object.keys(PAGE_COMPONENTS).sort()).toEqual([...ALL_PAGE_IDS].sort());
    expect(Object.keys(PAGE_CHROME).sort()).toEqual([...ALL_PAGE_IDS].sort());
  });
});

describe('emailMismatch (checklist §1.3 #13)', () => {
  it('asks to continue with the IdP e-mail; Continue (focused) and Cancel', async () => {
    const onContinue = vi.fn();
    const onCancel = vi.fn();
    await showPage('emailMismatch', { userEmail: 'new@x.co', pendingEmail: 'old@x.co', onContinue, onCancel });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Continue with new@x.co?' })).toBeTruthy();
    expect(text()).toContain('You originally wanted to sign in with old@x.co');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onContinue).toHaveBeenCalledTimes(1);
  });
});

describe('e-mail link pages (checklist §1.4)', () => {
  it('emailLinkSignInSent: title, envelope, text, Trouble and Back (focused); ToS links', async () => {
    const onTrouble = vi.fn();
    const onBack = vi.fn();
    await showPage('emailLinkSignInSent', { email: 'a@b.co', onTrouble, onBack }, tos);
    expect(screen.getByRole('heading', { name: 'Sign-in email sent' })).toBeTruthy();
    expect(document.querySelector('.authui-page-icon')).not.toBeNull();
    expect(text()).toContain('A sign-in email with additional instructions was sent to a@b.co. Check your email to complete sign-in.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(screen.getByRole('button', { name: 'Trouble getting email?' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onTrouble).toHaveBeenCalled();
    expect(onBack).toHaveBeenCalled();
    expect(document.querySelector('.authui-tos-links')).not.toBeNull();
  });

  it('emailNotReceived: the four fixes, the resend note, Resend and Back', async () => {
    const onResend = vi.fn();
    const onBack = vi.fn();
    await showPage('emailNotReceived', { onResend, onBack });
    expect(text()).toBe(
      'Trouble getting email?Try these common fixes:' +
        'Check if the email was marked as spam or filtered.Check your internet connection.Check that you did not misspell your email.' +
        'Check that your inbox space is not running out or other inbox settings related issues.' +
        "If the steps above didn't work, you can resend the email. Note that this will deactivate the link in the older email." +
        'ResendBack',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onResend).toHaveBeenCalled();
    expect(onBack).toHaveBeenCalled();
  });

  it('emailLinkSignInConfirmation: validates, Enter submits the trimmed e-mail, Cancel', async () => {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    await showPage('emailLinkSignInConfirmation', { onSubmit, onCancel });
    expect(screen.getByRole('heading', { name: 'Confirm email' })).toBeTruthy();
    expect(text()).toContain('Confirm your email to complete sign in');
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.submit(document.querySelector('form')!);
    expect(screen.getByText("That email address isn't correct")).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' a@b.co ' } });
    fireEvent.submit(document.querySelector('form')!);
    expect(onSubmit).toHaveBeenCalledWith('a@b.co');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it.each([
    [
      'differentDeviceError',
      'New device or browser detectedTry opening the link using the same device or browser where you started the sign-in process.Dismiss',
    ],
    ['anonymousUserMismatch', 'Session endedThe session associated with this sign-in request has either expired or was cleared.Dismiss'],
  ] as const)('%s: the notice and Dismiss (focused)', async (id, expected) => {
    const onDismiss = vi.fn();
    await showPage(id, { onDismiss });
    expect(text()).toBe(expected);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Dismiss' }));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalled();
  });

  it('emailLinkSignInLinking: both paragraphs and Sign In (focused)', async () => {
    const onSubmit = vi.fn();
    await showPage('emailLinkSignInLinking', { email: 'a@b.co', providerName: 'GitHub', onSubmit });
    expect(screen.getByRole('heading', { name: 'You already have an account' })).toBeTruthy();
    expect(text()).toContain(
      'You’ve already used a@b.co. You can connect your GitHub account with a@b.co by signing in with email link below.',
    );
    expect(text()).toContain(
      'For this flow to successfully connect your GitHub account with this email, you have to open the link on the same device or browser.',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sign In' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(onSubmit).toHaveBeenCalled();
  });

  it('emailLinkSignInLinkingDifferentDevice: both paragraphs and Continue', async () => {
    const onContinue = vi.fn();
    await showPage('emailLinkSignInLinkingDifferentDevice', { providerName: 'GitHub', onContinue });
    expect(text()).toBe(
      'Sign in' +
        'You originally intended to connect GitHub to your email account but have opened the link on a different device where you are not signed in.' +
        'If you still want to connect your GitHub account, open the link on the same device where you started sign-in. Otherwise, tap Continue to sign-in on this device.' +
        'Continue',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onContinue).toHaveBeenCalled();
  });
});

describe('phone pages (checklist §1.5)', () => {
  const us = getCountryByKey('1-US-0')!;

  async function startPage(props: Partial<PageRegistry['phoneSignInStart']> = {}, config?: AuthUIConfig) {
    const rendered = await renderWidget(config ?? { signInOptions: ['phone', 'password'] }, { start: false });
    const captcha = new CaptchaController(rendered.app, { onRenderError: vi.fn() });
    act(() =>
      rendered.app.show('phoneSignInStart', {
        countries: getAllCountries(),
        initialCountry: us,
        showCancel: true,
        phoneOnly: false,
        captcha,
        onSubmit: vi.fn(),
        onCancel: vi.fn(),
        ...props,
      }),
    );
    return { ...rendered, captcha };
  }

  it('phoneSignInStart: title, selector, tel input with the caret at the end, a loading captcha until configured', async () => {
    const { captcha } = await startPage({ nationalNumber: '2025550123' });
    expect(screen.getByRole('heading', { name: 'Enter your phone number' })).toBeTruthy();
    const input = screen.getByLabelText('Phone number') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(input.selectionStart).toBe(10);
    expect(screen.getByRole('button', { name: 'Select a country: United States +1' }).getAttribute('aria-haspopup')).toBe('dialog');
    expect(document.querySelector('[data-captcha-provider="loading"]')).not.toBeNull();
    act(() => captcha.configure(fakePhoneConfig()));
    expect(screen.getByLabelText("I'm not a robot")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('phoneSignInStart: submits the country and the national number without separators', async () => {
    const onSubmit = vi.fn();
    await startPage({ onSubmit });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '(202) 555-0123' } });
    fireEvent.submit(document.querySelector('form')!);
    expect(onSubmit).toHaveBeenCalledWith({ country: us, nationalNumber: '2025550123' });
  });

  it('phoneSignInStart: several providers → the SMS notice and the ToS links', async () => {
    await startPage(
      {},
      { signInOptions: ['phone', 'password'], tosUrl: 'https://app.test/tos', privacyPolicyUrl: 'https://app.test/privacy' },
    );
    expect(document.querySelector('.authui-sms-notice')?.textContent).toBe(
      'By tapping Verify, an SMS may be sent. Message & data rates may apply.',
    );
    expect(document.querySelector('.authui-tos-links')).not.toBeNull();
  });

  it('phoneSignInFinish: title, the number as a link, the code field, Cancel and Continue, the countdown', async () => {
    const onChangeNumber = vi.fn();
    await showPage('phoneSignInFinish', {
      phoneNumber: '+12025550123',
      resendDelaySeconds: 15,
      onChangeNumber,
      onSubmit: vi.fn(),
      onCancel: vi.fn(),
      onResend: vi.fn(),
    });
    expect(screen.getByRole('heading', { name: 'Verify your phone number' })).toBeTruthy();
    expect((screen.getByLabelText('6-digit code') as HTMLInputElement).type).toBe('number');
    expect(document.activeElement).toBe(screen.getByLabelText('6-digit code'));
    expect(screen.getByText('Resend code in 0:15')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '+12025550123' }));
    expect(onChangeNumber).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('phoneSignInFinish: no delay → Resend at once', async () => {
    const onResend = vi.fn();
    await showPage('phoneSignInFinish', {
      phoneNumber: '+12025550123',
      resendDelaySeconds: 0,
      onChangeNumber: vi.fn(),
      onSubmit: vi.fn(),
      onCancel: vi.fn(),
      onResend,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(onResend).toHaveBeenCalled();
  });
});

describe('tenant pages (checklist §1.8 #38, #39)', () => {
  it('selectTenant: one button per tenant, no card, Full ToS', async () => {
    const onSelect = vi.fn();
    await showPage(
      'selectTenant',
      {
        buttons: [
          { tenantId: 'acme', longLabel: 'Sign in to Acme', shortLabel: 'Acme', color: '#ff0000', textColor: '#ffffff' },
          { tenantId: 'trail', longLabel: 'Trail members', shortLabel: 'Trail', color: '#ffffff', textColor: '#3c4043', iconUrl: '/t.svg' },
        ],
        onSelect,
      },
      tos,
    );
    expect(document.querySelector('[data-page-id="selectTenant"]')?.classList.contains('authui-card')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Trail members' }));
    expect(onSelect).toHaveBeenCalledWith('trail');
    expect(document.querySelector('.authui-tos-full')).not.toBeNull();
  });

  it('providerMatchByEmail: Sign in, Email (focused, prefilled), Next', async () => {
    const onSubmit = vi.fn();
    await showPage('providerMatchByEmail', { email: 'a@acme.com', onSubmit });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onSubmit).toHaveBeenCalledWith('a@acme.com');
  });
});
