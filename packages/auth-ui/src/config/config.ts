import type { IdentityServerConfig } from '../client/types';
import { developerMessages } from '../strings';
import { sanitizeUrl } from '../widget/url';
import { isIdentityProvider, LOGIN_HINT_KEYS, supportsScopes } from './providers';
import {
  PASSWORD_PROVIDER,
  PHONE_PROVIDER,
  type AuthUIConfig,
  type Callbacks,
  type CredentialHelper,
  type EmailSignInOption,
  type LinkTarget,
  type PhoneSignInOption,
  type RestrictionConfig,
  type SignInFlow,
  type SignInOption,
  type TenantConfig,
  type TenantDisplayMode,
} from './types';

const TOP_LEVEL_KEYS = [
  'signInOptions',
  'signInFlow',
  'signInSuccessUrl',
  'authorizedRedirectOrigins',
  'callbacks',
  'tosUrl',
  'privacyPolicyUrl',
  'credentialHelper',
  'autoUpgradeAnonymousUsers',
  'immediateFederatedRedirect',
  'popupMode',
  'widgetUrl',
  'queryParameterForWidgetMode',
  'queryParameterForSignInSuccessUrl',
  'siteName',
  'adminRestrictedOperation',
  'tenants',
  'displayMode',
] as const satisfies ReadonlyArray<keyof AuthUIConfig>;

const KEY_BY_LOWERCASE = new Map<string, keyof AuthUIConfig>(TOP_LEVEL_KEYS.map((k) => [k.toLowerCase(), k]));

/** reCAPTCHA parameters the widget owns (checklist §3.4). */
const RESERVED_RECAPTCHA_KEYS = ['sitekey', 'tabindex', 'callback', 'expired-callback'];

/** Where the widget runs, for the rules that depend on it. */
export interface ConfigEnvironment {
  /** The page URL (credentialHelper is forced to none off http(s); widgetUrl defaults to it). */
  href: string;
  /** Mobile browsers never open the widget in a popup. */
  isMobile: boolean;
}

/** The configuration after defaults, normalisation and validation. */
export interface ResolvedConfig {
  signInOptions: SignInOption[];
  signInFlow: SignInFlow;
  signInSuccessUrl?: string;
  /** Origins besides the page's own that a redirect taken from a URL may lead to (ADR 0053). */
  authorizedRedirectOrigins: string[];
  callbacks: Callbacks;
  tosUrl?: LinkTarget;
  privacyPolicyUrl?: LinkTarget;
  credentialHelper: CredentialHelper;
  autoUpgradeAnonymousUsers: boolean;
  immediateFederatedRedirect: boolean;
  popupMode: boolean;
  widgetUrl: string;
  queryParameterForWidgetMode: string;
  queryParameterForSignInSuccessUrl: string;
  siteName?: string;
  adminRestrictedOperation?: RestrictionConfig;
  tenants?: Record<string, TenantConfig>;
  displayMode: TenantDisplayMode;
  /** Server-side settings merged in (`GET /api/auth/identity/config`), when loaded. */
  server?: IdentityServerConfig;
}

type RawConfig = Record<string, unknown>;

/** Matches top-level keys case-insensitively; unknown keys only log (checklist §3.1, §11.12). */
function canonicalKeys(raw: RawConfig): Partial<AuthUIConfig> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(raw)) {
    const key = KEY_BY_LOWERCASE.get(name.toLowerCase());
    if (!key) {
      console.error(developerMessages.invalidConfig(name));
      continue;
    }
    out[key] = value;
  }
  return out as Partial<AuthUIConfig>;
}

