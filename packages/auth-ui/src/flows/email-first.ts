import { getProviderOption, isEmailLinkMode, signUpDisabled } from '../config/config';
import { EMAIL_LINK_METHOD, PASSWORD_PROVIDER, PHONE_PROVIDER } from '../config/types';
import { asAuthError } from '../errors';
import { getErrorMessage } from '../strings';
import type { WidgetApp } from '../widget/app';

/**
 * The federated method to continue with (checklist §5.3): the first one that is not e-mail link,
 * password or phone and is an enabled provider. Upstream also picked a built-in IdP (Google,
 * Facebook, GitHub, Twitter) that the configuration does not enable (§5.3 quirk, §11.6); the
 * server refuses to start a provider it does not enable, so such an account gets the
 * unsupported-provider page (recover the password) instead of a button that cannot work.
 */
export function federatedMethodFor(app: WidgetApp, methods: readonly string[]): string | undefined {
  return methods.find(
    (m) => m !== EMAIL_LINK_METHOD && m !== PASSWORD_PROVIDER && m !== PHONE_PROVIDER && getProviderOption(app.config, m) !== undefined,
  );
}

/**
 * The e-mail-first decision tree (checklist §5.3): fetch the e-mail's sign-in methods, then
 * sign-up (or unauthorized / e-mail link), password sign-in, e-mail link or unsupported provider,
 * or federated sign-in with the account's IdP. A fetch error goes to the info bar, or from the
 * prefilled path to the e-mail page with the e-mail and the error.
 */
export async function emailFirst(app: WidgetApp, email: string, options: { fromPrefill?: boolean; fullTos?: boolean } = {}): Promise<void> {
  await app.run(async () => {
    let methods: string[];
    try {
      methods = await app.request(app.client.fetchSignInMethods(email));
    } catch (error) {
      const message = getErrorMessage(asAuthError(error));
      if (options.fromPrefill) app.flows.showEmailPage(app, { email, message });
      else app.showInfoBar(message);
      return;
    }
    const fullTos = options.fullTos ?? false;
    // Under enumeration protection the methods are always [] (ADR 0053): the address may have an
    // account, so the password sign-in comes first, offering sign-up beside it where allowed.
    // E-mail-link mode needs no choice: the link signs in or signs up alike.
    if (methods.length === 0 && app.config.server?.enumerationProtection && !isEmailLinkMode(app.config)) {
      app.flows.showPasswordSignIn(app, email, { fullTos, offerSignUp: !signUpDisabled(app.config) });
      return;
    }
    if (methods.length === 0) {
      if (signUpDisabled(app.config)) app.flows.showUnauthorizedUser(app, email, PASSWORD_PROVIDER);
      else if (isEmailLinkMode(app.config))
        await app.flows.sendSignInLink(app, email, { onBack: () => app.flows.showEmailPage(app, { email }) });
      else app.flows.showPasswordSignUp(app, email, { fullTos });
      return;
    }
    if (methods.includes(PASSWORD_PROVIDER)) {
      app.flows.showPasswordSignIn(app, email, { fullTos });
      return;
    }
    if (methods.length === 1 && methods[0] === EMAIL_LINK_METHOD) {
      if (isEmailLinkMode(app.config))
        await app.flows.sendSignInLink(app, email, { onBack: () => app.flows.showEmailPage(app, { email }) });
      else app.flows.showUnsupportedProvider(app, email);
      return;
    }
    const providerId = federatedMethodFor(app, methods);
    if (!providerId) {
      app.flows.showUnsupportedProvider(app, email);
      return;
    }
    app.storage.setPendingEmailCredential({ email, credential: null });
    app.flows.showFederatedLinking(app, email, providerId);
  });
}
