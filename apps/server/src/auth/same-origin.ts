import { createAuthMiddleware } from 'better-auth/api';
import { forbidden } from '../errors.js';
import { inAuthErrors } from './plugin-kit.js';

/**
 * Calls that change who is signed in must come from our own pages (CSRF): a request that carries
 * cookies but neither an Origin nor a Referer of the app's origin is refused. GET requests and
 * cookieless ones pass, and so does a browser's own `Sec-Fetch-Site: same-origin` (pages cannot
 * set it): a same-origin GET carries no Origin, and our pages send no Referer (Referrer-Policy: no-referrer).
 */
export function assertSameOriginHeaders(method: string, headers: Headers | undefined, appUrl: string): void {
  if (method === 'GET' || !headers?.get('cookie') || headers.get('sec-fetch-site') === 'same-origin') return;
  const origin = URL.parse(headers.get('origin') ?? headers.get('referer') ?? '')?.origin;
  if (origin !== new URL(appUrl).origin) throw forbidden('Cross-site request refused.');
}

/** The rule as a hook of our plugins: Better Auth skips its own origin check under test, this one holds everywhere. */
export const sameSiteOnly = (appUrl: string) =>
  createAuthMiddleware(async (ctx) =>
    inAuthErrors(() => assertSameOriginHeaders(ctx.request?.method ?? 'POST', ctx.request?.headers ?? ctx.headers, appUrl)),
  );
