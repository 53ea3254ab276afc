import { CaptchaController } from '../captcha/controller';
import { AuthError, type IdentityUser, type PhoneConfig } from '../client/types';
import { getPhoneOption, isAdminRestrictedConfigured, soleProvider } from '../config/config';
import { PHONE_PROVIDER } from '../config/types';
import { getCountriesByIso2, parseLoginHint, pickDefaultCountry, resolveAvailableCountries, type Country } from '../countries';
import { asAuthError } from '../errors';
import { developerMessages, getErrorMessage, strings } from '../strings';
import type { WidgetApp, WidgetState } from '../widget/app';
import { authResult, completeOrShowError, MERGE_CONFLICT_HANDLED, signInOrMerge } from './complete';
import type { PhoneNumberValue } from './types';

/** "Code sent!" and "Verified!" stay up this long (checklist §8). */
export const CODE_SENT_DIALOG_MS = 1000;
export const VERIFIED_DIALOG_MS = 1000;
/** product §9: "Resend" after 15 s, unless the server holds to another delay. */
export const DEFAULT_RESEND_DELAY_S = 15;

const phoneConfigs = new WeakMap<WidgetApp, Promise<PhoneConfig>>();

/** The server's phone settings (`GET /api/auth/phone-number/config`), read once per run. */
function loadPhoneConfig(app: WidgetApp): Promise<PhoneConfig> {
  let config = phoneConfigs.get(app);
  if (!config) {
    config = app.client.getPhoneConfig();
    phoneConfigs.set(app, config);
    config.catch(() => phoneConfigs.delete(app));
  }
  return app.request(config);
}

/** "+" + calling code + national number, as the server expects it. */
export const toE164 = (value: PhoneNumberValue) => `+${value.country.e164_cc}${value.nationalNumber}`;

/**
 * The initial country (checklist §5.6): the passed value > `defaultCountry` > the `loginHint`'s
 * country > US > the first available.
 */
function initialCountry(countries: Country[], passed: Country | undefined, defaultIso: string | undefined, hinted: Country | undefined) {
  if (passed && countries.includes(passed)) return passed;
  const configured = defaultIso ? getCountriesByIso2(defaultIso, countries)[0] : undefined;
  return configured ?? (hinted && countries.includes(hinted) ? hinted : undefined) ?? pickDefaultCountry(countries);
}

/**
 * `phoneSignInStart` (checklist §1.5 #21, §5.6): the country selector, the number and the captcha
 * the server asks for. The page shows at once; the captcha appears when the server's settings
 * arrive. A captcha that cannot be shown → the start page with the error (the provider list, even
 * when phone is the only provider).
 */
export function showPhoneSignInStart(app: WidgetApp, options: { phoneNumber?: PhoneNumberValue; message?: string } = {}): void {
  const option = getPhoneOption(app.config);
  const countries = resolveAvailableCountries(option ?? {});
  if (countries.length === 0) throw new Error(developerMessages.noAvailableCountries);
  const phoneOnly = soleProvider(app.config) === PHONE_PROVIDER;
  const hint = option?.loginHint ? parseLoginHint(option.loginHint, countries) : undefined;
  const country = initialCountry(countries, options.phoneNumber?.country, option?.defaultCountry, hint?.country);
  if (!country) throw new Error(developerMessages.noAvailableCountries);
  const nationalNumber =
    options.phoneNumber?.nationalNumber ?? (phoneOnly ? (option?.defaultNationalNumber ?? hint?.nationalNumber) : undefined);

  let lastValue: PhoneNumberValue | null = null;
  let shown: WidgetState['page'] = null;
  const onPage = () => !app.disposed && shown !== null && app.getState().page === shown;
  const leave = (message: string) => {
    if (onPage()) app.flows.showStartPage(app, { message });
  };
  const captcha = new CaptchaController(app, {
    ...(option?.recaptchaParameters && { recaptchaParameters: option.recaptchaParameters }),
    onRenderError: leave,
    onInvisibleToken: () => {
      if (lastValue) submit(lastValue);
    },
  });
  const submit = (value: PhoneNumberValue) => {
    if (app.pending) return;
    lastValue = value;
    const token = captcha.token;
    if (!token) {
      if (captcha.getState().invisible) captcha.execute();
      else app.setFieldErrors({ captcha: strings.solveRecaptcha });
      return;
    }
    void sendCode(app, value, token, captcha);
  };
  app.show(
    'phoneSignInStart',
    {
      countries,
      initialCountry: country,
      ...(nationalNumber && { nationalNumber }),
      showCancel: !phoneOnly,
      phoneOnly,
      captcha,
      onSubmit: submit,
      ...(!phoneOnly && { onCancel: () => app.flows.showStartPage(app) }),
    },
    { infoBar: options.message ?? null },
  );
  shown = app.getState().page;
  loadPhoneConfig(app).then(
    (config) => {
      if (!onPage()) return;
      if (!config.enabled) leave(getErrorMessage(new AuthError('auth/operation-not-allowed', '')));
      else captcha.configure(config);
    },
    (error: unknown) => {
      if (onPage()) leave(getErrorMessage(asAuthError(error)));
    },
  );
}

