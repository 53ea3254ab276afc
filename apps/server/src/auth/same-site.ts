import { APIError, createAuthMiddleware } from 'better-auth/api';

/**
 * Cookie-bearing calls must come from the app's own origin (CSRF), the rule the identity routes
 * follow (routes/identity/kit.ts). Better Auth has its own origin check but skips it under test;
 * this one holds everywhere, so the tests prove the rule the widget's endpoints keep.
 */
export function sameSiteOnly(appUrl: string) {
  const own = new URL(appUrl).origin;
  return createAuthMiddleware(async (ctx) => {
    const headers = ctx.request?.headers ?? ctx.headers;
    if (!headers?.get('cookie')) return;
    const origin = URL.parse(headers.get('origin') ?? headers.get('referer') ?? '')?.origin;
    if (origin !== own) throw new APIError('FORBIDDEN', { code: 'permission-denied', message: 'Cross-site request refused.' });
  });
}
