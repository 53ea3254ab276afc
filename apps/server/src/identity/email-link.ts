import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import { actionLink } from '../auth/action-link.js';
import type { Db } from '../db/client.js';
import { accounts, users, verifications } from '../db/schema/index.js';
import { invalidField } from '../errors.js';
import { enqueueMail } from '../mail/queue.js';
import { mergeConflict } from './anonymous.js';
import { findAccountByEmail, isUniqueViolation, limitMailsTo, lockEmail, normalizeEmail, tenantScopedKey } from './email-common.js';
import type { EmailContext } from './email-password.js';
import { identityError } from './errors.js';
import { revokeSessions } from './session.js';
import { assertSignUpAllowed } from './sign-up-controls.js';
import { accountProviderId, emailColumns, PASSWORD_PROVIDER } from './users.js';

export const EMAIL_LINK_PROVIDER = 'emailLink';

/** What a stored link remembers; the code itself is only ever stored hashed. */
interface StoredLink {
  email: string;
  /** The tenant whose account the link signs in to (ADR 0009); absent or null: the default accounts. */
  tenantId?: string | null;
}

const codeHash = (oobCode: string) => createHash('sha256').update(oobCode).digest('hex');
const linkIdentifier = (hash: string) => `email-link:${hash}`;
/** The one live link of an e-mail in a tenant: sending a new one deletes the link this points to. */
const latestIdentifier = (email: string, tenantId: string | null) => `email-link-latest:${tenantScopedKey(email, tenantId)}`;

/** Link parameters of FirebaseUI (checklist §2): set by us, never copied from the continue URL. */
const RESERVED_PARAMS = new Set(['mode', 'oobCode', 'apiKey', 'ui_sid', 'ui_sd', 'ui_auid', 'ui_pid', 'tenantId']);

export interface SendLinkInput {
  email: string;
  continueUrl?: string;
  sessionId: string;
  sameDevice: boolean;
  anonymousUid?: string;
  providerId?: string;
}

export type SendLinkContext = EmailContext;

/**
 * The mailed link: the widget's page in `mode=signIn` with the one-time code and the widget's own
 * parameters (session id, same-device flag, guest to upgrade, provider to link, the link's tenant),
 * keeping the other query parameters of the continue URL (`lang`, `signInSuccessUrl` …).
 */
export function emailSignInLink(appUrl: string, oobCode: string, input: SendLinkInput, tenantId: string | null = null): string {
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
 * Sends an e-mail sign-in link (checklist §5.5). The link works once, for `emailLinkTtlMs`, and
 * sending another one to the same e-mail deactivates it. The link and its mail commit together
 * (a queued job, ADR 0011), under a lock on the e-mail so two sends cannot both stay live.
 * Returns whether a mail was queued (not with sign-up disabled and enumeration protection on).
 */
export async function sendEmailLink(ctx: SendLinkContext, input: SendLinkInput): Promise<boolean> {
  const { db, settings, now } = ctx;
  const email = normalizeEmail(input.email);
  if (input.continueUrl !== undefined && new URL(input.continueUrl, ctx.appUrl).origin !== new URL(ctx.appUrl).origin) {
    throw invalidField('continueUrl', 'The continue URL must be on this site.');
  }
  if (input.anonymousUid !== undefined && input.anonymousUid !== ctx.guestId) {
    throw invalidField('anonymousUid', 'anonymousUid must be the signed-in guest.');
  }
  // Per mailbox, whatever the tenant: the same inbox cannot be flooded through several tenants.
  await limitMailsTo(db, email, settings.mailsPerEmail, now);

  const { tenantId } = ctx;
  const user = await findAccountByEmail(db, email, tenantId);
  const refusal = !user && settings.signUpDisabled ? 'admin-restricted-operation' : user?.disabled ? 'user-disabled' : null;
  if (refusal) {
    // Saying why would tell whether the e-mail has an account.
    if (settings.enumerationProtection) return false;
    throw identityError(refusal);
  }

  const oobCode = randomBytes(32).toString('base64url');
  const hash = codeHash(oobCode);
  const expiresAt = new Date(now.getTime() + settings.emailLinkTtlMs);
  const stored: StoredLink = { email, tenantId };
  await db.transaction(async (tx) => {
    await tx.execute(lockEmail(tenantScopedKey(email, tenantId)));
    const previous = await tx
      .delete(verifications)
      .where(eq(verifications.identifier, latestIdentifier(email, tenantId)))
      .returning({ hash: verifications.value });
    for (const p of previous) await tx.delete(verifications).where(eq(verifications.identifier, linkIdentifier(p.hash)));
    await tx.insert(verifications).values([
      { id: randomUUID(), identifier: linkIdentifier(hash), value: JSON.stringify(stored), expiresAt },
      { id: randomUUID(), identifier: latestIdentifier(email, tenantId), value: hash, expiresAt },
    ]);
    await enqueueMail(tx, {
      template: 'email-sign-in',
      to: email,
      params: { to_name: user?.name || email, link: emailSignInLink(ctx.appUrl, oobCode, input, tenantId) },
      idempotencyKey: `email-sign-in:${hash}`,
    });
  });
  return true;
}

/** Reads a link without using it: `invalid-action-code` if unknown, used or replaced; `expired-action-code` past its expiry. */
export async function checkEmailLink(db: Db, oobCode: string, now: Date): Promise<StoredLink> {
  const [row] = await db
    .select({ value: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, linkIdentifier(codeHash(oobCode))))
    .limit(1);
  if (!row) throw identityError('invalid-action-code');
  if (row.expiresAt <= now) throw identityError('expired-action-code');
  return JSON.parse(row.value) as StoredLink;
}

/** Uses the link up: of two concurrent sign-ins with one link, exactly one gets here. */
async function consumeEmailLink(db: Db, oobCode: string, link: StoredLink, now: Date): Promise<void> {
  const hash = codeHash(oobCode);
  const used = await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, linkIdentifier(hash)), gt(verifications.expiresAt, now)))
    .returning({ id: verifications.id });
  if (used.length === 0) throw identityError('invalid-action-code');
  await db
    .delete(verifications)
    .where(and(eq(verifications.identifier, latestIdentifier(link.email, link.tenantId ?? null)), eq(verifications.value, hash)));
}