/**
 * Sends the code (checklist §5.6): "Verifying..." → "Code sent!" for 1 s → the finish page. Any
 * error spends the captcha, then: too many requests → the info bar; a bad number → inline; a
 * refused captcha → inline under it; admin-restricted (configured) → `unauthorizedUser`; others
 * → the info bar.
 */
async function sendCode(app: WidgetApp, value: PhoneNumberValue, token: string, captcha: CaptchaController): Promise<void> {
  await app.run(async () => {
    const phoneNumber = toE164(value);
    app.showDialog({ icon: 'spinner', text: strings.dialogVerifying });
    let verificationId: string;
    let resendDelaySeconds = DEFAULT_RESEND_DELAY_S;
    try {
      const sent = await app.request(app.client.sendPhoneCode(phoneNumber, token));
      verificationId = sent.verificationId;
      const config = await loadPhoneConfig(app).catch(() => null);
      if (config?.resendDelaySeconds) resendDelaySeconds = config.resendDelaySeconds;
    } catch (caught) {
      app.hideDialog();
      captcha.reset();
      const error = asAuthError(caught);
      switch (error.code) {
        case 'auth/too-many-requests':
          app.showInfoBar(strings.phoneTooManyRequests);
          return;
        case 'auth/invalid-phone-number':
        case 'auth/missing-phone-number': {
          const unsupported = error.details?.reason === 'unsupported-country-code';
          app.setFieldErrors({ phoneNumber: unsupported ? strings.unsupportedCountryCode : strings.invalidPhoneNumber }, 'phoneNumber');
          return;
        }
        case 'auth/captcha-check-failed':
          app.setFieldErrors({ captcha: getErrorMessage(error) });
          return;
        case 'auth/admin-restricted-operation':
          if (isAdminRestrictedConfigured(app.config)) {
            app.flows.showUnauthorizedUser(app, phoneNumber, PHONE_PROVIDER);
            return;
          }
          app.showInfoBar(getErrorMessage(error));
          return;
        default:
          app.showInfoBar(getErrorMessage(error));
          return;
      }
    }
    app.showDialog({ icon: 'check', text: strings.dialogCodeSent });
    await app.delay(CODE_SENT_DIALOG_MS);
    showPhoneSignInFinish(app, value, verificationId, resendDelaySeconds);
  });
}

/**
 * `phoneSignInFinish` (checklist §1.5 #22): the 6-digit code, the number as a link back to the
 * start page, and the resend countdown. Resend returns to the start page with the number (a new
 * captcha is needed for a new code).
 */
function showPhoneSignInFinish(app: WidgetApp, value: PhoneNumberValue, verificationId: string, resendDelaySeconds: number): void {
  const back = () => app.flows.showPhoneSignInStart(app, { phoneNumber: value });
  app.show('phoneSignInFinish', {
    phoneNumber: toE164(value),
    resendDelaySeconds,
    onChangeNumber: back,
    onResend: back,
    onCancel: () => app.flows.showStartPage(app),
    onSubmit: (code) => void verifyCode(app, value, verificationId, code),
  });
}

/**
 * Signs in with the code (checklist §5.6 finish): "Verifying..." → "Verified!" for 1 s →
 * completion (credential null). An expired code → the start page with the number and "This code
 * is no longer valid"; a wrong one → inline; a merge conflict → `signInFailure` (no UI); others →
 * the info bar.
 */
async function verifyCode(app: WidgetApp, value: PhoneNumberValue, verificationId: string, code: string): Promise<void> {
  await app.run(async () => {
    app.showDialog({ icon: 'spinner', text: strings.dialogVerifying });
    let user: IdentityUser | typeof MERGE_CONFLICT_HANDLED;
    try {
      user = await signInOrMerge(app, PHONE_PROVIDER, () => app.client.signInWithPhoneCode(verificationId, code), { oneTime: true });
    } catch (caught) {
      app.hideDialog();
      const error = asAuthError(caught);
      if (error.code === 'auth/code-expired') {
        app.flows.showPhoneSignInStart(app, { phoneNumber: value, message: getErrorMessage(error) });
      } else if (error.code === 'auth/invalid-verification-code' || error.code === 'auth/missing-verification-code') {
        app.setFieldErrors({ code: strings.wrongCode }, 'code');
      } else app.showInfoBar(getErrorMessage(error));
      return;
    }
    if (user === MERGE_CONFLICT_HANDLED) return;
    app.showDialog({ icon: 'check', text: strings.dialogVerified });
    await app.delay(VERIFIED_DIALOG_MS);
    await completeOrShowError(app, authResult(user, PHONE_PROVIDER));
  });
}
