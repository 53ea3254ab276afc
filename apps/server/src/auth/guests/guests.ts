import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { createAuthEndpoint, getSessionFromCtx, sessionMiddleware } from 'better-auth/api';
import { anonymous } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { resolveTenant } from '../tenants/tenants.js';
import { contactEmailOf, presentIdentityUser } from '../users.js';
import { completeMerge, mergeConflict } from './guest-merge.js';
import { GUEST_EMAIL_DOMAIN } from '../placeholder-emails.js';
import { endpointDoc, inAuthErrors, onPath, startSession, stringOf, toAPIError } from '../plugin-kit.js';
import { sameSiteOnly } from '../same-origin.js';
import type { AuthPluginOptions } from '../settings.js';

/** Guest creation, on the widget's per-client budget (auth.ts). */
export const SIGN_IN_ANONYMOUS = '/sign-in/anonymous';

/** The widget's provider id of the credential a Better Auth path proves, for the merge conflict's details. */
const PROVIDER_OF_PATH: Record<string, string> = {
  '/magic-link/verify': 'emailLink',
  '/sign-in/email': 'password',
  '/phone-number/verify': 'phone',
};

/**
 * Sessions that are not a guest signing in elsewhere: the merge itself, the identity API's own, and
 * the federated callbacks (OAuth, SAML), whose account resolution (federated-sign-in.ts) decides
 * upgrade, merge conflict or a separate sign-in from the widget's `upgradeAnonymous`. A sign-up
 * makes a new account, never another one's.
 */
const notAGuestSignIn = (path = '') =>
  ['/identity/merge', '/callback/:id', '/federated/:providerId/callback'].includes(path) || path.startsWith('/sign-up/');

type TenantUser = { id: string; isAnonymous?: boolean | null; tenantId?: string | null };
const signedInGuest = async (ctx: GenericEndpointContext) => {
  const current = await getSessionFromCtx<TenantUser>(ctx, { disableRefresh: true });
  return current?.user.isAnonymous ? current.user : null;
};

/**
 * The signed-in guest of this tenant (null: the default accounts), whom a sign-in or sign-up there
 * upgrades in place (checklist §5.9); another tenant's guest is no guest here (ADR 0009).
 */
export async function signedInGuestOf(ctx: GenericEndpointContext, tenantId: string | null): Promise<string | null> {
  const guest = await signedInGuest(ctx);
  return guest && (guest.tenantId ?? null) === tenantId ? guest.id : null;
}
const tenantIdOf = (body: unknown) => stringOf((body as { tenantId?: unknown } | undefined)?.tenantId);

/**
 * FirebaseUI's `merge-conflict` (checklist §5.9) at Better Auth's session chokepoint, not in
 * `onLinkAccount` (ADR 0040): a guest proving ANOTHER account of its tenant gets no session for it.
 */
async function refuseAsMergeConflict(db: Db, now: Date, userId: string, ctx: GenericEndpointContext | null) {
  if (!ctx || notAGuestSignIn(ctx.path)) return;
  const guest = await signedInGuest(ctx);
  if (!guest || guest.id === userId) return;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.isAnonymous || user.tenantId !== (guest.tenantId ?? null)) return;
  const providerId = PROVIDER_OF_PATH[ctx.path ?? ''] ?? ctx.path ?? '';
  const email = contactEmailOf(user);
  const { phoneNumber } = user;
  throw toAPIError(await mergeConflict(db, { anonymousUserId: guest.id, existingUserId: userId, providerId, email, phoneNumber }, now));
}

/**
 * Our side of guests (checklist §5.2, §5.9): the guest belongs to the tenant the request names (which
 * must offer `anonymous`) and has no name; a guest of that tenant already signed in is kept (no new
 * session); the answer is the widget's identity user; `/identity/merge` finishes a merge conflict.
 */
function guestFlows({ db, identity: { appUrl, tenants }, now }: AuthPluginOptions) {
  return {
    id: 'trailbuddy-guests',
    schema: { user: { fields: { tenantId: { type: 'string', required: false, input: false } } } },
    init: () => ({
      options: {
        databaseHooks: {
          user: {
            create: {
              before: async (user: Record<string, unknown>, ctx: GenericEndpointContext | null) => {
                if (ctx?.path === SIGN_IN_ANONYMOUS) return { data: { ...user, name: '', tenantId: tenantIdOf(ctx.body) ?? null } };
              },
            },
          },
          session: {
            create: {
              before: (session: { userId: string }, ctx: GenericEndpointContext | null) =>
                refuseAsMergeConflict(db, now(), session.userId, ctx),
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        { matcher: (ctx) => ctx.path === SIGN_IN_ANONYMOUS, handler: sameSiteOnly(appUrl) },
        onPath(SIGN_IN_ANONYMOUS, async (ctx) => {
          const tenant = await inAuthErrors(() => resolveTenant(tenants, tenantIdOf(ctx.body), 'anonymous'));
          const guest = await signedInGuest(ctx);
          if (!guest) return;
          if ((guest.tenantId ?? null) === (tenant?.id ?? null)) return ctx.json({ user: await presentIdentityUser(db, guest.id) });
          // Another tenant's guest is no guest here: this tenant gets a new one, as any visitor would.
          return { context: { headers: new Headers({ cookie: '' }) } };
        }),
      ],
      after: [
        onPath(SIGN_IN_ANONYMOUS, async (ctx) => {
          const created = ctx.context.newSession;
          if (created) return ctx.json({ user: await presentIdentityUser(db, created.user.id) });
        }),
      ],
    },
    endpoints: {
      completeGuestMerge: createAuthEndpoint(
        '/identity/merge',
        {
          method: 'POST',
          body: z.object({ mergeToken: z.string().min(1, 'mergeToken is required.') }),
          use: [sameSiteOnly(appUrl), sessionMiddleware],
          metadata: endpointDoc("Finish a merge conflict: move the guest's data to the existing account and sign in to it", {
            200: 'Signed in to the existing account (the widget’s identity user)',
          }),
        },
        async (ctx) => {
          const userId = await inAuthErrors(() => completeMerge(db, ctx.body.mergeToken, ctx.context.session.user.id, now()));
          await startSession(ctx, userId);
          return ctx.json({ user: await presentIdentityUser(db, userId) });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

/** Better Auth's anonymous plugin with FirebaseUI's guest semantics, and ours beside it. */
export function guestPlugins(options: AuthPluginOptions) {
  return [
    anonymous({
      // Like every account without a mailbox (auth/placeholder-emails.ts).
      emailDomainName: GUEST_EMAIL_DOMAIN,
      // A guest is never deleted by a sign-in elsewhere: it is upgraded in place or merged (above).
      disableDeleteAnonymousUser: true,
    }),
    guestFlows(options),
  ];
}
