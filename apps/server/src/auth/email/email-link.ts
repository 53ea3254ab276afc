import { randomBytes, randomUUID } from 'node:crypto';
import {
  emailLinkCheckRequestSchema,
  emailLinkCheckResponseSchema,
  emailLinkSendRequestSchema,
} from '@trailbuddy/shared/contracts/identity-email';
import type { AuthContext, BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { magicLink } from 'better-auth/plugins';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { invalidField } from '../../errors.js';
import { enqueueMail } from '../../mail/queue.js';
import { findAccountByEmail, isUniqueViolation, limitMailsTo, lockEmail, normalizeEmail, tenantScopedKey } from './email-common.js';
import { identityError } from '../errors.js';
import { resolveTenant } from '../tenants/tenants.js';
import { addAccount, presentIdentityUser } from '../users.js';
import { tenantPlaceholderEmail } from '../placeholder-emails.js';
import { actionLink } from '../account-actions/action-link.js';
import { createUser } from '../create-user.js';
import { signedInGuestOf } from '../guests/guests.js';
import { dropRecord, peekRecord, putRecord, recordKey, takeRecord } from '../one-time-records.js';
import { contractMetadata, inAuthErrors, onPath, parseAuthBody, stringOf } from '../plugin-kit.js';
import { assertSameOriginHeaders } from '../same-origin.js';
import type { AuthPluginOptions } from '../settings.js';

export const EMAIL_LINK_PROVIDER = 'emailLink';

/**
 * What we keep beside the plugin's own record of a link (which names only an address): the
 * e-mail typed, the tenant (ADR 0009), and the address the plugin finds the account by: the
 * e-mail itself, or for a tenant account its placeholder in `users.email` (for a new one, the
 * placeholder of the id it will get). The code is only ever stored hashed, here and by the plugin.
 */
type StoredLink = Pick<PreparedLink, 'email' | 'tenantId' | 'accountEmail' | 'newUserId'>;

/** What the send hook decided, handed to `sendMagicLink` through the plugin's `metadata`. */
type PreparedLink = NonNullable<Awaited<ReturnType<typeof prepareSend>>>;

const SEND = '/sign-in/magic-link';
const VERIFY = '/magic-link/verify';
const CHECK = '/email-link/check';
/** What sends, checks or signs in with a link: the widget's per-client budget (auth.ts). */
export const EMAIL_LINK_PATHS = [SEND, CHECK, VERIFY];

const linkKey = (oobCode: string) => recordKey('email-link', oobCode);
/** The one live link of an e-mail in a tenant: sending a new one deletes the link this points to. */
const latestKey = (email: string, tenantId: string | null) => recordKey('email-link-latest', tenantScopedKey(email, tenantId));

/** Link parameters of FirebaseUI (checklist §2): set by us, never copied from the continue URL. */
const RESERVED_PARAMS = new Set(['mode', 'oobCode', 'apiKey', 'ui_sid', 'ui_sd', 'ui_auid', 'ui_pid', 'tenantId']);

/**
 * The mailed link: the widget's page in `mode=signIn` with the one-time code and the widget's own
 * parameters (session id, same-device flag, guest to upgrade, provider to link, the link's tenant),
 * keeping the other query parameters of the continue URL (`lang`, `signInSuccessUrl` …).
 */
export function emailSignInLink(appUrl: string, oobCode: string, input: PreparedLink['request'], tenantId: string | null): string {
  const url = new URL(actionLink(appUrl, 'signIn', oobCode));
  if (input.continueUrl) {
    for (const [key, value] of new URL(input.continueUrl, appUrl).searchParams) {
      if (!RESERVED_PARAMS.has(key)) url.searchParams.append(key, value);
    }
  }
  url.searchParams.set('ui_sid', input.sessionId);
  url.searchParams.set('ui_sd', input.sameDevice ? '1' : '0');
  if (input.anonymousUid) url.searchParams.set('ui_auid', input.anonymousUid);
  if (input.providerId) url.searchParams.set('ui_pid', input.providerId);
  // The widget applies the link's tenant (checklist §3.6); the sign-in must name the same one.
  if (tenantId) url.searchParams.set('tenantId', tenantId);
  return url.toString();
}

/**
 * Before the plugin's send (checklist §5.5): our checks, and the plugin's body rewritten to the
 * address it will find the account by. Returns null when nothing may be mailed and enumeration
 * protection hides why (sign-up disabled, a disabled account).
 */
async function prepareSend(o: AuthPluginOptions, ctx: GenericEndpointContext) {
  assertSameOriginHeaders('POST', ctx.headers, o.identity.appUrl);
  const request = parseAuthBody(emailLinkSendRequestSchema, ctx.body);
  const tenantId = resolveTenant(o.identity.tenants, request.tenantId, 'emailLink')?.id ?? null;
  const email = normalizeEmail(request.email);
  if (request.continueUrl !== undefined && new URL(request.continueUrl, o.identity.appUrl).origin !== new URL(o.identity.appUrl).origin) {
    throw invalidField('continueUrl', 'The continue URL must be on this site.');
  }
  if (request.anonymousUid !== undefined && request.anonymousUid !== (await signedInGuestOf(ctx, tenantId))) {
    throw invalidField('anonymousUid', 'anonymousUid must be the signed-in guest.');
  }
  // Per mailbox, whatever the tenant: the same inbox cannot be flooded through several tenants.
  await limitMailsTo(o.db, email, o.identity.email.mailsPerEmail, o.now());
  const user = await findAccountByEmail(o.db, email, tenantId);
  const refusal = !user && o.identity.email.signUpDisabled ? 'admin-restricted-operation' : user?.disabled ? 'user-disabled' : null;
  if (refusal) {
    // Saying why would tell whether the e-mail has an account.
    if (o.identity.email.enumerationProtection) return null;
    throw identityError(refusal);
  }
  const newUserId = tenantId && !user ? randomUUID() : undefined;
  const accountEmail = user?.email ?? (newUserId ? tenantPlaceholderEmail(newUserId) : email);
  return { request, email, tenantId, accountEmail, ...(newUserId && { newUserId }), toName: user?.name || email };
}

/**
 * The plugin's `sendMagicLink`: our link (the widget's page, not the plugin's verify URL) in the
 * `email-sign-in` mail, queued in the transaction that records the link (ADR 0011). Under a lock
 * on the e-mail, the previous link of the e-mail in its tenant stops working.
 */
async function recordAndMail(o: AuthPluginOptions, token: string, link: PreparedLink) {
  const key = linkKey(token);
  const now = o.now();
  const ttlMs = o.identity.email.emailLinkTtlMs;
  const stored: StoredLink = { email: link.email, tenantId: link.tenantId, accountEmail: link.accountEmail, newUserId: link.newUserId };
  await o.db.transaction(async (tx) => {
    await lockEmail(tx, tenantScopedKey(link.email, link.tenantId));
    const previous = await takeRecord<string>(tx, latestKey(link.email, link.tenantId), now);
    if (previous) await dropRecord(tx, previous);
    await putRecord(tx, key, stored, ttlMs, now);
    await putRecord(tx, latestKey(link.email, link.tenantId), key, ttlMs, now);
    await enqueueMail(tx, {
      template: 'email-sign-in',
      to: link.email,
      params: { to_name: link.toName, link: emailSignInLink(o.identity.appUrl, token, link.request, link.tenantId) },
      idempotencyKey: `email-sign-in:${key}`,
    });
  });
}

/** Reads a link without using it: `invalid-action-code` if unknown, used or replaced; `expired-action-code` past its expiry. */
async function readLink(db: Db, oobCode: string, now: Date): Promise<StoredLink> {
  const row = await peekRecord<StoredLink>(db, linkKey(oobCode));
  if (!row) throw identityError('invalid-action-code');
  if (row.expiresAt <= now) throw identityError('expired-action-code');
  return row.value;
}

/** Uses the link up: of two concurrent sign-ins with one link, exactly one gets here. */
async function consumeLink(db: Db, oobCode: string, link: StoredLink, now: Date): Promise<void> {
  const key = linkKey(oobCode);
  if (!(await takeRecord(db, key, now))) throw identityError('invalid-action-code');
  await dropRecord(db, latestKey(link.email, link.tenantId), key);
}

/**
 * An account the plugin cannot make itself, before it looks the address up: the signed-in guest
 * upgraded in place (same id, checklist §5.9), or a new account of a tenant (its real address in
 * `tenant_email`, ADR 0009). A new default account is the plugin's own sign-up.
 */
async function makeAccount(db: Db, auth: AuthContext, link: StoredLink, guestId: string | null) {
  const columns = { email: link.accountEmail, tenantEmail: link.tenantId ? link.email : null, emailVerified: true };
  try {
    if (guestId) {
      const upgraded = await db
        .update(users)
        .set({ ...columns, isAnonymous: false, updatedAt: new Date() })
        .where(and(eq(users.id, guestId), eq(users.isAnonymous, true)))
        .returning({ id: users.id });
      if (upgraded.length === 0) throw identityError('credential-already-in-use');
    } else if (link.newUserId) {
      await createUser(auth, db, { id: link.newUserId, ...columns, tenantId: link.tenantId, name: '' }, { method: 'magic-link' });
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw identityError('email-already-in-use', { field: 'email' });
    throw err;
  }
}

const queryOf = (ctx: GenericEndpointContext) => (ctx.query ?? {}) as Record<string, unknown>;

/**
 * Before the plugin's verify (checklist §5.5 step 8): FirebaseUI's rules the plugin lacks. The link
 * must be ours, live, of the request's tenant, and the typed e-mail its own (`invalid-email`, the
 * link stays usable); a disabled account or a refused sign-up keep it too. Then it is used up
 * and the account the plugin will sign in to exists (guest upgrade, tenant account).
 */
async function prepareVerify(o: AuthPluginOptions, ctx: GenericEndpointContext) {
  // A GET, but one that can upgrade the signed-in guest: cookie-bearing calls must be our pages'.
  assertSameOriginHeaders('POST', ctx.headers, o.identity.appUrl);
  const query = queryOf(ctx);
  const tenantId = resolveTenant(o.identity.tenants, stringOf(query.tenantId), 'emailLink')?.id ?? null;
  const now = o.now();
  const link = await readLink(o.db, stringOf(query.token) ?? '', now);
  // Another tenant's link does not exist for this tenant (ADR 0009); it stays usable in its own.
  if (link.tenantId !== tenantId) throw identityError('invalid-action-code', { details: { reason: 'tenant-mismatch' } });
  if (normalizeEmail(stringOf(query.email) ?? '') !== link.email) throw identityError('invalid-email', { field: 'email' });
  const user = await findAccountByEmail(o.db, link.email, tenantId);
  if (user?.disabled) throw identityError('user-disabled');
  if (!user && o.identity.email.signUpDisabled) throw identityError('admin-restricted-operation');
  // A tenant account made since the link was sent has another placeholder: ask for a new link.
  if (user && user.email !== link.accountEmail) throw identityError('invalid-action-code');
  await consumeLink(o.db, stringOf(query.token) ?? '', link, now);
  if (!user) await makeAccount(o.db, ctx.context, link, await signedInGuestOf(ctx, tenantId));
}

/**
 * After the plugin signed someone in: the `emailLink` credential the widget lists among the
 * account's providers (sign-in methods), and the widget's identity user as the answer.
 */
async function finishVerify(o: AuthPluginOptions, ctx: GenericEndpointContext) {
  const created = ctx.context.newSession;
  if (!created) return;
  const userId = created.user.id;
  const [user] = await o.db.select({ email: users.email, tenantEmail: users.tenantEmail }).from(users).where(eq(users.id, userId));
  const accountId = user?.tenantEmail ?? user?.email ?? userId;
  await addAccount(o.db, { userId, providerId: EMAIL_LINK_PROVIDER, accountId }).onConflictDoNothing();
  if (queryOf(ctx).callbackURL === undefined) return ctx.json({ user: await presentIdentityUser(o.db, userId) });
}

/** Our side of the e-mail link: the hooks around the plugin's send and verify, and `check`. */
function emailLinkFlows(o: AuthPluginOptions) {
  return {
    id: 'trailbuddy-email-link',
    hooks: {
      before: [
        onPath(SEND, async (ctx) => {
          const link = await inAuthErrors(() => prepareSend(o, ctx));
          if (!link) return ctx.json({ status: true });
          // One string: the plugin's body is merged into, and no caller-sent key may survive in ours.
          return { context: { body: { email: link.accountEmail, name: '', metadata: { link: JSON.stringify(link) } } } };
        }),
        onPath(VERIFY, async (ctx) => {
          await inAuthErrors(() => prepareVerify(o, ctx));
        }),
      ],
      after: [onPath(VERIFY, async (ctx) => finishVerify(o, ctx))],
    },
    endpoints: {
      checkEmailLink: createAuthEndpoint(
        CHECK,
        {
          method: 'POST',
          body: emailLinkCheckRequestSchema,
          metadata: contractMetadata(
            'The e-mail a sign-in link was sent to (and its tenant), without using the link',
            emailLinkCheckResponseSchema,
            undefined,
            'The link is live',
          ),
        },
        async (ctx) => {
          const { email, tenantId } = await inAuthErrors(() => {
            assertSameOriginHeaders('POST', ctx.headers, o.identity.appUrl);
            return readLink(o.db, ctx.body.oobCode, o.now());
          });
          // The link's tenant, for the widget to apply (absent: the default accounts).
          return ctx.json({ email, ...(tenantId && { tenantId }) });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}

/** Better Auth's magic link as FirebaseUI's e-mail link sign-in (checklist §5.5), and ours around it. */
export function emailLinkPlugins(o: AuthPluginOptions) {
  return [
    magicLink({
      expiresIn: o.identity.email.emailLinkTtlMs / 1000,
      disableSignUp: o.identity.email.signUpDisabled,
      storeToken: 'hashed',
      // FirebaseUI's oobCode: 32 random bytes, URL-safe.
      generateToken: () => randomBytes(32).toString('base64url'),
      sendMagicLink: async ({ token, metadata }) => {
        const link = typeof metadata?.link === 'string' ? (JSON.parse(metadata.link) as PreparedLink) : null;
        if (!link) throw new Error('A sign-in link is sent only through the e-mail link hook.');
        await recordAndMail(o, token, link);
      },
    }),
    emailLinkFlows(o),
  ];
}