/** Merges a config update over a previous one (`setConfig` merges, checklist §3.1). */
export function mergeConfig(base: AuthUIConfig, update: AuthUIConfig): AuthUIConfig {
  return { ...canonicalKeys(base as RawConfig), ...canonicalKeys(update as RawConfig) };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string entry becomes `{provider}`; entries without a truthy provider are dropped. */
export function normalizeSignInOptions(value: unknown): SignInOption[] {
  if (!Array.isArray(value)) return [];
  const options: SignInOption[] = [];
  for (const entry of value) {
    if (typeof entry === 'string' && entry) options.push({ provider: entry });
    else if (isPlainObject(entry) && typeof entry.provider === 'string' && entry.provider) {
      options.push(normalizeOption({ ...(entry as unknown as SignInOption) }));
    }
  }
  return options;
}

function normalizeOption(option: SignInOption): SignInOption {
  const id = option.provider;
  if (option.iconUrl) option.iconUrl = sanitizeUrl(option.iconUrl);
  if (option.scopes !== undefined && (!Array.isArray(option.scopes) || !supportsScopes(id))) delete option.scopes;
  if (option.customParameters !== undefined) {
    if (isPlainObject(option.customParameters)) {
      // The login hint is the widget's to set (checklist §3.4).
      const params = { ...option.customParameters };
      const hintKey = LOGIN_HINT_KEYS[id];
      if (hintKey) delete params[hintKey];
      option.customParameters = params;
    } else delete option.customParameters;
  }
  if (id === PHONE_PROVIDER) normalizePhoneOption(option as PhoneSignInOption);
  if (id === PASSWORD_PROVIDER) {
    const email = option as EmailSignInOption;
    if (email.disableSignUp !== undefined) {
      const disabled = normalizeRestriction(email.disableSignUp);
      if (disabled) email.disableSignUp = disabled;
      else delete email.disableSignUp;
    }
  }
  return option;
}

function normalizePhoneOption(option: PhoneSignInOption): void {
  const params = option.recaptchaParameters as unknown;
  if (params === undefined) return;
  if (!isPlainObject(params)) {
    delete option.recaptchaParameters;
    return;
  }
  const reserved = Object.keys(params).filter((k) => RESERVED_RECAPTCHA_KEYS.includes(k));
  if (reserved.length > 0) {
    console.warn(developerMessages.recaptchaKeysNotAllowed(reserved));
    option.recaptchaParameters = Object.fromEntries(Object.entries(params).filter(([k]) => !RESERVED_RECAPTCHA_KEYS.includes(k)));
  }
}

/** The phone country-list rules (checklist §3.5): throws on invalid lists. */
export function validatePhoneCountryLists(options: readonly SignInOption[]): void {
  const phone = options.find((o) => o.provider === PHONE_PROVIDER) as PhoneSignInOption | undefined;
  if (!phone) return;
  const white = phone.whitelistedCountries as unknown;
  const black = phone.blacklistedCountries as unknown;
  if (white !== undefined && black !== undefined) throw new Error(developerMessages.bothCountryLists);
  if (white !== undefined && (!Array.isArray(white) || white.length === 0)) throw new Error(developerMessages.whitelistNotArray);
  if (black !== undefined && !Array.isArray(black)) throw new Error(developerMessages.blacklistNotArray);
}

function normalizeRestriction(value: unknown): RestrictionConfig | undefined {
  if (!isPlainObject(value)) return undefined;
  return {
    status: Boolean(value.status),
    ...(typeof value.adminEmail === 'string' && { adminEmail: value.adminEmail }),
    // A non-string help link is ignored (checklist §3.2).
    ...(typeof value.helpLink === 'string' && { helpLink: value.helpLink }),
  };
}

/** What a tenant may override (checklist §3.6). */
const TENANT_KEYS = new Set([
  'displayName',
  'fullLabel',
  'iconUrl',
  'buttonColor',
  'signInOptions',
  'signInFlow',
  'immediateFederatedRedirect',
  'tosUrl',
  'privacyPolicyUrl',
]);

/** Keeps each tenant's allowed keys (others log, as top-level keys do) and normalises its options. */
function normalizeTenants(tenants: Record<string, unknown>): Record<string, TenantConfig> {
  const out: Record<string, TenantConfig> = {};
  for (const [tenantId, value] of Object.entries(tenants)) {
    if (!isPlainObject(value)) {
      console.error(developerMessages.invalidConfig(`tenants.${tenantId}`));
      continue;
    }
    const tenant: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) {
      if (TENANT_KEYS.has(key)) tenant[key] = field;
      else console.error(developerMessages.invalidConfig(`tenants.${tenantId}.${key}`));
    }
    if (tenant.signInOptions !== undefined) {
      tenant.signInOptions = normalizeSignInOptions(tenant.signInOptions);
      validatePhoneCountryLists(tenant.signInOptions as SignInOption[]);
    }
    if (typeof tenant.iconUrl === 'string') tenant.iconUrl = sanitizeUrl(tenant.iconUrl);
    out[tenantId] = tenant as TenantConfig;
  }
  return out;
}

