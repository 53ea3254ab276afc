import {
  OPERATION_OF_MODE,
  type ActionCodeInfo,
  type ActionMode,
  type ActionOperation,
} from '@trailbuddy/shared/contracts/identity-actions';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Auth } from '../auth/auth.js';
import type { Db, DbOrTx } from '../db/client.js';
import { accounts, sessions, users } from '../db/schema/index.js';
import {
  BETTER_AUTH_JWT,
  BETTER_AUTH_RESET_TOKEN,
  consumeBetterAuthReset,
  findBetterAuthReset,
  readBetterAuthVerifyEmail,
} from './actions-better-auth.js';
import { assertUsable, consumeActionCode, findActionCode, loadActiveUser, OWN_CODE, type ActionCodeRow } from './actions-codes.js';
import type { ActionIdentitySettings } from './actions-settings.js';
import { applyRecoverEmail, applyVerifyAndChangeEmail } from './email-change.js';
import { identityError } from './errors.js';
import { enforceRateLimit } from './rate-limit.js';
import { contactEmailOf } from './users.js';
import { applyRevertSecondFactor, multiFactorInfoOf } from '../auth/second-factor-store.js';

/**
 * Account actions by out-of-band code (checklist §5.12): check a code (what it does, for whom),
 * apply it, or set a new password with it. Codes come in three shapes, told apart by form:
 * ours (identity_action_codes), Better Auth's reset tokens and its verify-email JWTs (the modal's
 * mails, actions-better-auth.ts). Anything else is malformed: `invalid-action-code`.
 */
export interface ActionContext {
  db: Db;
  auth: Auth;
  appUrl: string;
  settings: ActionIdentitySettings;
  now: Date;
}

type CodeKind = 'own' | 'better-auth-reset' | 'better-auth-verify-email';

function kindOf(oobCode: string): CodeKind {
  if (OWN_CODE.test(oobCode)) return 'own';
  if (BETTER_AUTH_RESET_TOKEN.test(oobCode)) return 'better-auth-reset';
  if (BETTER_AUTH_JWT.test(oobCode)) return 'better-auth-verify-email';
  throw identityError('invalid-action-code');
}

/** A Better Auth verify-email token for the account's current, still unverified e-mail. */
async function verifyEmailTarget(ctx: ActionContext, db: DbOrTx, oobCode: string) {
  const { secret } = await ctx.auth.$context;
  const claims = await readBetterAuthVerifyEmail(secret, oobCode, ctx.now);
  const [user] = claims.userId
    ? await db.select().from(users).where(eq(users.id, claims.userId))
    : await db.select().from(users).where(eq(users.email, claims.email.toLowerCase()));
  if (!user || user.email.toLowerCase() !== claims.email.toLowerCase()) throw identityError('invalid-action-code');
  if (user.disabled) throw identityError('user-disabled');
  // The token is stateless: once the e-mail is verified it has done its work, and counts as used.
  if (user.emailVerified) throw identityError('invalid-action-code');
  return user;
}

/** The account's address as its mails and the action pages show it: a tenant account's real one (ADR 0009). */
const mailboxOf = (user: { email: string; tenantId: string | null; tenantEmail: string | null }) => contactEmailOf(user) ?? user.email;

function infoOf(row: ActionCodeRow, currentEmail: string): ActionCodeInfo {
  const operation = row.operation as ActionOperation;
  if (operation === 'REVERT_SECOND_FACTOR_ADDITION') {
    const info = multiFactorInfoOf(row);
    return { operation, email: currentEmail, ...(info && { multiFactorInfo: info }) };
  }
  return { operation, email: row.email, ...(row.previousEmail && { previousEmail: row.previousEmail }) };
}

/** checkActionCode / verifyPasswordResetCode: what the code does, without spending it. */
export async function checkActionCode(ctx: ActionContext, oobCode: string, mode?: ActionMode): Promise<ActionCodeInfo> {
  let info: ActionCodeInfo;
  switch (kindOf(oobCode)) {
    case 'own': {
      const row = assertUsable(await findActionCode(ctx.db, oobCode), ctx.now);
      const user = await loadActiveUser(ctx.db, row.userId);
      info = infoOf(row, mailboxOf(user));
      break;
    }
    case 'better-auth-reset': {
      const { userId } = await findBetterAuthReset(ctx.db, oobCode, ctx.now);
      const user = await loadActiveUser(ctx.db, userId);
      info = { operation: 'PASSWORD_RESET', email: mailboxOf(user) };
      break;
    }
    case 'better-auth-verify-email': {
      const user = await verifyEmailTarget(ctx, ctx.db, oobCode);
      info = { operation: 'VERIFY_EMAIL', email: user.email };
      break;
    }
  }
  // A code opened under another mode's page is not the action that page performs.
  if (mode && OPERATION_OF_MODE[mode] !== info.operation) throw identityError('invalid-action-code');
  return info;
}

/**
 * applyActionCode: verifyEmail, verifyAndChangeEmail, recoverEmail, revertSecondFactorAddition.
 * The code is spent in the same transaction as its effect (and its follow-up mail), so a
 * failure leaves the code usable and a success can never be replayed. Reset codes are refused
 * here: they need a new password (`resetPassword`).
 */
