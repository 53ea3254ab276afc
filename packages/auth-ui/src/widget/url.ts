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

/**
 * Characters a browser strips or folds while parsing a URL (controls, tabs, newlines, spaces) or
 * reads as a slash (a backslash): with one inside, the URL we check is not the one the browser
 * would follow, so it is refused outright.
 */
// eslint-disable-next-line no-control-regex -- the control characters are exactly what is refused
const MISPARSED_CHARACTERS = /[\u0000-\u0020\u007f\\]/;

/**
 * The redirect rule (ADR 0053) for every URL the widget follows that came from a URL
 * (`signInSuccessUrl`, `continueUrl`): an http(s) URL on the page's own origin (a path such as
 * `/trails/x`, or a full URL) or on one of `authorizedOrigins` (the configuration's
 * `authorizedRedirectOrigins`, as Firebase's authorized domains), without credentials. Anything
 * else (`http://evil.example/x`, `//evil.example/x`, `/\evil.example/y`, `javascript:`, `data:`)
 * is null: the caller goes to its default page. The URL is returned as given, since the browser
 * resolves it against the same page exactly as it was checked here.
 */
export function followableRedirect(url: string, pageHref: string, authorizedOrigins: readonly string[] = []): string | null {
  if (!url || MISPARSED_CHARACTERS.test(url)) return null;
  let target: URL;
  let page: URL;
  try {
    page = new URL(pageHref);
    target = new URL(url, page);
  } catch {
    return null;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return null;
  if (target.username || target.password) return null;
  const allowed = target.origin === page.origin || authorizedOrigins.some((origin) => originOf(origin) === target.origin);
  return allowed ? url : null;
}

/** `url` if the widget may follow it from this page under its configuration, else null. */
export function redirectFromUrl(
  app: { env: { href(): string }; config: { authorizedRedirectOrigins: readonly string[] } },
  url: string | null | undefined,
): string | null {
  return url ? followableRedirect(url, app.env.href(), app.config.authorizedRedirectOrigins) : null;
}

/** The origin of a configured entry (`https://partner.example` or with a path), or null. */
function originOf(entry: string): string | null {
  try {
    const origin = new URL(entry).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
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
