import { randomUUID } from 'node:crypto';
import type { AuthContext } from 'better-auth';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { lockInTransaction } from '../../db/locks.js';
import { accounts, users } from '../../db/schema/index.js';
import type { AppError } from '../../errors.js';
import { createUser } from '../create-user.js';
import { federatedAccountEmail } from '../placeholder-emails.js';
import { mergeConflict, upgradeAnonymousUser } from '../guests/guest-merge.js';
import { findAccountByEmail, isUniqueViolation, lockEmail, normalizeEmail, tenantScopedKey } from '../email/email-common.js';
import { identityError } from '../errors.js';
import { signInMethodsFor } from '../email/sign-in-methods.js';
import { accountOwner, addAccount, emailColumns, tenantOfUser } from '../users.js';
import { PROVIDER_NAMES, type FederatedProfile } from './providers.js';
import type { FederatedKit } from './federated-kit.js';
import { newSecret, peekRecord, putRecord, recordKey, takeRecord } from '../one-time-records.js';

// The linking decisions of a federated sign-in (checklist §5.7–§5.9, ADR 0042): never by e-mail on
// our own, even a vouched one; a provider account joins an account only once its owner proves it.

/** A provider account has one owner per tenant. */
type SignInContext = ReturnType<FederatedKit['signInContext']>;
type Subject = Pick<FederatedProfile, 'providerId' | 'subject'>;

/** Serialises work on one provider account (two callbacks for the same new person, a link racing a sign-in). */
const lockSubject = (tx: DbOrTx, { providerId, subject }: Subject) =>
  lockInTransaction(tx, 'identity-federated', `${providerId}:${subject}`);

/**
 * The account key of a provider subject (ADR 0042): Better Auth finds an account by provider and
 * key alone, so a tenant's account carries its tenant in the key and each tenant has its own.
 */
export const federatedAccountId = (subject: string, tenantId: string | null) => (tenantId ? `${tenantId}:${subject}` : subject);

const subjectOwner = (db: DbOrTx, { providerId, subject }: Subject, tenantId: string | null) =>
  accountOwner(db, providerId, federatedAccountId(subject, tenantId), tenantId);

/** Provider accounts keep no tokens: we only need to know who the person is, not to call the IdP later. */
const insertAccount = (db: DbOrTx, userId: string, { providerId, subject }: Subject, tenantId: string | null, now: Date) =>
  addAccount(db, { userId, providerId, accountId: federatedAccountId(subject, tenantId) }, now);

/** A pending credential: what the provider proved, kept server-side, handed to the browser as a token. */
export type PendingCredential = FederatedProfile & { email: string; tenantId?: string | null };

async function accountExistsError(db: Db, profile: PendingCredential, ctx: SignInContext): Promise<AppError> {
  const token = newSecret();
  await putRecord(db, recordKey('federated-pending', token), { ...profile, tenantId: ctx.tenantId }, ctx.pendingTtlMs, ctx.now);
  return identityError('account-exists-with-different-credential', {
    details: {
      email: profile.email,
      providerId: profile.providerId,
      pendingCredential: token,
      methods: await signInMethodsFor(db, profile.email, { enumerationProtection: ctx.enumerationProtection, tenantId: ctx.tenantId }),
    },
  });
}

class EmailTaken extends Error {}

/**
 * Who a verified provider account signs in as (ADR 0042): its known user (a guest: `merge-conflict`),
 * `account-exists-with-different-credential` with a pending credential, or the guest or a new account.
 */
