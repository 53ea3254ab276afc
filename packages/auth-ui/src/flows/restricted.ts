import { adminContact } from '../config/config';
import { PASSWORD_PROVIDER, PHONE_PROVIDER } from '../config/types';
import type { WidgetApp } from '../widget/app';

/**
 * `unauthorizedUser` (checklist §1.6, §5.11): the admin contact and help link come from the
 * e-mail provider's `disableSignUp`, else `adminRestrictedOperation`. Back returns to the e-mail
 * page, phone start, or the start page.
 */
export function showUnauthorizedUser(app: WidgetApp, identifier: string | null, providerId: string | null): void {
  app.show('unauthorizedUser', {
    identifier,
    ...adminContact(app.config, providerId),
    onBack: () => {
      if (providerId === PASSWORD_PROVIDER) app.flows.showEmailPage(app, identifier ? { email: identifier } : {});
      else if (providerId === PHONE_PROVIDER) app.flows.showPhoneSignInStart(app);
      else app.flows.showStartPage(app);
    },
  });
}

/** `unsupportedProvider` (checklist §1.2): recover the password, or Cancel → start page with the e-mail. */
export function showUnsupportedProvider(app: WidgetApp, email: string): void {
  app.show('unsupportedProvider', {
    email,
    onRecover: () => app.flows.showPasswordRecovery(app, email),
    onCancel: () => app.flows.showStartPage(app, { email }),
  });
}
