import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../errors.js';
import type { SessionUser } from '../plugins/auth-session.js';

/** The signed-in user, or a 401: every route that needs an account starts here. */
export async function requireUser(req: FastifyRequest): Promise<SessionUser> {
  const user = await req.sessionUser();
  if (!user) throw unauthenticated();
  return user;
}
