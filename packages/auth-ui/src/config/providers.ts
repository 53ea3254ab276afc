import { format, strings } from '../strings';
import { ANONYMOUS_PROVIDER, EMAIL_LINK_METHOD, PASSWORD_PROVIDER, PHONE_PROVIDER, type SignInOption } from './types';

/** Default provider names (checklist §1.9). */
export const DEFAULT_PROVIDER_NAMES: Readonly<Record<string, string>> = {
  'google.com': 'Google',
  'github.com': 'GitHub',
  'facebook.com': 'Facebook',
  'twitter.com': 'Twitter',
  password: 'Password',
  phone: 'Phone',
  anonymous: 'Guest',
  'microsoft.com': 'Microsoft',
  'yahoo.com': 'Yahoo',
  'apple.com': 'Apple',
};

/** Default button colours (checklist §1.9); unknown ids use the password colour. */
export const DEFAULT_PROVIDER_COLORS: Readonly<Record<string, string>> = {
  'google.com': '#ffffff',
  'github.com': '#333333',
  'facebook.com': '#3b5998',
  'twitter.com': '#55acee',
  password: '#db4437',
  phone: '#02bd7e',
  anonymous: '#f4b400',
  'microsoft.com': '#2F2F2F',
  'yahoo.com': '#720E9E',
  'apple.com': '#000000',
};
const SAML_OIDC_COLOR = '#007bff';

/** Providers whose OAuth request accepts extra scopes. */
const SCOPED_PROVIDERS = new Set(['google.com', 'facebook.com', 'github.com', 'microsoft.com', 'yahoo.com', 'apple.com']);

/** Query key of the login hint: Google and GitHub have their own, others configure `loginHintKey`. */
export const LOGIN_HINT_KEYS: Readonly<Record<string, string>> = { 'google.com': 'login_hint', 'github.com': 'login' };

export const isSaml = (providerId: string) => providerId.startsWith('saml.');
export const isOidc = (providerId: string) => providerId.startsWith('oidc.');

/** "Federated" in the sense of `immediateFederatedRedirect`: anything but password, phone, emailLink (anonymous included, upstream quirk §11.9). */
export function isFederatedForRedirect(providerId: string): boolean {
  return providerId !== PASSWORD_PROVIDER && providerId !== PHONE_PROVIDER && providerId !== EMAIL_LINK_METHOD;
}

/** A real identity provider a user signs in with through the server's federated endpoints. */
export function isIdentityProvider(providerId: string): boolean {
  return isFederatedForRedirect(providerId) && providerId !== ANONYMOUS_PROVIDER;
}

export function supportsScopes(providerId: string): boolean {
  return SCOPED_PROVIDERS.has(providerId) || isOidc(providerId);
}

/** The IdP's display name: `providerName`, the default table, the text after `saml.`/`oidc.`, the raw id. */
export function resolveProviderName(providerId: string, option?: Pick<SignInOption, 'providerName'>): string {
  if (option?.providerName) return option.providerName;
  const known = DEFAULT_PROVIDER_NAMES[providerId];
  if (known) return known;
  if (isSaml(providerId) || isOidc(providerId)) return providerId.slice(5);
  return providerId;
}

export function resolveButtonColor(providerId: string, option?: Pick<SignInOption, 'buttonColor'>): string {
  if (option?.buttonColor) return option.buttonColor;
  if (isSaml(providerId) || isOidc(providerId)) return SAML_OIDC_COLOR;
  return DEFAULT_PROVIDER_COLORS[providerId] ?? DEFAULT_PROVIDER_COLORS.password!;
}

/** The kind of built-in icon a button shows when no `iconUrl` is configured. */
export type ProviderIconKind = 'mail' | 'phone' | 'anonymous' | 'saml' | 'oidc' | 'brand';

export function resolveIconKind(providerId: string): ProviderIconKind {
  if (providerId === PASSWORD_PROVIDER) return 'mail';
  if (providerId === PHONE_PROVIDER) return 'phone';
  if (providerId === ANONYMOUS_PROVIDER) return 'anonymous';
  if (isSaml(providerId)) return 'saml';
  if (isOidc(providerId)) return 'oidc';
  return DEFAULT_PROVIDER_NAMES[providerId] ? 'brand' : 'mail';
}

/** What a provider button shows (checklist §1.9). */
export interface ProviderButtonModel {
  providerId: string;
  longLabel: string;
  shortLabel: string;
  color: string;
  iconUrl?: string;
  iconKind: ProviderIconKind;
  /** Text colour that stays readable on `color`. */
  textColor: string;
}

const WHITE = '#ffffff';
const GREY_INK = '#3c4043';
const BLACK = '#000000';
/** WCAG AA for the button labels (14 px, medium weight). */
const MIN_CONTRAST = 4.5;

/** WCAG relative luminance of a #rgb / #rrggbb colour (null for anything else). */
function relativeLuminance(color: string): number | null {
  const hex = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The label colour for a button background: white like the original where it is readable, else
 * Google's grey ink, else black. The original puts white on the password red and the phone green,
 * which fails WCAG AA; the backgrounds stay the checklist's, the label adapts.
 */
export function readableTextColor(background: string): string {
  const bg = relativeLuminance(background);
  if (bg === null) return WHITE;
  for (const ink of [WHITE, GREY_INK]) if (contrast(bg, relativeLuminance(ink)!) >= MIN_CONTRAST) return ink;
  return BLACK;
}

/** The labels, colour and icon of one provider button. */
export function providerButton(option: SignInOption): ProviderButtonModel {
  const id = option.provider;
  let longLabel: string;
  let shortLabel: string;
  if (id === PASSWORD_PROVIDER) {
    longLabel =
      option.fullLabel ??
      (option.providerName ? format(strings.signInWithProvider, { providerName: option.providerName }) : strings.signInWithEmail);
    shortLabel = option.providerName ?? strings.emailShort;
  } else if (id === PHONE_PROVIDER) {
    longLabel =
      option.fullLabel ??
      (option.providerName ? format(strings.signInWithProvider, { providerName: option.providerName }) : strings.signInWithPhone);
    shortLabel = option.providerName ?? strings.phoneShort;
  } else if (id === ANONYMOUS_PROVIDER) {
    longLabel =
      option.fullLabel ??
      (option.providerName ? format(strings.signInWithProvider, { providerName: option.providerName }) : strings.continueAsGuest);
    shortLabel = option.providerName ?? strings.guestShort;
  } else {
    const name = resolveProviderName(id, option);
    longLabel = option.fullLabel ?? format(strings.signInWithProvider, { providerName: name });
    shortLabel = name;
  }
  const color = resolveButtonColor(id, option);
  return {
    providerId: id,
    longLabel,
    shortLabel,
    color,
    textColor: readableTextColor(color),
    iconKind: resolveIconKind(id),
    ...(option.iconUrl && { iconUrl: option.iconUrl }),
  };
}
