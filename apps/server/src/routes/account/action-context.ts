import type { FastifyRequest } from 'fastify';
import { withMailbox } from '../../auth/users.js';
import { requireUser } from '../../policies/session.js';
import type { RouteDeps } from '../types.js';

/** The account-action services' view of a request (the account routes' re-authentication). */
export const actionContext = (req: FastifyRequest, deps: RouteDeps) => ({
  db: deps.db,
  passwords: { verify: async (input: { hash: string; password: string }) => (await req.server.auth.$context).password.verify(input) },
  settings: deps.identity.actions,
  now: deps.now(),
});

/**
 * The signed-in user with the age of the session (for requires-recent-login), or a 401: the one
 * session lookup of the request (`req.sessionUser`). `email` is the address mail goes to: a tenant
 * account's real one (ADR 0009), not its `users.email` placeholder.
 */
export async function signedInSession(req: FastifyRequest, deps: RouteDeps) {
  const { sessionCreatedAt, ...user } = await requireUser(req);
  return { user: await withMailbox(deps.db, user), sessionCreatedAt };
}
