import type { FastifyRequest } from 'fastify';
import { assertSameOriginCall } from '../auth/same-origin.js';
import type { RouteDeps } from './types.js';

/**
 * A call that changes an account must come from our own origin: requests carrying cookies without
 * our Origin are refused (CSRF), as Better Auth does for /api/auth.
 */
export function assertSameOrigin(req: FastifyRequest, deps: RouteDeps) {
  const { cookie, origin, referer } = req.headers;
  assertSameOriginCall({ method: req.method, cookie, origin, referer }, deps.identity.appUrl);
}