export async function resolveFederatedSignIn(
  db: Db,
  auth: AuthContext,
  profile: FederatedProfile,
  ctx: SignInContext,
): Promise<{ userId: string; isNewUser: boolean }> {
  const { tenantId } = ctx;
  const existing = await subjectOwner(db, profile, tenantId);
  if (existing) {
    if (ctx.guestUserId && existing !== ctx.guestUserId) {
      throw await mergeConflict(
        db,
        { anonymousUserId: ctx.guestUserId, existingUserId: existing, providerId: profile.providerId, email: profile.email },
        ctx.now,
      );
    }
    return { userId: existing, isNewUser: false };
  }
  const email = profile.email;
  if (email && (await findAccountByEmail(db, email, tenantId))) throw await accountExistsError(db, { ...profile, email }, ctx);
  // Upgrading a guest creates a full account too, as the e-mail family decided.
  if (ctx.signUpDisabled) throw identityError('admin-restricted-operation');

  try {
    return await db.transaction(async (tx) => {
      await lockSubject(tx, profile);
      if (email) await lockEmail(tx, tenantScopedKey(normalizeEmail(email), tenantId));
      const raced = await subjectOwner(tx, profile, tenantId);
      if (raced) {
        if (ctx.guestUserId && raced !== ctx.guestUserId) throw identityError('credential-already-in-use');
        return { userId: raced, isNewUser: false };
      }
      if (email && (await findAccountByEmail(tx, email, tenantId))) throw new EmailTaken();

      if (ctx.guestUserId) {
        // The guest named when the flow started may have been upgraded elsewhere, or merged away,
        // while the person was at the provider: then nothing is attached, as the e-mail sign-up's
        // upgrade answers (identity-account.ts).
        const upgraded = await upgradeAnonymousUser(tx, ctx.guestUserId, {
          tenantId,
          ...(email ? { email: normalizeEmail(email), emailVerified: profile.emailVerified } : {}),
          ...(profile.displayName ? { name: profile.displayName } : {}),
        });
        if (!upgraded) throw identityError('credential-already-in-use');
        await insertAccount(tx, ctx.guestUserId, profile, tenantId, ctx.now);
        return { userId: ctx.guestUserId, isNewUser: false };
      }
      const userId = randomUUID();
      await createUser(
        auth,
        tx,
        {
          id: userId,
          name: profile.displayName ?? '',
          // A provider that shares no e-mail (some Twitter and GitHub accounts): an address no mail
          // can reach, shown as `email: null` like a guest's or a phone account's.
          ...(email ? emailColumns(tenantId, userId, normalizeEmail(email)) : { email: federatedAccountEmail(userId) }),
          tenantId,
          emailVerified: email ? profile.emailVerified : false,
          image: profile.photoUrl,
          createdAt: ctx.now,
          updatedAt: ctx.now,
        },
        profile.providerId.startsWith('saml.')
          ? { method: 'sso-saml', sso: { providerId: profile.providerId } }
          : { method: 'oauth', oauth: { providerId: profile.providerId } },
      );
      await insertAccount(tx, userId, profile, tenantId, ctx.now);
      return { userId, isNewUser: true };
    });
  } catch (err) {
    if (email && (err instanceof EmailTaken || isUniqueViolation(err))) throw await accountExistsError(db, { ...profile, email }, ctx);
    throw err;
  }
}

/**
 * Links a pending credential to the signed-in account (after password sign-in or another provider
 * with the same e-mail). One-time, expires, and only for the account whose e-mail it carries, in
 * the tenant it was proved for: a different account gets `invalid-email` and the credential stays
 * usable by the right one.
 */
export async function linkPendingCredential(db: Db, token: string, user: { id: string; isAnonymous: boolean }, now: Date): Promise<void> {
  const pending = await peekRecord<PendingCredential>(db, recordKey('federated-pending', token));
  if (!pending || pending.expiresAt <= now) throw identityError('invalid-credential', { field: 'pendingCredential' });
  const credential = pending.value;
  const tenantId = credential.tenantId ?? null;
  const account = await tenantOfUser(db, user.id);
  if (
    user.isAnonymous ||
    !account?.contactEmail ||
    account.tenantId !== tenantId ||
    normalizeEmail(account.contactEmail) !== normalizeEmail(credential.email)
  ) {
    throw identityError('invalid-email', {
      message: `This sign-in belongs to ${credential.email}. Sign in to the account of that e-mail to link it.`,
      details: { email: credential.email },
    });
  }
  await db.transaction(async (tx) => {
    await lockSubject(tx, credential);
    if (!(await takeRecord(tx, recordKey('federated-pending', token), now)))
      throw identityError('invalid-credential', { field: 'pendingCredential' });
    const owner = await subjectOwner(tx, credential, tenantId);
    if (owner === user.id) return;
    if (owner) throw identityError('credential-already-in-use');
    const [sameProvider] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, credential.providerId)))
      .limit(1);
    if (sameProvider) {
      const name = PROVIDER_NAMES[credential.providerId] ?? credential.providerId;
      throw identityError('credential-already-in-use', { message: `This account is already linked to another ${name} account.` });
    }
    await insertAccount(tx, user.id, credential, tenantId, now);
    // Both the account's owner and the provider now vouch for the address.
    if (credential.emailVerified) await tx.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, user.id));
  });
}
