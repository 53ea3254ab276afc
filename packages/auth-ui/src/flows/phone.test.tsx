// @vitest-environment jsdom
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RECAPTCHA_SCRIPT_URL, type Grecaptcha } from '../captcha/controller';
import type { AltchaChallenge } from '../client/types';
import type { AuthUIConfig, PhoneSignInOption } from '../config/types';
import { authError, fakePhoneConfig, fakeUser } from '../testing/fake-client';
import {
  advance,
  click,
  dialogText,
  expectPage,
  fieldError,
  fill,
  flush,
  infoBarText,
  isBusy,
  rejectCall,
  renderWidget,
  resolveCall,
  submit,
} from '../testing/harness';

const user = fakeUser({ email: null, phoneNumber: '+15555550100', providers: ['phone'] });
const challenge: AltchaChallenge = {
  parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'n', salt: 's', cost: 1, keyLength: 32, keyPrefix: 'ab', expiresAt: 4102444800 },
  signature: 'sig',
};

function phoneConfig(option: Partial<PhoneSignInOption> = {}, extra: AuthUIConfig = {}, others: string[] = []): AuthUIConfig {
  return { signInOptions: [{ provider: 'phone', ...option }, ...others], signInSuccessUrl: 'https://app.test/home', ...extra };
}

/** The phone start page with the server's settings answered (ALTCHA by default). */
async function phonePage(config: AuthUIConfig = phoneConfig(), settings = fakePhoneConfig()) {
  const rendered = await renderWidget(config);
  expectPage('phoneSignInStart');
  await resolveCall(rendered.client.next('getPhoneConfig'), settings);
  return rendered;
}

const phoneInput = () => screen.getByLabelText('Phone number') as HTMLInputElement;
const countryButton = () => document.querySelector<HTMLButtonElement>('.authui-country-selector')!;
const selectedCountry = () => countryButton().getAttribute('data-country');

/** Ticks "I'm not a robot": the challenge is fetched and solved. */
async function solveAltcha(rendered: Awaited<ReturnType<typeof phonePage>>, token = 'altcha-payload') {
  fireEvent.click(screen.getByLabelText("I'm not a robot"));
  await flush();
  const fetch = rendered.client.next('getCaptchaChallenge');
  expect(fetch.args).toEqual(['/api/auth/captcha/challenge']);
  await resolveCall(fetch, challenge);
  expect(rendered.env.solves).toHaveLength(1);
  expect(rendered.env.solves[0]!.challenge).toEqual(challenge);
  await act(async () => rendered.env.solves[0]!.resolve(token));
  await flush();
}

/** Number typed, captcha solved, Verify: the send call. */
async function sendFrom(rendered: Awaited<ReturnType<typeof phonePage>>, national = '5555550100') {
  fill('Phone number', national);
  await solveAltcha(rendered);
  await submit();
  return rendered.client.next('sendPhoneCode');
}

/** Through "Code sent!" to the finish page (fake timers). */
async function finishPage(config: AuthUIConfig = phoneConfig()) {
  vi.useFakeTimers();
  const rendered = await phonePage(config);
  await resolveCall(await sendFrom(rendered), { verificationId: 'v1' });
  await advance(1000);
  expectPage('phoneSignInFinish');
  return rendered;
}

