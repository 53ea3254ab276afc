import { createAuthMiddleware } from 'better-auth/api';
import { forbidden } from '../errors.js';
import { inAuthErrors } from './plugin-kit.js';

/**
 * Calls that change who is signed in must come from our own pages (CSRF): a request that carries
 * cookies but neither an Origin nor a Referer of the app's origin is refused, on the identity API's
 * routes and on our Better Auth endpoints alike. GET requests and cookieless ones pass.
 */
export function assertSameOriginCall(
  request: { method: string; cookie?: string | null; origin?: string | null; referer?: string | null },
  appUrl: string,
): void {
  if (request.method === 'GET' || !request.cookie) return;
  const origin = URL.parse(request.origin ?? request.referer ?? '')?.origin;
  if (origin !== new URL(appUrl).origin) throw forbidden('Cross-site request refused.');
}

/**
 * The same rule for a Better Auth endpoint's request headers. A browser's own `Sec-Fetch-Site:
 * same-origin` (pages cannot set it) also passes: a same-origin GET carries no Origin, and our
 * pages send no Referer (Referrer-Policy: no-referrer).
 */
export function assertSameOriginHeaders(method: string, headers: Headers | undefined, appUrl: string): void {
  if (headers?.get('sec-fetch-site') === 'same-origin') return;
  const [cookie, origin, referer] = ['cookie', 'origin', 'referer'].map((name) => headers?.get(name));
  assertSameOriginCall({ method, cookie, origin, referer }, appUrl);
}

/** The rule as a hook of our plugins: Better Auth skips its own origin check under test, this one holds everywhere. */
export const sameSiteOnly = (appUrl: string) =>
  createAuthMiddleware(async (ctx) =>
    inAuthErrors(() => assertSameOriginHeaders(ctx.request?.method ?? 'POST', ctx.request?.headers ?? ctx.headers, appUrl)),
  );
