import type { ActionCodeInfo } from '@trailbuddy/shared/contracts/identity-actions';
import { and, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { accounts, identityActionCodes, sessions, users } from '../../db/schema/index.js';
import { greetingName, loadActiveUser, mailActionLink, type ActionCodeRow } from './actions-codes.js';
import type { EmailIdentitySettings } from '../../env.js';
import type { ActionContext } from './actions.js';
import { findAccountByEmail, isUniqueViolation, limitMailsTo, normalizeEmail } from '../email/email-common.js';
import { identityError } from '../errors.js';
import { enforceRateLimit } from '../attempt-limits.js';
import { mailboxOf } from '../users.js';

/** The mails-per-address limit (the new address cannot be flooded either) and the enumeration setting (a taken address is not revealed). */
export type EmailChangeContext = ActionContext & Pick<EmailIdentitySettings, 'mailsPerEmail' | 'enumerationProtection'>;

/** Whether another account (not `userId`) of the tenant (ADR 0009; null: the default accounts) holds the address. */
async function emailTakenByOther(db: DbOrTx, email: string, userId: string, tenantId: string | null) {
  const owner = await findAccountByEmail(db, email, tenantId);
  return owner !== null && owner.id !== userId;
}

/**
 * Change of e-mail, step 1 (Firebase's verifyBeforeUpdateEmail): the account keeps its address
 * until the NEW address proves it receives mail. A newer request replaces the older link.
 * Returns whether a mail was queued (false only when enumeration protection hid a taken address).
 */
export async function requestEmailChange(
  ctx: EmailChangeContext,
  /** `email`: the account's real address (a tenant account's `tenant_email`). */
  user: { id: string; email: string; name: string; tenantId: string | null },
  newEmailInput: string,
): Promise<boolean> {
  const newEmail = normalizeEmail(newEmailInput);
  if (newEmail === normalizeEmail(user.email)) throw identityError('email-already-in-use', { field: 'newEmail' });
  await enforceRateLimit(ctx.db, `email-change:user:${user.id}`, ctx.settings.emailChangesPerUser, { now: ctx.now });
  // Counted before the address is looked up, so a taken address spends the same budget.
  await limitMailsTo(ctx.db, newEmail, ctx.mailsPerEmail, ctx.now);
  if (await emailTakenByOther(ctx.db, newEmail, user.id, user.tenantId)) {
    if (ctx.enumerationProtection) return false;
    throw identityError('email-already-in-use', { field: 'newEmail' });
  }
  await ctx.db.transaction(async (tx) => {
    await mailActionLink(
      tx,
      ctx,
      { operation: 'VERIFY_AND_CHANGE_EMAIL', userId: user.id, email: newEmail, previousEmail: user.email, ttlMs: ctx.settings.codeTtlMs },
      { template: 'verify-and-change-email', params: { to_name: greetingName(user), new_email: newEmail } },
    );
  });
  return true;
}

/**
 * Sets the account's e-mail (verified: a link to it was opened) and the e-mail-link credential's id
 * with it, unless another account of the tenant holds it now. A tenant account's address is its
 * `tenant_email`; its `users.email` stays a placeholder.
 */
async function setEmail(tx: DbOrTx, user: { id: string; tenantId: string | null }, email: string, now: Date) {
  const userId = user.id;
  if (await emailTakenByOther(tx, email, userId, user.tenantId)) throw identityError('email-already-in-use');
  const address = user.tenantId ? { tenantEmail: normalizeEmail(email) } : { email };
  try {
    await tx
      .update(users)
      .set({ ...address, emailVerified: true, updatedAt: now })
      .where(eq(users.id, userId));
  } catch (err) {
    // Someone signed up with the address between our check and this write.
    if (isUniqueViolation(err)) throw identityError('email-already-in-use');
    throw err;
  }
  await tx
    .update(accounts)
    .set({ accountId: normalizeEmail(email), updatedAt: now })
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'emailLink')));
}

/**
 * Step 2 (verifyAndChangeEmail): the link from the new mailbox was opened. The account moves to
 * the new address, and the OLD address gets a recoverEmail link to undo it (the defence against
 * a taken-over session changing the e-mail). Runs in the transaction that spent the code.
 */
export async function applyVerifyAndChangeEmail(tx: DbOrTx, ctx: ActionContext, row: ActionCodeRow): Promise<ActionCodeInfo> {
  const user = await loadActiveUser(tx, row.userId);
  const previousEmail = row.previousEmail ?? '';
  // The account's address changed after the link was sent: the link describes a stale change.
  if (normalizeEmail(mailboxOf(user)) !== normalizeEmail(previousEmail)) throw identityError('invalid-action-code');
  await setEmail(tx, user, row.email, ctx.now);
  // The undo link goes to the old address and names the one the account moved to.
  await mailActionLink(
    tx,
    ctx,
    { operation: 'RECOVER_EMAIL', userId: user.id, email: previousEmail, previousEmail: row.email, ttlMs: ctx.settings.recoveryCodeTtlMs },
    { template: 'recover-email', params: { to_name: greetingName({ name: user.name, email: previousEmail }), new_email: row.email } },
  );
  return { operation: 'VERIFY_AND_CHANGE_EMAIL', email: row.email, previousEmail };
}

/**
 * recoverEmail: the owner of the old address undoes a change. The address comes back (even if
 * the account's e-mail was changed again since: that second change came from the same intruder),
 * every session ends, and every link that could undo the recovery dies with it: pending changes,
 * reset links (every one has a row here, and Better Auth's /reset-password needs it live) and the recovery links of LATER changes, which went to
 * addresses the intruder chose. Recovery links of earlier changes stay: they are the owner's.
 * The answer carries the restored address, for the widget's "change your password" offer.
 */
export async function applyRecoverEmail(tx: DbOrTx, ctx: { now: Date }, row: ActionCodeRow): Promise<ActionCodeInfo> {
  const user = await loadActiveUser(tx, row.userId);
  await setEmail(tx, user, row.email, ctx.now);
  const { userId, usedAt, operation, createdAt } = identityActionCodes;
  const laterRecovery = and(eq(operation, 'RECOVER_EMAIL'), gte(createdAt, row.createdAt));
  const undoing = or(inArray(operation, ['VERIFY_AND_CHANGE_EMAIL', 'VERIFY_EMAIL', 'PASSWORD_RESET']), laterRecovery);
  await tx
    .update(identityActionCodes)
    .set({ usedAt: ctx.now })
    .where(and(eq(userId, user.id), isNull(usedAt), undoing));
  await tx.delete(sessions).where(eq(sessions.userId, user.id));
  return { operation: 'RECOVER_EMAIL', email: row.email, ...(row.previousEmail && { previousEmail: row.previousEmail }) };
}
