import type { IdentityUser, PendingCredential } from '../client/types';
import type { AuthUIError } from '../errors';

/** Provider ids with built-in behaviour (checklist §3.4). */
export const PASSWORD_PROVIDER = 'password';
export const EMAIL_LINK_METHOD = 'emailLink';
export const PHONE_PROVIDER = 'phone';
export const ANONYMOUS_PROVIDER = 'anonymous';

export type SignInFlow = 'popup' | 'redirect';
export type CredentialHelper = 'googleyolo' | 'none';

/** A ToS or privacy link: a URL opened in a new window, or a function called on click. */
export type LinkTarget = string | (() => void);

/** `{status, adminEmail?, helpLink?}` of `disableSignUp` and `adminRestrictedOperation`. */
export interface RestrictionConfig {
  status: boolean;
  adminEmail?: string;
  helpLink?: string;
}

/** Fields every `signInOptions` entry may carry. */
export interface BaseSignInOption {
  provider: string;
  providerName?: string;
  fullLabel?: string;
  buttonColor?: string;
  iconUrl?: string;
  /** Extra OAuth scopes (providers that support them). */
  scopes?: string[];
  customParameters?: Record<string, string>;
  /** Query key of the login hint for providers other than Google (`login_hint`) and GitHub (`login`). */
  loginHintKey?: string;
  /** Google's client id (One-Tap). */
  clientId?: string;
  /** Legacy One-Tap field, accepted and ignored. */
  authMethod?: string;
  /** Tenant matching by e-mail domain (identifier-first tenant selection). */
  hd?: string | RegExp;
}

/** The e-mail provider (`provider: 'password'`). */
export interface EmailSignInOption extends BaseSignInOption {
  provider: 'password';
  /** Show the name field on sign-up; default true. */
  requireDisplayName?: boolean;
  /** `'emailLink'` → e-mail link mode; anything else → password. */
  signInMethod?: 'password' | 'emailLink';
  /** E-mail link only: a link opened in another browser shows "New device…". */
  forceSameDevice?: boolean;
  /** E-mail link only: action settings merged over `{url: current URL, handleCodeInApp: true}`. */
  emailLinkSignIn?: () => { url?: string; [key: string]: unknown };
  /** Unknown e-mails go to the unauthorized-user page instead of sign-up. */
  disableSignUp?: RestrictionConfig;
}

/** The phone provider (`provider: 'phone'`). */
export interface PhoneSignInOption extends BaseSignInOption {
  provider: 'phone';
  recaptchaParameters?: Record<string, unknown>;
  /** ISO alpha-2, case-insensitive. */
  defaultCountry?: string;
  /** Used only when phone is the only provider. */
  defaultNationalNumber?: string;
  /** Full E.164 number: supplies the default country and national number. */
  loginHint?: string;
  /** ISO alpha-2 codes or "+cc" strings. */
  whitelistedCountries?: string[];
  blacklistedCountries?: string[];
}

export type SignInOption = BaseSignInOption | EmailSignInOption | PhoneSignInOption;

/** `signInSuccessWithAuthResult`'s first argument (checklist §3.3). */
export interface AuthResult {
  user: IdentityUser;
  /** Null for password, phone and guest sign-in; the linked pending credential when one was linked. */
  credential: PendingCredential | null;
  operationType: 'signIn' | 'link';
  additionalUserInfo: { providerId: string | null; isNewUser: boolean };
}

export interface Callbacks {
  /** Return true to redirect to the success URL; false/undefined resets the widget. */
  signInSuccessWithAuthResult?: (authResult: AuthResult, redirectUrl?: string) => boolean | void;
  /** @deprecated use signInSuccessWithAuthResult. */
  signInSuccess?: (user: IdentityUser, credential?: PendingCredential | null, redirectUrl?: string) => boolean | void;
  /** Called for an anonymous-upgrade merge conflict; the widget waits for its promise. */
  signInFailure?: (error: AuthUIError) => Promise<void> | void;
  /** Once, after the first dispatch. */
  uiShown?: () => void;
  /** On every page change. */
  uiChanged?: (fromPageId: string | null, toPageId: string) => void;
}

/** Per-tenant overrides (checklist §3.6): options and the tenant button's look. */
export interface TenantConfig {
  displayName?: string;
  fullLabel?: string;
  iconUrl?: string;
  buttonColor?: string;
  signInOptions?: Array<string | SignInOption>;
  signInFlow?: SignInFlow;
  immediateFederatedRedirect?: boolean;
  tosUrl?: LinkTarget;
  privacyPolicyUrl?: LinkTarget;
}

/** The widget's configuration (product §3, checklist §3.2). Top-level keys match case-insensitively. */
export interface AuthUIConfig {
  signInOptions?: Array<string | SignInOption>;
  signInFlow?: SignInFlow;
  signInSuccessUrl?: string;
  /**
   * Other origins (`https://partner.example`) a `signInSuccessUrl` or `continueUrl` taken from the
   * page's URL may lead to, as Firebase's authorized domains; the page's own origin always may.
   */
  authorizedRedirectOrigins?: string[];
  callbacks?: Callbacks;
  tosUrl?: LinkTarget;
  privacyPolicyUrl?: LinkTarget;
  credentialHelper?: CredentialHelper;
  autoUpgradeAnonymousUsers?: boolean;
  immediateFederatedRedirect?: boolean;
  /** Only for `signIn()`: open the widget URL in a 500×600 popup. */
  popupMode?: boolean;
  /** Used by `signIn()`; defaults to the current URL. */
  widgetUrl?: string;
  queryParameterForWidgetMode?: string;
  queryParameterForSignInSuccessUrl?: string;
  /** Accepted, unused (as upstream). */
  siteName?: string;
  adminRestrictedOperation?: RestrictionConfig;
  /** Tenant id → overrides; `_` is the default (tenant-less) accounts, `*` the fallback. Enables tenant selection. */
  tenants?: Record<string, TenantConfig>;
  /** How a tenant is chosen (checklist §3.6): its button (`optionFirst`, default) or the e-mail's domain (`identifierFirst`). */
  displayMode?: TenantDisplayMode;
}

export type TenantDisplayMode = 'optionFirst' | 'identifierFirst';