const emailLinkAccount = (userId: string, email: string) => ({
  id: randomUUID(),
  userId,
  providerId: EMAIL_LINK_PROVIDER,
  accountId: email,
});

/**
 * Signs in with an e-mail link (checklist §5.5 step 8). The typed e-mail must be the link's
 * (`invalid-email`). A new e-mail gets an account (unless sign-up is disabled); every account
 * signing in this way gets an `emailLink` credential and a verified e-mail. A signed-in guest is
 * upgraded in place, or gets a merge conflict when the e-mail already has an account.
 */
export async function signInWithEmailLink(ctx: EmailContext, input: { oobCode: string; email: string }): Promise<string> {
  const { db, settings, now } = ctx;
  const link = await checkEmailLink(db, input.oobCode, now);
  // Another tenant's link does not exist for this tenant (ADR 0009); it stays usable in its own.
  if ((link.tenantId ?? null) !== ctx.tenantId) throw identityError('invalid-action-code', { details: { reason: 'tenant-mismatch' } });
  if (normalizeEmail(input.email) !== link.email) throw identityError('invalid-email', { field: 'email' });
  const { email } = link;
  const user = await findAccountByEmail(db, email, ctx.tenantId);
  if (user?.disabled) throw identityError('user-disabled');
  if (!user) assertSignUpAllowed(settings);

  if (ctx.guestId && user) {
    await consumeEmailLink(db, input.oobCode, link, now);
    throw await mergeConflict(db, { anonymousUserId: ctx.guestId, existingUserId: user.id, providerId: EMAIL_LINK_PROVIDER, email }, now);
  }
  await consumeEmailLink(db, input.oobCode, link, now);
  if (user) return signInExisting(ctx, user, email);
  return createOrUpgrade(ctx, email);
}

async function createOrUpgrade(ctx: EmailContext, email: string): Promise<string> {
  const userId = ctx.guestId ?? randomUUID();
  try {
    await ctx.db.transaction(async (tx) => {
      if (ctx.guestId) {
        const upgraded = await tx
          .update(users)
          .set({ isAnonymous: false, ...emailColumns(ctx.tenantId, userId, email), emailVerified: true, updatedAt: new Date() })
          .where(and(eq(users.id, userId), eq(users.isAnonymous, true)))
          .returning({ id: users.id });
        if (upgraded.length === 0) throw identityError('credential-already-in-use');
      } else {
        await tx
          .insert(users)
          .values({ id: userId, ...emailColumns(ctx.tenantId, userId, email), tenantId: ctx.tenantId, name: '', emailVerified: true });
      }
      await tx.insert(accounts).values(emailLinkAccount(userId, email));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw identityError('email-already-in-use', { field: 'email' });
    throw err;
  }
  return userId;
}

/**
 * An existing account proves its e-mail. If the e-mail was never verified, whoever set the
 * account's password may not own the mailbox (account pre-hijacking): as Firebase does, the
 * unverified password is removed and the account's other sessions end.
 */
async function signInExisting(ctx: EmailContext, user: { id: string; emailVerified: boolean }, email: string): Promise<string> {
  const { db } = ctx;
  const wasUnverified = !user.emailVerified;
  await db.transaction(async (tx) => {
    if (wasUnverified) {
      await tx.delete(accounts).where(and(eq(accounts.userId, user.id), eq(accounts.providerId, accountProviderId(PASSWORD_PROVIDER))));
      await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, user.id));
    }
    const [existing] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, EMAIL_LINK_PROVIDER)))
      .limit(1);
    if (!existing) await tx.insert(accounts).values(emailLinkAccount(user.id, email));
  });
  if (wasUnverified) await revokeSessions(ctx.auth, user.id);
  return user.id;
}
