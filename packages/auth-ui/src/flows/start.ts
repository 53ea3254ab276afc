import { isImmediateFederatedRedirect, soleProvider } from '../config/config';
import { providerButton } from '../config/providers';
import { ANONYMOUS_PROVIDER, PASSWORD_PROVIDER, PHONE_PROVIDER } from '../config/types';
import type { WidgetApp } from '../widget/app';

/**
 * The sign-in start decision (checklist §5.1), used for the first page and by every Cancel, Back
 * and error return: e-mail only → the e-mail page (or the prefilled-e-mail path); phone only →
 * phone start; one federated provider with `immediateFederatedRedirect` → straight to the IdP;
 * otherwise the provider list, remembering the e-mail for the e-mail button and IdP hints (and
 * One-Tap, when configured).
 */
export function showStartPage(app: WidgetApp, options: { email?: string; message?: string } = {}): void {
  const { email, message } = options;
  const sole = soleProvider(app.config);
  if (sole === PASSWORD_PROVIDER) {
    if (message !== undefined || !email) {
      app.flows.showEmailPage(app, { ...(email && { email }), ...(message !== undefined && { message }) });
      return;
    }
    // The prefilled-e-mail path: a blank page while the methods are fetched.
    app.show('blank', {});
    void app.flows.emailFirst(app, email, { fromPrefill: true });
    return;
  }
  if (sole === PHONE_PROVIDER && message === undefined) {
    app.flows.showPhoneSignInStart(app);
    return;
  }
  if (isImmediateFederatedRedirect(app.config) && message === undefined && sole) {
    app.show('blank', {});
    void app.flows.startFederatedSignIn(app, sole, { ...(email && { email }), fromBlankPage: true });
    return;
  }
  app.show(
    'providerSignIn',
    {
      buttons: app.config.signInOptions.map(providerButton),
      onSelect: (providerId) => app.flows.selectProvider(app, providerId, email),
    },
    { infoBar: message ?? null },
  );
  void app.flows.showOneTap(app);
}

/** A provider button (checklist §1.1): e-mail, phone, guest or a federated IdP. */
export function selectProvider(app: WidgetApp, providerId: string, email?: string): void {
  if (app.pending) return;
  app.flows.cancelOneTap(app);
  if (providerId === PASSWORD_PROVIDER) {
    if (email) {
      app.show('blank', {});
      void app.flows.emailFirst(app, email, { fromPrefill: true });
    } else app.flows.showEmailPage(app);
  } else if (providerId === PHONE_PROVIDER) app.flows.showPhoneSignInStart(app);
  else if (providerId === ANONYMOUS_PROVIDER) void app.flows.signInAsGuest(app);
  else void app.flows.startFederatedSignIn(app, providerId, email ? { email } : {});
}

/**
 * The e-mail entry page (`signIn`): Cancel only when e-mail is not the only provider; the full
 * ToS sentence when password is the only provider, else the link pair.
 */
export function showEmailPage(app: WidgetApp, options: { email?: string; message?: string } = {}): void {
  const onlyEmail = soleProvider(app.config) === PASSWORD_PROVIDER;
  app.show(
    'signIn',
    {
      ...(options.email && { email: options.email }),
      showCancel: !onlyEmail,
      fullTos: onlyEmail,
      onSubmit: (email) => void app.flows.emailFirst(app, email),
      ...(!onlyEmail && { onCancel: (email: string) => app.flows.showStartPage(app, email ? { email } : {}) }),
    },
    { infoBar: options.message ?? null },
  );
}
