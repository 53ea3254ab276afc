import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../../errors.js';
import { tenantOfUser } from '../../identity/users.js';
import type { RouteDeps } from '../types.js';

/** The account-action services' view of a request (the account routes' re-authentication). */
export const actionContext = (req: FastifyRequest, deps: RouteDeps) => ({
  db: deps.db,
  passwords: { verify: async (input: { hash: string; password: string }) => (await req.server.auth.$context).password.verify(input) },
  settings: deps.identity.actions,
  now: deps.now(),
});

/**
 * The signed-in user with the age of the session (for requires-recent-login), or a 401. The
 * session lookup is Better Auth's own, the same one `requireUser` makes. `email` is the address
 * mail goes to: a tenant account's real one (ADR 0009), not its `users.email` placeholder.
 */
export async function signedInSession(req: FastifyRequest, deps: RouteDeps) {
  const found = await req.server.auth.api.getSession({ headers: fromNodeHeaders(req.headers) });
  if (!found) throw unauthenticated();
  const { user, session } = found;
  const tenant = await tenantOfUser(deps.db, user.id);
  return {
    user: {
      id: user.id,
      email: tenant?.contactEmail ?? user.email,
      tenantId: tenant?.tenantId ?? null,
      name: user.name,
      emailVerified: user.emailVerified,
      isAnonymous: user.isAnonymous === true,
    },
    sessionCreatedAt: new Date(session.createdAt),
  };
}
