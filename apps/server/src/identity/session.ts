import { isAPIError } from 'better-auth/api';
import type { Auth } from '../auth/auth.js';
import { CLIENT_IP_HEADER } from '../auth/auth.js';
import { identityError } from './errors.js';

/** The refusals of Better Auth's session hooks (auth.ts), in the identity API's vocabulary. */
function translateRefusal(err: unknown): never {
  if (isAPIError(err)) {
    const body = err.body as { code?: string; details?: Record<string, unknown> } | undefined;
    if (body?.code === 'BANNED_USER') throw identityError('user-disabled');
    if (body?.code === 'multi-factor-auth-required') throw identityError('multi-factor-auth-required', { details: body.details });
  }
  throw err;
}

/**
 * Starts a Better Auth session for a user the identity API has just authenticated, through our
 * server-only plugin endpoint (auth/identity-sessions.ts), and returns its Set-Cookie values: the
 * cookie Better Auth's own endpoints set, so the modal and the widget share one session. An
 * account with a second factor is answered `multi-factor-auth-required` (auth/second-factor-gate.ts).
 */
export async function issueSessionCookie(auth: Auth, userId: string, client: { ip: string; userAgent?: string }): Promise<string[]> {
  const headers = new Headers({ [CLIENT_IP_HEADER]: client.ip, ...(client.userAgent && { 'user-agent': client.userAgent }) });
  try {
    const result = await auth.api.startIdentitySession({
      body: { userId },
      headers,
      returnHeaders: true,
    });
    return result.headers.getSetCookie();
  } catch (err) {
    translateRefusal(err);
  }
}

/** Ends every session of a user (a disabled account, a reverted e-mail change). */
export async function revokeSessions(auth: Auth, userId: string): Promise<void> {
  await auth.api.revokeIdentitySessions({ body: { userId } });
}
