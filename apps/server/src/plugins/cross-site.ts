import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { ERROR_MESSAGES } from '@trailbuddy/shared/contracts/error-codes';

/** Methods that change nothing (RFC 9110 safe methods): never refused by the rule. */
const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the rule applies to a method: every one but the safe ones. */
export const changesState = (method: string) => !SAFE_METHODS.has(method.toUpperCase());

/** Better Auth's endpoints keep its own origin check (trustedOrigins), and SAML and OAuth form posts arrive cross-site by design. */
export const OWN_CHECK_ROUTES: readonly string[] = ['/api/auth/*'];

/** The request headers the rule reads, as Node gives them (lower-case names). */
export interface CrossSiteHeaders {
  origin?: string | string[];
  referer?: string | string[];
  'sec-fetch-site'?: string | string[];
}

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(',') : value);

/**
 * The one cross-site rule (ADR 0052): may a request with these headers change state here?
 *
 * - A safe method always may.
 * - A browser's `Sec-Fetch-Site: same-origin` (no page can set or forge it) may, whatever the
 *   Origin: under `Referrer-Policy: no-referrer` (ours) browsers send `Origin: null` on a form
 *   POST from our own page.
 * - A browser's `Sec-Fetch-Site: cross-site` is refused whatever the Origin says.
 * - An `Origin` must be ours or a trusted one; `null` (sandboxed frames, data: URLs) and anything
 *   garbled are not. Without an Origin, a `Referer` stands in for it (browsers too old to send
 *   Origin on a POST).
 * - `Sec-Fetch-Site: same-site` (another port or subdomain of our site: it carries our
 *   SameSite=Lax cookie) passes only with an Origin of ours or a trusted one: the page on the
 *   other port is not us.
 * - Neither header: not a browser acting on a page's behalf (an API client, a mail provider's
 *   RFC 8058 one-click unsubscribe POST), so there is no visitor to forge a request for.
 *
 * Returns null when the request may proceed, else why not (for the log; the answer is one text).
 */
export function crossSiteRefusal(method: string, headers: CrossSiteHeaders, allowedOrigins: ReadonlySet<string>): string | null {
  if (!changesState(method)) return null;
  const fetchSite = single(headers['sec-fetch-site'])?.trim().toLowerCase();
  const origin = single(headers.origin);
  const referer = single(headers.referer);
  if (fetchSite === 'same-origin') return null;
  if (fetchSite === 'cross-site') return 'the browser marked it cross-site';
  const claimed = origin ?? (referer === undefined ? undefined : (URL.parse(referer)?.origin ?? 'garbled'));
  if (claimed !== undefined && !allowedOrigins.has(claimed)) return `origin ${JSON.stringify(claimed)} is not ours`;
  if (fetchSite === 'same-site' && claimed === undefined) return 'the browser marked it same-site, without an origin';
  return null;
}

/**
 * Applies the rule to every route before its body is read (onRequest runs before any parser),
 * JSON, form and multipart alike, and to unknown routes too. A refusal is the standard error
 * shape with the `cross-site-request` code.
 */
async function crossSite(app: FastifyInstance, opts: { appUrl: string; trustedOrigins: readonly string[] }) {
  const allowed = new Set([new URL(opts.appUrl).origin, ...opts.trustedOrigins]);
  app.addHook('onRequest', async (req) => {
    if (OWN_CHECK_ROUTES.includes(req.routeOptions.url ?? '')) return;
    const refusal = crossSiteRefusal(req.method, req.headers, allowed);
    if (refusal === null) return;
    req.log.info({ refusal }, 'cross-site state change refused');
    throw new AppError(403, 'cross-site-request', ERROR_MESSAGES['cross-site-request']);
  });
}

export const crossSitePlugin = fp(crossSite, { name: 'cross-site', dependencies: ['errors'], fastify: '5.x' });
