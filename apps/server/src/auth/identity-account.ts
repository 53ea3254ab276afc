import { randomUUID } from 'node:crypto';
import { idTokenResponseSchema, identityUserResponseSchema } from '@trailbuddy/shared/contracts/identity';
import { changeEmailBodySchema } from '@trailbuddy/shared/contracts/identity-actions';
import { identityConfigSchema, passwordSignUpRequestSchema } from '@trailbuddy/shared/contracts/identity-email';
import { ACCOUNT_MESSAGES } from '@trailbuddy/shared/contracts/account';
import { PASSWORD_MIN } from '@trailbuddy/shared/contracts/enums';
import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { APIError, createAuthEndpoint, getSessionFromCtx, isAPIError, sendVerificationEmailFn, sessionMiddleware } from 'better-auth/api';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { invalidField, unauthenticated } from '../errors.js';
import { assertRecentSignIn } from './account-actions/actions.js';
import { requestEmailChange } from './account-actions/email-change.js';
import { findAccountByEmail, isUniqueViolation, normalizeEmail } from './email/email-common.js';
import { identityError } from './errors.js';
import { mintIdToken, verifyIdToken } from './id-token.js';
import type { AuthPluginOptions } from './settings.js';
import { resolveTenant } from './tenants/tenants.js';
import { addAccount, presentIdentityUser, tenantOfUser, withMailbox } from './users.js';
import { tenantPlaceholderEmail } from './placeholder-emails.js';
import { upgradeAnonymousUser } from './guests/guest-merge.js';
import { signedInGuestOf } from './guests/guests.js';
import { contractMetadata, inAuthErrors, onPath, parseAuthBody, startSession, toAPIError } from './plugin-kit.js';
import { sameSiteOnly } from './same-origin.js';

type Ctx = GenericEndpointContext;

const SIGN_UP = '/sign-up/email';
const CHANGE_EMAIL = '/change-email';

/** The new account of a tenant (ADR 0009), made by Better Auth's sign-up under the id its placeholder address names. */
type TenantAccount = NonNullable<Awaited<ReturnType<typeof prepareSignUp>>['account']>;

/** Our refusal with Better Auth's own code at the top level, which the app's sign-up form reads to show it under its field. */
const withAuthCode = (code: string, error: APIError) => new APIError(error.status, { ...error.body, code });

/** The sign-up body: the widget's fields (FirebaseUI's displayName, a tenant) and the app's own `name`. */
export const signUpSchema = passwordSignUpRequestSchema.extend({ name: z.string().max(256).optional() }).loose();

function parseSignUp(body: unknown) {
  try {
    return parseAuthBody(signUpSchema, body);
  } catch (error) {
    const fields = isAPIError(error) ? (error.body as { fields?: Record<string, string> } | undefined)?.fields : undefined;
    throw fields?.email ? withAuthCode('INVALID_EMAIL', error as APIError) : error;
  }
}

/**
 * The signed-in guest of the request's tenant upgraded in place (checklist §5.9): same id, so its
 * favourites stay, with the password Better Auth hashed; then a new session of Better Auth's, so
 * the session hooks hold. Another request upgrading the guest first is `credential-already-in-use`.
 */