describe('phone start page: countries (checklist §5.6, §7)', () => {
  it('defaults to the United States, shows the flag and "‎+1" with a left-to-right mark, focuses the number', async () => {
    await phonePage();
    expect(selectedCountry()).toBe('1-US-0');
    expect(countryButton().textContent).toBe('🇺🇸\u200e+1');
    expect(document.activeElement).toBe(phoneInput());
    expect(phoneInput().type).toBe('tel');
    expect(screen.getByText('Enter your phone number')).toBeTruthy();
  });

  it('defaultCountry (any case) wins over the login hint; the hint supplies the number when phone is the only provider', async () => {
    await phonePage(phoneConfig({ defaultCountry: 'gb', loginHint: '+1 555-555-0100' }));
    expect(selectedCountry()).toBe('44-GB-0');
    expect(phoneInput().value).toBe('555-555-0100');
  });

  it('a +1 login hint selects the United States; defaultNationalNumber wins over its number', async () => {
    await phonePage(phoneConfig({ loginHint: '+15555550100', defaultNationalNumber: '2025550123' }));
    expect(selectedCountry()).toBe('1-US-0');
    expect(phoneInput().value).toBe('2025550123');
  });

  it('with several providers the default number is not used, and Cancel returns to the start page', async () => {
    const rendered = await renderWidget(phoneConfig({ defaultNationalNumber: '2025550123' }, {}, ['password']));
    await click('Sign in with phone');
    await resolveCall(rendered.client.next('getPhoneConfig'), fakePhoneConfig());
    expect(phoneInput().value).toBe('');
    await click('Cancel');
    expectPage('providerSignIn');
  });

  it('phone as the only provider has no Cancel', async () => {
    await phonePage();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('a whitelist keeps its own order in the picker (["+44", "US"] → GG, IM, JE, GB, US) and US stays the default', async () => {
    await phonePage(phoneConfig({ whitelistedCountries: ['+44', 'US'] }));
    expect(selectedCountry()).toBe('1-US-0');
    fireEvent.click(countryButton());
    const rows = within(screen.getByRole('dialog', { name: 'Select a country' })).getAllByRole('button');
    expect(rows.map((row) => row.getAttribute('data-country'))).toEqual(['44-GG-0', '44-IM-0', '44-JE-0', '44-GB-0', '1-US-0']);
    expect(rows[4]!.textContent).toBe('🇺🇸United States \u200e+1');
  });

  it('a blacklist without the United States defaults to the first country by name', async () => {
    await phonePage(phoneConfig({ blacklistedCountries: ['US'] }));
    expect(selectedCountry()).toBe('93-AF-0');
  });

  it('the picker focuses the current country; choosing one rewrites a typed "+cc" and returns focus to the number', async () => {
    await phonePage();
    fill('Phone number', '+1 2025550123');
    fireEvent.click(countryButton());
    const dialog = screen.getByRole('dialog', { name: 'Select a country' });
    expect(document.activeElement?.getAttribute('data-country')).toBe('1-US-0');
    fireEvent.click(within(dialog).getByText('United Kingdom'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(selectedCountry()).toBe('44-GB-0');
    expect(phoneInput().value).toBe('+44 2025550123');
    expect(document.activeElement).toBe(phoneInput());
  });

  it('the picker closes on a backdrop click and on Escape, keeping the country', async () => {
    await phonePage();
    fireEvent.click(countryButton());
    fireEvent.click(document.querySelector('.authui-country-picker-backdrop')!);
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(countryButton());
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(selectedCountry()).toBe('1-US-0');
  });

  it('typing "+cc" switches to the first country with that code, but keeps a manual choice with the same code', async () => {
    await phonePage();
    fill('Phone number', '+44');
    expect(selectedCountry()).toBe('44-GG-0');
    fill('Phone number', '+1');
    expect(selectedCountry()).toBe('1-US-0');
    fireEvent.click(countryButton());
    fireEvent.click(within(screen.getByRole('dialog')).getByText('United Kingdom'));
    fill('Phone number', '+44 7700');
    expect(selectedCountry()).toBe('44-GB-0');
  });
});

describe('phone start page: validation and captcha (checklist §4, §5.6)', () => {
  it('an empty number → "Enter a valid phone number"', async () => {
    const { client } = await phonePage();
    await submit();
    expect(fieldError('Phone number')).toBe('Enter a valid phone number');
    fill('Phone number', '+1 ');
    await submit();
    expect(fieldError('Phone number')).toBe('Enter a valid phone number');
    client.assertNoMoreCalls();
  });

  it('a "+cc" of a country not on offer → the input is cleared and "The country code provided is not supported."', async () => {
    const { client } = await phonePage(phoneConfig({ whitelistedCountries: ['US'] }));
    fill('Phone number', '+44 7700 900123');
    await submit();
    expect(phoneInput().value).toBe('');
    expect(fieldError('Phone number')).toBe('The country code provided is not supported.');
    expect(document.activeElement).toBe(phoneInput());
    client.assertNoMoreCalls();
  });

  it('an unsolved captcha → "Solve the reCAPTCHA" under it; ticking the box clears it', async () => {
    const rendered = await phonePage();
    fill('Phone number', '2025550123');
    await submit();
    expect(document.querySelector('.authui-captcha .authui-error')?.textContent).toBe('Solve the reCAPTCHA');
    await solveAltcha(rendered);
    expect(document.querySelector('.authui-captcha .authui-error')?.textContent).toBe('');
    expect((screen.getByLabelText("I'm not a robot") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Verified')).toBeTruthy();
  });

  it('ALTCHA loads no third-party script', async () => {
    const { env } = await phonePage();
    expect(env.scripts).toEqual([]);
    expect(document.querySelector('[data-captcha-provider="altcha"]')).not.toBeNull();
  });

  it('a failed solve leaves the box unticked with a message; ticking again retries', async () => {
    const rendered = await phonePage();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fireEvent.click(screen.getByLabelText("I'm not a robot"));
    await flush();
    await rejectCall(rendered.client.next('getCaptchaChallenge'), authError('too-many-requests'));
    expect(screen.getByText('Verification failed. Try again.')).toBeTruthy();
    expect((screen.getByLabelText("I'm not a robot") as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByLabelText("I'm not a robot"));
    await flush();
    expect(rendered.client.next('getCaptchaChallenge')).toBeTruthy();
  });

  it('the phone settings cannot be read → the start page (the provider list, even for phone only) with the error', async () => {
    const { client } = await renderWidget(phoneConfig());
    await rejectCall(client.next('getPhoneConfig'), authError('network-request-failed'));
    expectPage('providerSignIn');
    expect(infoBarText()).toBe('A network error has occurred');
  });

  it('a server without SMS → the start page with "This sign-in method is not enabled."', async () => {
    const { client } = await renderWidget(phoneConfig());
    await resolveCall(client.next('getPhoneConfig'), fakePhoneConfig({ enabled: false }));
    expectPage('providerSignIn');
    expect(infoBarText()).toBe('This sign-in method is not enabled.');
  });

  it('footer: phone only with ToS → the full sentence; without → the SMS notice; several providers → notice and links', async () => {
    const tos = { tosUrl: 'https://app.test/tos', privacyPolicyUrl: 'https://app.test/privacy' };
    await phonePage(phoneConfig({}, tos));
    expect(document.querySelector('.authui-phone-tos')?.textContent).toBe(
      'By tapping Verify, you are indicating that you accept our Terms of Service and Privacy Policy. An SMS may be sent. Message & data rates may apply.',
    );
  });

  it('footer without ToS: the SMS notice only', async () => {
    await phonePage();
    expect(document.querySelector('.authui-sms-notice')?.textContent).toBe(
      'By tapping Verify, an SMS may be sent. Message & data rates may apply.',
    );
    expect(document.querySelector('.authui-tos-links')).toBeNull();
  });
});

describe('reCAPTCHA when the server says so (checklist §5.6)', () => {
  function fakeGrecaptcha() {
    const api = {
      ready: vi.fn((callback: () => void) => callback()),
      render: vi.fn((_container: HTMLElement, _parameters: Record<string, unknown>) => 7),
      execute: vi.fn(),
      reset: vi.fn(),
    };
    return api satisfies Grecaptcha;
  }

  async function recaptchaPage(option: Partial<PhoneSignInOption> = {}) {
    const rendered = await phonePage(phoneConfig(option), fakePhoneConfig({ captcha: { provider: 'recaptcha', siteKey: 'site-key' } }));
    const grecaptcha = fakeGrecaptcha();
    rendered.env.windowGlobals.grecaptcha = grecaptcha;
    return { ...rendered, grecaptcha };
  }

  it("loads Google's script only then, and renders with the site key and the configured parameters", async () => {
    const { env, grecaptcha } = await recaptchaPage({ recaptchaParameters: { theme: 'dark' } });
    expect(env.scripts.map((s) => [s.src, s.timeoutMs])).toEqual([[RECAPTCHA_SCRIPT_URL, 5000]]);
    await act(async () => env.scripts[0]!.resolve());
    await flush();
    expect(grecaptcha.render).toHaveBeenCalledTimes(1);
    const [container, parameters] = grecaptcha.render.mock.calls[0]!;
    expect(container.classList.contains('authui-recaptcha')).toBe(true);
    expect(parameters).toMatchObject({ theme: 'dark', sitekey: 'site-key' });
  });

  it("sends the token of the widget's callback; a send error resets the widget", async () => {
    const { env, grecaptcha, client } = await recaptchaPage();
    await act(async () => env.scripts[0]!.resolve());
    await flush();
    const parameters = grecaptcha.render.mock.calls[0]![1] as { callback: (token: string) => void };
    fill('Phone number', '2025550123');
    act(() => parameters.callback('recaptcha-token'));
    await submit();
    const send = client.next('sendPhoneCode');
    expect(send.args).toEqual(['+12025550123', 'recaptcha-token']);
    await rejectCall(send, authError('captcha-check-failed', 'The captcha has expired. Solve the captcha again.'));
    expect(grecaptcha.reset).toHaveBeenCalledWith(7);
    expect(document.querySelector('.authui-captcha .authui-error')?.textContent).toBe('The captcha has expired. Solve the captcha again.');
    await submit();
    expect(document.querySelector('.authui-captcha .authui-error')?.textContent).toBe('Solve the reCAPTCHA');
  });

  it('an expired token is cleared', async () => {
    const { env, grecaptcha } = await recaptchaPage();
    await act(async () => env.scripts[0]!.resolve());
    await flush();
    const parameters = grecaptcha.render.mock.calls[0]![1] as { callback: (t: string) => void; 'expired-callback': () => void };
    act(() => parameters.callback('t'));
    act(() => parameters['expired-callback']());
    fill('Phone number', '2025550123');
    await submit();
    expect(document.querySelector('.authui-captcha .authui-error')?.textContent).toBe('Solve the reCAPTCHA');
  });

  it('invisible: Verify runs the challenge, and its token submits by itself', async () => {
    const { env, grecaptcha, client } = await recaptchaPage({ recaptchaParameters: { size: 'invisible' } });
    await act(async () => env.scripts[0]!.resolve());
    await flush();
    fill('Phone number', '2025550123');
    // Enter in the number moves to Verify.
    fireEvent.keyDown(phoneInput(), { key: 'Enter' });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Verify' }));
    await submit();
    expect(grecaptcha.execute).toHaveBeenCalledWith(7);
    client.assertNoMoreCalls();
    const parameters = grecaptcha.render.mock.calls[0]![1] as { callback: (token: string) => void };
    act(() => parameters.callback('invisible-token'));
    await flush();
    expect(client.next('sendPhoneCode').args).toEqual(['+12025550123', 'invisible-token']);
  });

  it('a script that fails to load → the start page with the error', async () => {
    const { env } = await recaptchaPage();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => env.scripts[0]!.reject());
    await flush();
    expectPage('providerSignIn');
    expect(infoBarText()).toBe('A network error has occurred');
  });
});

describe('sending the code (checklist §5.6)', () => {
  it('"Verifying..." → "Code sent!" for 1 s → the finish page; the number is "+" + code + national number', async () => {
    vi.useFakeTimers();
    const rendered = await phonePage();
    const send = await sendFrom(rendered, '(202) 555-0123');
    expect(send.args).toEqual(['+12025550123', 'altcha-payload']);
    expect(dialogText()).toBe('Verifying...');
    // The dialog is the progress indicator: no bar behind it.
    await advance(600);
    expect(isBusy()).toBe(false);
    await resolveCall(send, { verificationId: 'v1' });
    expect(dialogText()).toBe('Code sent!');
    expect(document.querySelector('.authui-dialog-check')).not.toBeNull();
    await advance(999);
    expectPage('phoneSignInStart');
    await advance(1);
    expectPage('phoneSignInFinish');
    expect(screen.getByText(/Enter the 6-digit code we sent to/).textContent).toBe('Enter the 6-digit code we sent to +12025550123');
  });

  it('a typed "+cc" of another available country selects it and is stripped', async () => {
    const rendered = await phonePage();
    const send = await sendFrom(rendered, '+44 7700 900123');
    expect(send.args[0]).toBe('+447700900123');
  });

  it.each([
    ['too-many-requests', {}, 'info', 'This phone number has been used too many times'],
    ['invalid-phone-number', {}, 'inline', 'Enter a valid phone number'],
    ['missing-phone-number', {}, 'inline', 'Enter a valid phone number'],
    ['invalid-phone-number', { reason: 'unsupported-country-code' }, 'inline', 'The country code provided is not supported.'],
    ['admin-restricted-operation', {}, 'info', 'Restricted.'],
    ['operation-not-allowed', {}, 'info', 'Not enabled.'],
  ] as const)('%s %o → %s "%s"; the captcha must be solved again', async (code, details, where, message) => {
    const rendered = await phonePage();
    const send = await sendFrom(rendered);
    const text = code === 'admin-restricted-operation' ? 'Restricted.' : code === 'operation-not-allowed' ? 'Not enabled.' : 'server text';
    await rejectCall(send, authError(code, text, details));
    expect(dialogText()).toBeNull();
    expectPage('phoneSignInStart');
    if (where === 'info') expect(infoBarText()).toBe(message);
    else expect(fieldError('Phone number')).toBe(message);
    expect((screen.getByLabelText("I'm not a robot") as HTMLInputElement).checked).toBe(false);
  });

  it('admin-restricted with adminRestrictedOperation → unauthorizedUser(number); Back → phone start', async () => {
    const rendered = await phonePage(phoneConfig({}, { adminRestrictedOperation: { status: true, helpLink: 'https://help.test' } }));
    await rejectCall(await sendFrom(rendered), authError('admin-restricted-operation'));
    expectPage('unauthorizedUser');
    expect(screen.getByText(/is not authorized/).textContent).toBe('+15555550100 is not authorized to view the requested page.');
    await click('Back');
    expectPage('phoneSignInStart');
  });

  it('one request at a time: a second Verify while sending is ignored', async () => {
    const rendered = await phonePage();
    await sendFrom(rendered);
    await submit();
    rendered.client.assertNoMoreCalls();
  });
});

describe('phone finish page (checklist §1.5 #22, §5.6)', () => {
  it('counts down "Resend code in 0:15" every second, then offers Resend → the start page with the number', async () => {
    const rendered = await finishPage();
    const countdown = () => document.querySelector('.authui-resend-countdown')?.textContent ?? null;
    expect(countdown()).toBe('Resend code in 0:15');
    await advance(1000);
    expect(countdown()).toBe('Resend code in 0:14');
    await advance(5000);
    expect(countdown()).toBe('Resend code in 0:09');
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
    await advance(9000);
    expect(countdown()).toBeNull();
    await click('Resend');
    expectPage('phoneSignInStart');
    expect(phoneInput().value).toBe('5555550100');
    expect(selectedCountry()).toBe('1-US-0');
    // A new code needs a new captcha (the phone settings are read once per run).
    await flush();
    rendered.client.assertNoMoreCalls();
    expect((screen.getByLabelText("I'm not a robot") as HTMLInputElement).checked).toBe(false);
  });

  it('the number links back to the start page with it prefilled', async () => {
    await finishPage(phoneConfig({ defaultCountry: 'GB' }));
    await click('+445555550100');
    expectPage('phoneSignInStart');
    expect(selectedCountry()).toBe('44-GB-0');
    expect(phoneInput().value).toBe('5555550100');
  });

  it('the code must be 6 digits: otherwise "Wrong code. Try again."', async () => {
    const rendered = await finishPage();
    expect(document.activeElement).toBe(screen.getByLabelText('6-digit code'));
    fill('6-digit code', '12345');
    await submit();
    expect(fieldError('6-digit code')).toBe('Wrong code. Try again.');
    rendered.client.assertNoMoreCalls();
  });

  it('"Verifying..." → "Verified!" for 1 s → completion with a null credential', async () => {
    const signInSuccessWithAuthResult = vi.fn(() => true);
    const rendered = await finishPage(phoneConfig({}, { callbacks: { signInSuccessWithAuthResult } }));
    fill('6-digit code', '123456');
    await submit();
    expect(dialogText()).toBe('Verifying...');
    const signIn = rendered.client.next('signInWithPhoneCode');
    expect(signIn.args).toEqual(['v1', '123456']);
    await resolveCall(signIn, user);
    expect(dialogText()).toBe('Verified!');
    await advance(999);
    expect(signInSuccessWithAuthResult).not.toHaveBeenCalled();
    await advance(1);
    expect(signInSuccessWithAuthResult).toHaveBeenCalledWith(
      { user, credential: null, operationType: 'signIn', additionalUserInfo: { providerId: 'phone', isNewUser: false } },
      undefined,
    );
    expect(rendered.env.assigned).toEqual(['https://app.test/home']);
  });

  it('an expired code → back to the start page with the number and "This code is no longer valid"', async () => {
    const rendered = await finishPage();
    fill('6-digit code', '123456');
    await submit();
    await rejectCall(rendered.client.next('signInWithPhoneCode'), authError('code-expired', 'x'));
    expectPage('phoneSignInStart');
    expect(infoBarText()).toBe('This code is no longer valid');
    expect(phoneInput().value).toBe('5555550100');
  });

  it.each(['invalid-verification-code', 'missing-verification-code'])('%s → inline "Wrong code. Try again."', async (code) => {
    const rendered = await finishPage();
    fill('6-digit code', '123456');
    await submit();
    await rejectCall(rendered.client.next('signInWithPhoneCode'), authError(code, 'x'));
    expectPage('phoneSignInFinish');
    expect(dialogText()).toBeNull();
    expect(fieldError('6-digit code')).toBe('Wrong code. Try again.');
  });

  it('other errors → the info bar, staying on the page', async () => {
    const rendered = await finishPage();
    fill('6-digit code', '123456');
    await submit();
    await rejectCall(rendered.client.next('signInWithPhoneCode'), authError('admin-restricted-operation', 'Restricted.'));
    expectPage('phoneSignInFinish');
    expect(infoBarText()).toBe('Restricted.');
  });

  it('Cancel → the start page (phone start again when phone is the only provider)', async () => {
    await finishPage();
    await click('Cancel');
    expectPage('phoneSignInStart');
    expect(phoneInput().value).toBe('');
  });

  it('anonymous upgrade: a number of another account → the merge conflict (dialog closed, no UI)', async () => {
    const signInFailure = vi.fn();
    const rendered = await finishPage(phoneConfig({}, { autoUpgradeAnonymousUsers: true, callbacks: { signInFailure } }));
    fill('6-digit code', '123456');
    await submit();
    await rejectCall(
      rendered.client.next('signInWithPhoneCode'),
      authError('merge-conflict', 'm', { mergeToken: 'mt', providerId: 'phone', phoneNumber: '+15555550100' }),
    );
    await flush();
    expect(signInFailure).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'firebaseui/anonymous-upgrade-merge-conflict',
        credential: { providerId: 'phone', mergeToken: 'mt' },
      }),
    );
    expect(dialogText()).toBeNull();
    expect(rendered.app.disposed).toBe(true);
  });

  it("without anonymous upgrade a guest's merge conflict redeems the token (the code is spent)", async () => {
    const rendered = await finishPage();
    fill('6-digit code', '123456');
    await submit();
    await rejectCall(rendered.client.next('signInWithPhoneCode'), authError('merge-conflict', 'm', { mergeToken: 'mt' }));
    expect(rendered.client.next('completeMerge').args).toEqual(['mt']);
    await resolveCall(rendered.client.calls.at(-1)!, user);
    expect(dialogText()).toBe('Verified!');
  });
});
