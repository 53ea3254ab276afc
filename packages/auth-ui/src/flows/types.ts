import type { Country } from '../countries';
import type { SecondFactorRequired } from '../errors';
import type { WidgetApp } from '../widget/app';

/** A phone number as the phone pages hold it: the selected country and the national number. */
export interface PhoneNumberValue {
  country: Country;
  nationalNumber: string;
}

/**
 * The flows, as one object the app carries (`app.flows`), so flow modules reach each other
 * without importing each other (Cancel returns to the start page, the start page starts the
 * e-mail-first tree …). Each member is implemented in the module named beside it.
 */
export interface Flows {
  /** start.ts — the sign-in start decision (checklist §5.1). */
  showStartPage(app: WidgetApp, options?: { email?: string; message?: string }): void;
  /** second-factor.ts — the second step of a sign-in for an account with second factors. */
  showSecondFactorSignIn(app: WidgetApp, error: SecondFactorRequired, providerId: string | null): Promise<void>;
  /** start.ts — the e-mail entry page (`signIn`). */
  showEmailPage(app: WidgetApp, options?: { email?: string; message?: string }): void;
  /** start.ts — a provider button was clicked. */
  selectProvider(app: WidgetApp, providerId: string, email?: string): void;
  /** email-first.ts — the e-mail-first decision tree (checklist §5.3). */
  emailFirst(app: WidgetApp, email: string, options?: { fromPrefill?: boolean; fullTos?: boolean }): Promise<void>;
  /** password.ts (checklist §5.4). */
  showPasswordSignIn(app: WidgetApp, email: string, options?: { fullTos?: boolean; offerSignUp?: boolean }): void;
  showPasswordSignUp(app: WidgetApp, email: string, options?: { fullTos?: boolean; name?: string }): void;
  showPasswordRecovery(app: WidgetApp, email: string, options?: { message?: string }): void;
  showPasswordLinking(app: WidgetApp, email: string): void;
  /** guest.ts (checklist §5.2). */
  signInAsGuest(app: WidgetApp): Promise<void>;
  /** federated.ts (checklist §5.7, §5.8). */
  startFederatedSignIn(app: WidgetApp, providerId: string, options?: { email?: string; fromBlankPage?: boolean }): Promise<void>;
  showFederatedLinking(app: WidgetApp, email: string, providerId: string, options?: { message?: string }): void;
  handleRedirectResult(app: WidgetApp): Promise<void>;
  linkingDecision(app: WidgetApp, options?: { message?: string; methods?: string[] }): Promise<void>;
  /** restricted.ts — the unauthorized-user and unsupported-provider pages. */
  showUnauthorizedUser(app: WidgetApp, identifier: string | null, providerId: string | null): void;
  showUnsupportedProvider(app: WidgetApp, email: string): void;
  /** email-link.ts (checklist §5.5): from the e-mail-first tree, the callback page while sending. */
  sendSignInLink(app: WidgetApp, email: string, options: { onBack: () => void }): Promise<void>;
  /** email-link.ts — the e-mail-link linking page (checklist §1.4 #19, §5.8). */
  showEmailLinkSignInLinking(app: WidgetApp, email: string): void;
  /** email-link.ts — `mode=signIn` (checklist §5.5 completion). */
  handleEmailLinkSignIn(app: WidgetApp): void;
  /** phone.ts (checklist §5.6). */
  showPhoneSignInStart(app: WidgetApp, options?: { phoneNumber?: PhoneNumberValue; message?: string }): void;
  /** tenants.ts (checklist §3.6): the tenant-selection or the identifier-first page. */
  showTenantSelection(app: WidgetApp, options?: { message?: string; email?: string }): Promise<void>;
  /** tenants.ts — acts in a tenant (its requests, its configuration) without changing the page. */
  applyTenant(app: WidgetApp, tenantId: string | null): Promise<void>;
  /** tenants.ts — acts in a tenant (null: the default accounts), then its start page. */
  selectTenant(app: WidgetApp, tenantId: string | null, options?: { email?: string }): Promise<void>;
  /** one-tap.ts (checklist §5.13): shows One-Tap on the provider list when configured. */
  showOneTap(app: WidgetApp): Promise<void>;
  cancelOneTap(app: WidgetApp): void;
}