async function upgradeGuest(db: Db, ctx: Ctx, guestId: string, signUp: { email: string; password: string; name: string }) {
  const tenantId = (await tenantOfUser(db, guestId))?.tenantId ?? null;
  const hash = await ctx.context.password.hash(signUp.password);
  try {
    await db.transaction(async (tx) => {
      const upgraded = await upgradeAnonymousUser(tx, guestId, { email: signUp.email, emailVerified: false, name: signUp.name, tenantId });
      if (!upgraded) throw identityError('credential-already-in-use');
      await addAccount(tx, { userId: guestId, providerId: 'credential', accountId: guestId, password: hash });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw identityError('email-already-in-use', { field: 'email' });
    throw err;
  }
  const { session, user } = await startSession(ctx, guestId);
  // The verification mail Better Auth's sign-up sends, for an account it did not create.
  await sendVerificationEmailFn(ctx, user);
  return ctx.json({ token: session.token, user });
}

/**
 * Before Better Auth's `/sign-up/email` (the modal's and the widget's sign-up, checklist §5.4):
 * the widget's fields and FirebaseUI's rules in one order (the address, a weak password and a
 * missing name on their fields, admin-restricted sign-up, an address taken in the tenant), then
 * the tenant's account under its placeholder address, or the signed-in guest upgraded in place.
 */
async function prepareSignUp(o: AuthPluginOptions, ctx: Ctx) {
  const { email: settings, tenants } = o.identity;
  const input = parseSignUp(ctx.body);
  const tenant = resolveTenant(tenants, input.tenantId, 'password');
  if (input.password.length < PASSWORD_MIN) {
    throw withAuthCode('PASSWORD_TOO_SHORT', toAPIError(identityError('weak-password', { field: 'password' })));
  }
  const name = (input.displayName ?? input.name)?.trim() ?? '';
  if (!name && settings.requireDisplayName.includes('password')) throw invalidField('displayName', ACCOUNT_MESSAGES.nameMissing);
  if (settings.signUpDisabled) throw identityError('admin-restricted-operation');
  const email = normalizeEmail(input.email);
  if (await findAccountByEmail(o.db, email, tenant?.id ?? null)) throw identityError('email-already-in-use', { field: 'email' });
  const guest = await signedInGuestOf(ctx, tenant?.id ?? null);
  const account = tenant && !guest ? { id: randomUUID(), tenantId: tenant.id, email } : null;
  return { email, name, password: input.password, guest, account };
}

/**
 * Better Auth plugin: the widget's account endpoints (issue 15): its sign-up on `/sign-up/email`
 * (prepareSignUp), Firebase's verified e-mail change on `/change-email` (Better Auth's would write
 * a tenant account's placeholder and mail no undo link), the widget's user and config, and session
 * token sync (product §7).
 */
export function identityAccount(o: AuthPluginOptions) {
  const { db, identity } = o;
  return {
    id: 'trailbuddy-identity-account',
    // A tenant account's real address (ADR 0009), written by the hook below when Better Auth creates it.
    schema: { user: { fields: { tenantEmail: { type: 'string', required: false, input: false } } } },
    init: () => ({
      options: {
        databaseHooks: {
          user: {
            create: {
              before: async (user: Record<string, unknown>, context: Ctx | null) => {
                const given = (context?.body as { tenantAccount?: unknown } | undefined)?.tenantAccount;
                if (context?.path !== SIGN_UP || typeof given !== 'string' || !given) return;
                const account = JSON.parse(given) as TenantAccount;
                return { data: { ...user, id: account.id, tenantId: account.tenantId, tenantEmail: account.email } };
              },
            },
          },
        },
      },
    }),
    hooks: {
      before: [
        { matcher: (ctx) => ctx.path === SIGN_UP || ctx.path === CHANGE_EMAIL, handler: sameSiteOnly(identity.appUrl) },
        onPath(SIGN_UP, async (ctx) => {
          const signUp = await inAuthErrors(() => prepareSignUp(o, ctx));
          if (signUp.guest) return inAuthErrors(() => upgradeGuest(db, ctx, signUp.guest!, signUp));
          const email = signUp.account ? tenantPlaceholderEmail(signUp.account.id) : signUp.email;
          // Set on every sign-up, so no caller-sent value survives; `tenantId` is ours to set, not Better Auth's input.
          const body = { email, name: signUp.name, tenantId: '', tenantAccount: signUp.account ? JSON.stringify(signUp.account) : '' };
          return { context: { body } };
        }),
        onPath(CHANGE_EMAIL, async (ctx) => {
          const found = await getSessionFromCtx(ctx);
          if (!found) throw toAPIError(unauthenticated());
          const { newEmail, password } = parseAuthBody(changeEmailBodySchema, ctx.body);
          return inAuthErrors(async () => {
            if (found.user.isAnonymous) {
              throw identityError('operation-not-allowed', {
                message: 'A guest account has no e-mail to change: sign up with one instead.',
              });
            }
            await assertRecentSignIn(o, ctx, found, password);
            const user = await withMailbox(db, found.user);
            const { mailsPerEmail, enumerationProtection } = identity.email;
            await requestEmailChange(
              { db, appUrl: identity.appUrl, settings: identity.actions, mailsPerEmail, enumerationProtection, now: o.now() },
              user,
              newEmail,
            );
            return ctx.json({ status: true, newEmail: normalizeEmail(newEmail), sent: true as const });
          });
        }),
      ],
    },
    endpoints: {
      identityUser: createAuthEndpoint(
        '/identity/user',
        {
          method: 'GET',
          use: [sessionMiddleware],
          metadata: contractMetadata('The signed-in user, as the sign-in widget shows it', identityUserResponseSchema),
        },
        async (ctx) => ctx.json({ user: await presentIdentityUser(db, ctx.context.session.user.id) }),
      ),
      identityConfig: createAuthEndpoint(
        '/identity/config',
        {
          method: 'GET',
          metadata: contractMetadata(
            'Server settings the sign-in widget follows (sign-up controls, enumeration protection)',
            identityConfigSchema,
          ),
        },
        // The e-mail family's settings the contract names, and nothing else of them.
        async (ctx) => ctx.json(identityConfigSchema.parse(identity.email)),
      ),
      identityToken: createAuthEndpoint(
        '/identity/token',
        {
          method: 'GET',
          use: [sessionMiddleware],
          metadata: contractMetadata(
            'A fresh ID token for the signed-in user, and where to sync it (null: sync is off)',
            idTokenResponseSchema,
          ),
        },
        async (ctx) => {
          const { user } = ctx.context.session;
          const now = o.now();
          // A tenant account's address is its real one, not the users.email placeholder (ADR 0009).
          const tenant = await tenantOfUser(db, user.id);
          const claims = { id: user.id, email: tenant?.contactEmail ?? null, tenantId: tenant?.tenantId ?? null };
          const { url, maxAgeS } = identity.tokenSync;
          return ctx.json({
            token: await mintIdToken(identity.tokenSecret, claims, now),
            issuedAt: now.toISOString(),
            sync: url ? { url, maxAgeS } : null,
          });
        },
      ),
      identityTokenSync: createAuthEndpoint(
        '/identity/token-sync',
        {
          method: ['POST', 'DELETE'],
          metadata: contractMetadata(
            'Token sync target: POST verifies the bearer ID token; DELETE: the client signed out',
            z.object({ uid: z.string() }),
          ),
        },
        async (ctx) => {
          if (ctx.request?.method === 'DELETE') return new Response(null, { status: 204 });
          const bearer = /^Bearer (.+)$/.exec(ctx.headers?.get('authorization') ?? '')?.[1];
          const uid = bearer ? await verifyIdToken(identity.tokenSecret, bearer, o.now(), identity.tokenSync.maxAgeS) : null;
          if (!uid) throw toAPIError(identityError('invalid-credential', { field: 'authorization' }));
          return ctx.json({ uid });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