function isHttpUrl(href: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(href).protocol);
  } catch {
    return false;
  }
}

function requireNonEmpty(name: string, value: unknown, fallback: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || value === '') throw new Error(developerMessages.required(name));
  return value;
}

function isLinkTarget(value: unknown): value is LinkTarget {
  return (typeof value === 'string' && value !== '') || typeof value === 'function';
}

/**
 * Applies defaults and validation (checklist §3, product §5): throws for invalid phone country
 * lists, empty query-parameter names and anonymous upgrade without `signInFailure`; logs unknown
 * keys (top level and per tenant), a lone ToS/privacy URL and the deprecated `signInSuccess`.
 */
export function resolveConfig(input: AuthUIConfig, env: ConfigEnvironment): ResolvedConfig {
  const raw = canonicalKeys(input as RawConfig);
  const signInOptions = normalizeSignInOptions(raw.signInOptions);
  validatePhoneCountryLists(signInOptions);

  const callbacks: Callbacks = isPlainObject(raw.callbacks) ? { ...(raw.callbacks as Callbacks) } : {};
  if (callbacks.signInSuccess) {
    console.warn(developerMessages.signInSuccessDeprecated);
    if (callbacks.signInSuccessWithAuthResult) console.warn(developerMessages.bothSuccessCallbacks);
  }
  const autoUpgradeAnonymousUsers = Boolean(raw.autoUpgradeAnonymousUsers);
  // Upstream only logged this (§11.11), then silently dropped the merge conflict; here it is required.
  if (autoUpgradeAnonymousUsers && !callbacks.signInFailure) throw new Error(developerMessages.missingSignInFailure);

  const tosUrl = isLinkTarget(raw.tosUrl) ? raw.tosUrl : undefined;
  const privacyPolicyUrl = isLinkTarget(raw.privacyPolicyUrl) ? raw.privacyPolicyUrl : undefined;
  if (tosUrl && !privacyPolicyUrl) console.warn(developerMessages.missingPrivacyPolicyUrl);
  if (privacyPolicyUrl && !tosUrl) console.warn(developerMessages.missingTosUrl);

  const signInFlow: SignInFlow = raw.signInFlow === 'popup' ? 'popup' : 'redirect';
  const credentialHelper: CredentialHelper = raw.credentialHelper === 'googleyolo' && isHttpUrl(env.href) ? 'googleyolo' : 'none';
  const adminRestrictedOperation = normalizeRestriction(raw.adminRestrictedOperation);

  return {
    signInOptions,
    signInFlow,
    authorizedRedirectOrigins: Array.isArray(raw.authorizedRedirectOrigins)
      ? raw.authorizedRedirectOrigins.filter((origin): origin is string => typeof origin === 'string')
      : [],
    callbacks,
    credentialHelper,
    autoUpgradeAnonymousUsers,
    immediateFederatedRedirect: Boolean(raw.immediateFederatedRedirect),
    displayMode: raw.displayMode === 'identifierFirst' ? 'identifierFirst' : 'optionFirst',
    popupMode: Boolean(raw.popupMode) && !env.isMobile,
    widgetUrl: typeof raw.widgetUrl === 'string' && raw.widgetUrl ? raw.widgetUrl : env.href,
    queryParameterForWidgetMode: requireNonEmpty('queryParameterForWidgetMode', raw.queryParameterForWidgetMode, 'mode'),
    queryParameterForSignInSuccessUrl: requireNonEmpty(
      'queryParameterForSignInSuccessUrl',
      raw.queryParameterForSignInSuccessUrl,
      'signInSuccessUrl',
    ),
    ...(typeof raw.signInSuccessUrl === 'string' && raw.signInSuccessUrl && { signInSuccessUrl: raw.signInSuccessUrl }),
    ...(tosUrl && { tosUrl }),
    ...(privacyPolicyUrl && { privacyPolicyUrl }),
    ...(typeof raw.siteName === 'string' && { siteName: raw.siteName }),
    ...(adminRestrictedOperation && { adminRestrictedOperation }),
    ...(isPlainObject(raw.tenants) && { tenants: normalizeTenants(raw.tenants) }),
  };
}