export async function applyActionCode(ctx: ActionContext, oobCode: string): Promise<ActionCodeInfo> {
  const kind = kindOf(oobCode);
  if (kind === 'better-auth-reset') throw identityError('invalid-action-code');
  return ctx.db.transaction(async (tx) => {
    if (kind === 'better-auth-verify-email') {
      const user = await verifyEmailTarget(ctx, tx, oobCode);
      // Guarded on the flag, so of two concurrent applies only one verifies.
      const done = await tx
        .update(users)
        .set({ emailVerified: true, updatedAt: ctx.now })
        .where(and(eq(users.id, user.id), eq(users.emailVerified, false)))
        .returning({ id: users.id });
      if (done.length === 0) throw identityError('invalid-action-code');
      return { operation: 'VERIFY_EMAIL', email: user.email };
    }
    const row = await consumeActionCode(tx, oobCode, ctx.now);
    switch (row.operation as ActionOperation) {
      case 'VERIFY_EMAIL': {
        const user = await loadActiveUser(tx, row.userId);
        if (mailboxOf(user).toLowerCase() !== row.email.toLowerCase()) throw identityError('invalid-action-code');
        await tx.update(users).set({ emailVerified: true, updatedAt: ctx.now }).where(eq(users.id, user.id));
        return { operation: 'VERIFY_EMAIL', email: mailboxOf(user) };
      }
      case 'VERIFY_AND_CHANGE_EMAIL':
        return applyVerifyAndChangeEmail(tx, ctx, row);
      case 'RECOVER_EMAIL':
        return applyRecoverEmail(tx, ctx, row);
      case 'REVERT_SECOND_FACTOR_ADDITION':
        return applyRevertSecondFactor(tx, row);
      case 'PASSWORD_RESET':
        throw identityError('invalid-action-code');
    }
    throw identityError('invalid-action-code');
  });
}

/** The widget's password rule (SPEC §8 weak-password): Better Auth's configured length bounds. */
async function assertStrongPassword(auth: Auth, password: string, field: string) {
  const { password: config } = await auth.$context;
  const { minPasswordLength, maxPasswordLength } = config.config;
  if (password.length < minPasswordLength || password.length > maxPasswordLength) throw identityError('weak-password', { field });
}

/**
 * confirmPasswordReset: sets the password (creating the password credential if the account had
 * none), ends every session as Better Auth's reset does, and marks the e-mail verified (the
 * link proved the mailbox). The code is spent in the same transaction.
 */
export async function resetPassword(ctx: ActionContext, oobCode: string, newPassword: string): Promise<ActionCodeInfo> {
  const kind = kindOf(oobCode);
  if (kind === 'better-auth-verify-email') throw identityError('invalid-action-code');
  // Checked before the password, so a dead link shows the failure page rather than a field error.
  await checkActionCode(ctx, oobCode, 'resetPassword');
  await assertStrongPassword(ctx.auth, newPassword, 'newPassword');
  const { password } = await ctx.auth.$context;
  const hash = await password.hash(newPassword);
  return ctx.db.transaction(async (tx) => {
    const userId =
      kind === 'own' ? (await consumeActionCode(tx, oobCode, ctx.now)).userId : (await consumeBetterAuthReset(tx, oobCode, ctx.now)).userId;
    const user = await loadActiveUser(tx, userId);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    const updated = await tx
      .update(accounts)
      .set({ password: hash, updatedAt: ctx.now })
      .where(and(eq(accounts.userId, user.id), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await tx.insert(accounts).values({ id: randomUUID(), userId: user.id, providerId: 'credential', accountId: user.id, password: hash });
    }
    await tx.update(users).set({ emailVerified: true, updatedAt: ctx.now }).where(eq(users.id, user.id));
    return { operation: 'PASSWORD_RESET', email: mailboxOf(user) };
  });
}

/**
 * Sensitive account changes (e-mail, second factors) need a fresh proof of identity, like
 * Firebase's requires-recent-login: the current password, or a session signed in within
 * `recentLoginMs`. Password attempts are limited per account.
 */
export async function assertRecentAuthentication(
  ctx: { db: Db; auth: Auth; settings: ActionIdentitySettings; now: Date },
  input: { userId: string; sessionCreatedAt: Date; password?: string },
): Promise<void> {
  if (input.password !== undefined) {
    await enforceRateLimit(ctx.db, `reauth:user:${input.userId}`, { max: 10, windowMs: 15 * 60_000 }, { now: ctx.now });
    const [credential] = await ctx.db
      .select({ hash: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, input.userId), eq(accounts.providerId, 'credential')));
    const { password } = await ctx.auth.$context;
    if (!credential?.hash || !(await password.verify({ hash: credential.hash, password: input.password }))) {
      throw identityError('wrong-password', { field: 'password' });
    }
    return;
  }
  if (ctx.now.getTime() - input.sessionCreatedAt.getTime() > ctx.settings.recentLoginMs) throw identityError('requires-recent-login');
}
