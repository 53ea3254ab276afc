import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors.js';
import type { SessionUser } from '../plugins/auth-session.js';
import { requireUser } from './session.js';

/**
 * Administrators are the addresses in ADMIN_EMAILS, compared exactly: product §6 says
 * case-sensitively, so "Admin@x.org" in the list does not make "admin@x.org" an admin.
 */
export function isAdmin(email: string, adminEmails: readonly string[]): boolean {
  return adminEmails.includes(email);
}

export async function requireAdmin(req: FastifyRequest, adminEmails: readonly string[]): Promise<SessionUser> {
  const user = await requireUser(req);
  if (!isAdmin(user.email, adminEmails)) throw forbidden('Only administrators can do that.');
  return user;
}
