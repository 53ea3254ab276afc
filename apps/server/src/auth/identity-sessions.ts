import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, getIP } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { z } from 'zod';

/**
 * Better Auth plugin: sessions for sign-ins the identity API has checked itself (e-mail links,
 * phone codes, guests, federated providers, the widget's password sign-in).
 * Both endpoints are server-only (no HTTP route): the identity routes call them through
 * `auth.api`, so the session row and its signed cookie are Better Auth's own, made by its
 * documented plugin helpers, and every session still passes the `session.create` hooks (the
 * disabled-account rule, the second-factor gate).
 */
export function identitySessions() {
  return {
    id: 'trailbuddy-identity-sessions',
    endpoints: {
      startIdentitySession: createAuthEndpoint(
        '/identity/start-session',
        {
          method: 'POST',
          body: z.object({ userId: z.string() }),
          metadata: { SERVER_ONLY: true },
        },
        async (ctx) => {
          const user = await ctx.context.internalAdapter.findUserById(ctx.body.userId);
          if (!user) throw new APIError('NOT_FOUND', { message: 'User not found.' });
          const session = await ctx.context.internalAdapter.createSession(user.id, false, {
            ipAddress: ctx.headers ? (getIP(ctx.headers, ctx.context.options) ?? '') : '',
            userAgent: ctx.headers?.get('user-agent') ?? '',
          });
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ userId: user.id });
        },
      ),
      revokeIdentitySessions: createAuthEndpoint(
        '/identity/revoke-sessions',
        { method: 'POST', body: z.object({ userId: z.string() }), metadata: { SERVER_ONLY: true } },
        async (ctx) => {
          await ctx.context.internalAdapter.deleteUserSessions(ctx.body.userId);
          return ctx.json({ ok: true });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
