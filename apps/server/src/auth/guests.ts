import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { createAuthEndpoint, createAuthMiddleware, getSessionFromCtx, sessionMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { anonymous } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { identityError } from '../identity/errors.js';
import type { RateLimitRule } from '../identity/rate-limit.js';
import { assertTenantAllows, resolveTenant, type TenantSettings } from '../identity/tenants.js';
import { contactEmailOf, presentIdentityUser } from '../identity/users.js';
import { completeMerge, mergeConflict } from './guest-merge.js';
import { inAuthErrors, toAPIError } from './plugin-kit.js';
import { assertSameOriginHeaders } from './same-origin.js';

export interface GuestOptions {
  db: Db;
  appUrl: string;
  tenants: TenantSettings;
  now: () => Date;
}

const SIGN_IN_ANONYMOUS = '/sign-in/anonymous';

/** The widget's provider id of the credential a Better Auth path proves, for the merge conflict's details. */
const PROVIDER_OF_PATH: Record<string, string> = {
  '/magic-link/verify': 'emailLink',
  '/sign-in/email': 'password',
  '/sign-up/email': 'password',
  '/phone-number/verify': 'phone',
};

interface TenantUser {
  id: string;
  isAnonymous?: boolean | null;
  tenantId?: string | null;
}

/**
 * Paths whose sessions are not a guest signing in elsewhere: the merge itself, the identity API's
 * own sessions, and the federated callbacks (OAuth, SAML), whose account resolution (federated-sign-in.ts)
 * decides upgrade, merge conflict or a separate sign-in from the widget's `upgradeAnonymous`.
 */
const NOT_A_GUEST_SIGN_IN = new Set(['/identity/merge', '/identity/start-session', '/callback/:id', '/federated/:providerId/callback']);

/**
 * FirebaseUI's `merge-conflict` (checklist §5.9) at Better Auth's session chokepoint
 * (`session.create.before`): a guest who proves the credential of ANOTHER account of its tenant
 * gets no session for it, whatever path proved it; the guest stays signed in and finishes with
 * `/identity/merge`. Upgrading in place (the guest's own id), another guest, or an account of
 * another tenant (a plain sign-in, ADR 0009) pass. The anonymous plugin's `onLinkAccount` runs
 * only after the new session's cookie is set, too late to refuse without undoing it.
 */
async function refuseAsMergeConflict(db: Db, now: Date, userId: string, ctx: GenericEndpointContext | null) {
  // A sign-up makes a new account, never another one's: no conflict (the widget's upgrades it in place).
  if (!ctx || NOT_A_GUEST_SIGN_IN.has(ctx.path ?? '') || ctx.path?.startsWith('/sign-up/')) return;
  const current = await getSessionFromCtx<TenantUser>(ctx, { disableRefresh: true });
  if (!current?.user.isAnonymous || current.user.id === userId) return;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.isAnonymous || user.tenantId !== (current.user.tenantId ?? null)) return;
  const conflict = await mergeConflict(
    db,
    {
      anonymousUserId: current.user.id,
      existingUserId: userId,
      providerId: PROVIDER_OF_PATH[ctx.path ?? ''] ?? ctx.path ?? '',
      email: contactEmailOf(user),
      phoneNumber: user.phoneNumber,
    },
    now,
  );
  throw toAPIError(conflict);
}

const tenantIdOf = (body: unknown) => {
  const value = (body as { tenantId?: unknown } | undefined)?.tenantId;
  return typeof value === 'string' ? value : undefined;
};

/**
 * Our side of guests (checklist §5.2, §5.9): the guest belongs to the tenant the request names
 * (which must offer `anonymous`), a guest of that tenant already signed in is kept (no new
 * session), the answer is the widget's identity user, and `/identity/merge` finishes a merge
 * conflict: the guest's favourites move to the existing account, the guest is deleted and the
 * browser is signed in to the account by a session Better Auth creates (its session hooks apply).
 */
function guestFlows({ db, appUrl, tenants, now }: GuestOptions) {
  const matcher = (ctx: { path?: string }) => ctx.path === SIGN_IN_ANONYMOUS;
  return {
    id: 'trailbuddy-guests',
    schema: { user: { fields: { tenantId: { type: 'string', required: false, input: false } } } },
    init: () => ({
      options: {
        databaseHooks: {
          user: {
            create: {
              // A guest has no name (FirebaseUI's displayName null) and belongs to the request's tenant.
              before: async (user: Record<string, unknown>, context: GenericEndpointContext | null) => {
                if (context?.path !== SIGN_IN_ANONYMOUS) return;
                return { data: { ...user, name: '', tenantId: tenantIdOf(context.body) ?? null } };
              },
            },
          },
          session: {
            create: {
              before: async (session: { userId: string }, context: GenericEndpointContext | null) => {
                await refuseAsMergeConflict(db, now(), session.userId, context);
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            const tenantId = await inAuthErrors(() => {
              assertSameOriginHeaders(ctx.request?.method ?? 'POST', ctx.headers, appUrl);
              const tenant = resolveTenant(tenants, tenantIdOf(ctx.body));
              assertTenantAllows(tenant, 'anonymous');
              return tenant?.id ?? null;
            });
            const current = await getSessionFromCtx<TenantUser>(ctx, { disableRefresh: true });
            if (!current?.user.isAnonymous) return;
            if ((current.user.tenantId ?? null) === tenantId) return ctx.json({ user: await presentIdentityUser(db, current.user.id) });
            // Another tenant's guest is no guest here: this tenant gets a new one, as any visitor would.
            return { context: { headers: new Headers({ cookie: '' }) } };
          }),
        },
      ],
      after: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            const created = ctx.context.newSession;
            if (created) return ctx.json({ user: await presentIdentityUser(db, created.user.id) });
          }),
        },
      ],
    },
    endpoints: {
      completeGuestMerge: createAuthEndpoint(
        '/identity/merge',
        {
          method: 'POST',
          body: z.object({ mergeToken: z.string().min(1, 'mergeToken is required.') }),
          use: [sessionMiddleware],
          metadata: {
            openapi: {
              description: "Finish a merge conflict: move the guest's data to the existing account and sign in to it.",
              responses: { 200: { description: 'Signed in to the existing account (the widget’s identity user)' } },
            },
          },
        },
        async (ctx) => {
          await inAuthErrors(() => assertSameOriginHeaders('POST', ctx.headers, appUrl));
          const guestId = ctx.context.session.user.id;
          const userId = await inAuthErrors(() => completeMerge(db, ctx.body.mergeToken, guestId, now()));
          const user = await ctx.context.internalAdapter.findUserById(userId);
          if (!user) throw toAPIError(identityError('user-not-found'));
          const session = await ctx.context.internalAdapter.createSession(userId);
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ user: await presentIdentityUser(db, userId) });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

/** Better Auth's anonymous plugin with FirebaseUI's guest semantics, and ours beside it. */
export function guestPlugins(options: GuestOptions) {
  return [
    anonymous({
      // Like every account without a mailbox: an address at `.invalid` (RFC 2606) no mail can reach.
      emailDomainName: 'guest.invalid',
      // A guest is never deleted by a sign-in elsewhere: it is upgraded in place or merged (above).
      disableDeleteAnonymousUser: true,
    }),
    guestFlows(options),
  ];
}

/** Guest creation per client address, on Better Auth's limiter (the widget's per-client budget). */
export const guestRateLimits = (perClient: RateLimitRule) => ({
  [SIGN_IN_ANONYMOUS]: { window: perClient.windowMs / 1000, max: perClient.max },
});
