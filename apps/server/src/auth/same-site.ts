import { createAuthMiddleware } from 'better-auth/api';
import { AppError } from '../errors.js';
import { toAPIError } from './plugin-kit.js';
import { assertSameOriginHeaders } from './same-origin.js';

/**
 * Cookie-bearing calls must come from the app's own origin (CSRF), the rule the identity routes
 * follow (same-origin.ts). Better Auth has its own origin check but skips it under test; this one
 * holds everywhere, so the tests prove the rule the widget's endpoints keep.
 */
export function sameSiteOnly(appUrl: string) {
  return createAuthMiddleware(async (ctx) => {
    try {
      assertSameOriginHeaders(ctx.request?.method ?? 'POST', ctx.request?.headers ?? ctx.headers, appUrl);
    } catch (err) {
      throw err instanceof AppError ? toAPIError(err) : err;
    }
  });
}
