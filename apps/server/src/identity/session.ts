import { serializeSignedCookie } from 'better-call';
import type { Auth } from '../auth/auth.js';
import { AppError } from '../errors.js';
import { identityError } from './errors.js';

/**
 * Starts a Better Auth session for a user the identity API has just authenticated, and returns
 * the signed Set-Cookie value. It is the same cookie Better Auth's own endpoints set, so the
 * app's modal and the sign-in widget share one session (issue: "one session").
 */
export async function issueSessionCookie(auth: Auth, userId: string, client: { ip: string; userAgent?: string }): Promise<string> {
  const ctx = await auth.$context;
  let session;
  try {
    session = await ctx.internalAdapter.createSession(userId, false, { ipAddress: client.ip, userAgent: client.userAgent ?? '' });
  } catch (err) {
    // The disabled-account hook in auth.ts refuses the session; say so in our vocabulary.
    if (err instanceof Error && 'body' in err && (err as { body?: { code?: string } }).body?.code === 'USER_DISABLED') {
      throw identityError('user-disabled');
    }
    throw err;
  }
  if (!session) throw new AppError(500, 'internal', 'Could not start a session.');
  const cookie = ctx.authCookies.sessionToken;
  return serializeSignedCookie(cookie.name, session.token, ctx.secret, {
    ...cookie.attributes,
    maxAge: ctx.sessionConfig.expiresIn,
  });
}

/** Ends every session of a user (a disabled account, a reverted e-mail change). */
export async function revokeSessions(auth: Auth, userId: string): Promise<void> {
  const ctx = await auth.$context;
  await ctx.internalAdapter.deleteUserSessions(userId);
}