/**
 * Merges the server's settings (`GET /api/auth/identity/config`) under the widget's own: a server that
 * disables sign-up disables it for the e-mail provider and restricts admin operations, with its
 * admin contact, unless the configuration says otherwise; a server that requires a name forces
 * the name field.
 */
export function withServerConfig(config: ResolvedConfig, server: IdentityServerConfig): ResolvedConfig {
  const restriction = serverRestriction(server);
  return {
    ...config,
    signInOptions: applyServerToOptions(config.signInOptions, server),
    server,
    ...(server.signUpDisabled && !config.adminRestrictedOperation && { adminRestrictedOperation: restriction }),
  };
}

function serverRestriction(server: IdentityServerConfig): RestrictionConfig {
  return {
    status: true,
    ...(server.adminEmail && { adminEmail: server.adminEmail }),
    ...(server.helpLink && { helpLink: server.helpLink }),
  };
}

/** The server's sign-up rules on the e-mail option: sign-up disabled, name required. */
function applyServerToOptions(options: SignInOption[], server: IdentityServerConfig | undefined): SignInOption[] {
  if (!server) return options;
  return options.map((option) => {
    if (option.provider !== PASSWORD_PROVIDER) return option;
    const email = { ...(option as EmailSignInOption) };
    if (server.signUpDisabled && !email.disableSignUp) email.disableSignUp = serverRestriction(server);
    if (server.requireDisplayName.includes(PASSWORD_PROVIDER)) email.requireDisplayName = true;
    return email;
  });
}

/**
 * A tenant's configuration (checklist §3.6): the widget's, with the tenant's sign-in options,
 * flow, immediate redirect and ToS links. Options the tenant names only by id reuse the widget's
 * own entry for that provider (its label, colour, scopes); the server's sign-up rules apply again.
 */
export function configForTenant(base: ResolvedConfig, tenant: TenantConfig | undefined, serverOptions?: readonly string[]): ResolvedConfig {
  const fromServer = serverOptions ? optionsFromServer(serverOptions) : undefined;
  const options = (tenant?.signInOptions as SignInOption[] | undefined) ?? fromServer;
  const signInOptions = options
    ? options.map((option) => {
        const own = base.signInOptions.find((o) => o.provider === option.provider);
        return own && Object.keys(option).length === 1 ? own : option;
      })
    : base.signInOptions;
  return {
    ...base,
    signInOptions: applyServerToOptions(signInOptions, base.server),
    ...(tenant?.signInFlow && { signInFlow: tenant.signInFlow === 'popup' ? 'popup' : 'redirect' }),
    ...(tenant?.immediateFederatedRedirect !== undefined && { immediateFederatedRedirect: Boolean(tenant.immediateFederatedRedirect) }),
    ...(tenant?.tosUrl && { tosUrl: tenant.tosUrl }),
    ...(tenant?.privacyPolicyUrl && { privacyPolicyUrl: tenant.privacyPolicyUrl }),
  };
}

