/** URL helpers of the dispatcher (checklist §2). */

/** What an unsafe URL becomes (Closure's SafeUrl.INNOCUOUS_STRING, as FirebaseUI). */
export const INNOCUOUS_URL = 'about:invalid#zClosurez';

/**
 * Keeps http(s), mailto, ftp and relative URLs; anything else (`javascript:`, `data:` …) becomes
 * an inert URL, so a `signInSuccessUrl` from the query string can never run script.
 */
export function sanitizeUrl(url: string): string {
  const trimmed = url.trim();
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(trimmed)?.[1];
  if (scheme === undefined) return trimmed;
  return ['http', 'https', 'mailto', 'ftp'].includes(scheme.toLowerCase()) ? trimmed : INNOCUOUS_URL;
}

function parse(url: string): URL | undefined {
  try {
    return new URL(url, 'http://localhost/');
  } catch {
    return undefined;
  }
}

/** A query parameter of `url`, or null. */
export function getUrlParam(url: string, name: string): string | null {
  return parse(url)?.searchParams.get(name) ?? null;
}

/** The eight widget modes (checklist §2). */
export const WIDGET_MODES = [
  'callback',
  'select',
  'signIn',
  'resetPassword',
  'recoverEmail',
  'verifyEmail',
  'verifyAndChangeEmail',
  'revertSecondFactorAddition',
] as const;
export type WidgetMode = (typeof WIDGET_MODES)[number];

/** The mode of `url`, matched case-insensitively; missing or unknown → `callback`. */
export function getWidgetMode(url: string, paramName = 'mode'): WidgetMode {
  const value = getUrlParam(url, paramName)?.toLowerCase();
  return WIDGET_MODES.find((m) => m.toLowerCase() === value) ?? 'callback';
}

/** The e-mail-link parameters removed from the address bar after dispatch (checklist §2). */
export const EMAIL_LINK_PARAMS = ['ui_auid', 'apiKey', 'ui_sd', 'mode', 'oobCode', 'ui_pid', 'ui_sid', 'tenantId'];

/** `url` without the e-mail-link parameters; other parameters (lang, continueUrl) stay. */
export function removeEmailLinkParams(url: string): string {
  const parsed = parse(url);
  if (!parsed) return url;
  for (const name of EMAIL_LINK_PARAMS) parsed.searchParams.delete(name);
  return parsed.toString();
}