/**
 * A tenant's sign-in options as the server lists them (provider ids): `emailLink` is the e-mail
 * provider in e-mail-link mode (plain `password` wins when both are listed).
 */
export function optionsFromServer(ids: readonly string[]): SignInOption[] {
  const hasPassword = ids.includes(PASSWORD_PROVIDER);
  const options: SignInOption[] = [];
  for (const id of ids) {
    if (id === 'emailLink') {
      if (!hasPassword) options.push({ provider: PASSWORD_PROVIDER, signInMethod: 'emailLink' } as EmailSignInOption);
    } else if (!options.some((o) => o.provider === id)) options.push({ provider: id });
  }
  return options;
}

// ---- Readers the flows use ----------------------------------------------------------------

export const providerIds = (config: ResolvedConfig): string[] => config.signInOptions.map((o) => o.provider);

export function getProviderOption(config: ResolvedConfig, providerId: string): SignInOption | undefined {
  return config.signInOptions.find((o) => o.provider === providerId);
}

export function getEmailOption(config: ResolvedConfig): EmailSignInOption | undefined {
  return getProviderOption(config, PASSWORD_PROVIDER) as EmailSignInOption | undefined;
}

export function getPhoneOption(config: ResolvedConfig): PhoneSignInOption | undefined {
  return getProviderOption(config, PHONE_PROVIDER) as PhoneSignInOption | undefined;
}

/** The only provider, when there is exactly one. */
export function soleProvider(config: ResolvedConfig): string | undefined {
  return config.signInOptions.length === 1 ? config.signInOptions[0]?.provider : undefined;
}

export const isEmailLinkMode = (config: ResolvedConfig): boolean => getEmailOption(config)?.signInMethod === 'emailLink';

export const requireDisplayName = (config: ResolvedConfig): boolean => getEmailOption(config)?.requireDisplayName !== false;

/** ToS and privacy links render only when both are configured (checklist §1). */
export const hasTosAndPrivacy = (config: ResolvedConfig): boolean => Boolean(config.tosUrl && config.privacyPolicyUrl);

/**
 * One federated provider, redirect flow, `immediateFederatedRedirect` on (checklist §3.2).
 * Upstream also counted a lone `anonymous` as federated and "redirected" to it (§11.9); here a
 * guest-only widget shows its button instead.
 */
export function isImmediateFederatedRedirect(config: ResolvedConfig): boolean {
  const sole = soleProvider(config);
  return config.immediateFederatedRedirect && sole !== undefined && isIdentityProvider(sole) && config.signInFlow === 'redirect';
}

/** `adminRestrictedOperation` counts as configured when its status is truthy. */
export const isAdminRestrictedConfigured = (config: ResolvedConfig): boolean => Boolean(config.adminRestrictedOperation?.status);

/** The e-mail provider's `disableSignUp`, when set. */
export function signUpDisabled(config: ResolvedConfig): RestrictionConfig | undefined {
  const disabled = getEmailOption(config)?.disableSignUp;
  return disabled?.status ? disabled : undefined;
}

/**
 * Admin contact and help link of the unauthorized-user page (checklist §5.11): the e-mail
 * provider's `disableSignUp` first, else `adminRestrictedOperation`.
 */
export function adminContact(config: ResolvedConfig, providerId: string | null): { adminEmail?: string; helpLink?: string } {
  const source = (providerId === PASSWORD_PROVIDER ? signUpDisabled(config) : undefined) ?? config.adminRestrictedOperation;
  return {
    ...(source?.adminEmail && { adminEmail: source.adminEmail }),
    ...(source?.helpLink && { helpLink: source.helpLink }),
  };
}
