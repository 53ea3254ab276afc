import {
  OPERATION_OF_MODE,
  type ActionCodeInfo,
  type ActionMode,
  type ActionOperation,
} from '@trailbuddy/shared/contracts/identity-actions';
import { and, eq } from 'drizzle-orm';
import type { GenericEndpointContext } from 'better-auth';
import type { Db } from '../../db/client.js';
import { inAuthErrors, stringOf } from '../plugin-kit.js';
import type { AuthPluginOptions } from '../settings.js';
import { accounts } from '../../db/schema/index.js';
import { consumeActionCode, findUsableActionCode, loadActiveUser, type ActionCodeRow } from './actions-codes.js';
import type { ActionIdentitySettings } from '../../env.js';
import { applyRecoverEmail, applyVerifyAndChangeEmail } from './email-change.js';
import { identityError } from '../errors.js';
import { enforceRateLimit } from '../attempt-limits.js';
import { mailboxOf } from '../users.js';
import { applyRevertSecondFactor, multiFactorInfoOf } from '../second-factor/second-factor-store.js';

/**
 * Account actions by out-of-band code (checklist §5.12, ADR 0039): what a code does and for whom,
 * and the actions Better Auth has no endpoint for.
 */
export interface ActionContext {
  db: Db;
  appUrl: string;
  settings: ActionIdentitySettings;
  now: Date;
}

function infoOf(row: ActionCodeRow, currentEmail: string): ActionCodeInfo {
  const operation = row.operation as ActionOperation;
  if (operation === 'REVERT_SECOND_FACTOR_ADDITION') {
    const info = multiFactorInfoOf(row);
    return { operation, email: currentEmail, ...(info && { multiFactorInfo: info }) };
  }
  return { operation, email: row.email, ...(row.previousEmail && { previousEmail: row.previousEmail }) };
}

/**
 * The live code and its account, refused as the action pages expect: unknown or used
 * `invalid-action-code`, past its lifetime `expired-action-code`, a disabled account
 * `user-disabled`, a code opened under another mode's page `invalid-action-code`.
 */
export async function usableActionCode(ctx: ActionContext, oobCode: string, mode?: ActionMode) {
  const row = await findUsableActionCode(ctx.db, oobCode, ctx.now);
  const user = await loadActiveUser(ctx.db, row.userId);
  if (mode && OPERATION_OF_MODE[mode] !== row.operation) throw identityError('invalid-action-code');
  // A verification link is for the address the account has now, not one it had when it was mailed.
  if (row.operation === 'VERIFY_EMAIL' && mailboxOf(user).toLowerCase() !== row.email.toLowerCase())
    throw identityError('invalid-action-code');
  return { row, user };
}

/** checkActionCode / verifyPasswordResetCode: what the code does, without spending it. */
export async function checkActionCode(ctx: ActionContext, oobCode: string, mode?: ActionMode): Promise<ActionCodeInfo> {
  const { row, user } = await usableActionCode(ctx, oobCode, mode);
  return infoOf(row, mailboxOf(user));
}

/**
 * applyActionCode for the actions Better Auth has no endpoint for: verifyAndChangeEmail,
 * recoverEmail, revertSecondFactorAddition. The code is spent in the same transaction as its
 * effect (and its follow-up mail), so a failure leaves the code usable and a success can never be
 * replayed. Reset and verification codes are refused: they are Better Auth's to complete.
 */
export async function applyActionCode(ctx: ActionContext, oobCode: string): Promise<ActionCodeInfo> {
  return ctx.db.transaction(async (tx) => {
    const row = await consumeActionCode(tx, oobCode, ctx.now);
    switch (row.operation as ActionOperation) {
      case 'VERIFY_AND_CHANGE_EMAIL':
        return applyVerifyAndChangeEmail(tx, ctx, row);
      case 'RECOVER_EMAIL':
        return applyRecoverEmail(tx, ctx, row);
      case 'REVERT_SECOND_FACTOR_ADDITION':
        return applyRevertSecondFactor(tx, row);
      default:
        throw identityError('invalid-action-code');
    }
  });
}

/** Better Auth's password hasher (`ctx.context.password`), which checks a password against the stored hash. */
export type PasswordHasher = { verify: (input: { hash: string; password: string }) => Promise<boolean> };
type SignedIn = { user: { id: string }; session: { createdAt: Date } };

/**
 * Sensitive account changes (e-mail, second factors) need a fresh proof of identity, like
 * Firebase's requires-recent-login: the current password, or a session signed in within
 * `recentLoginMs`. Password attempts are limited per account.
 */
export async function assertRecentAuthentication(
  ctx: { db: Db; settings: ActionIdentitySettings; now: Date; passwords: PasswordHasher },
  input: { userId: string; sessionCreatedAt: Date; password?: string },
): Promise<void> {
  if (input.password !== undefined) {
    await enforceRateLimit(ctx.db, `reauth:user:${input.userId}`, { max: 10, windowMs: 15 * 60_000 }, { now: ctx.now });
    const [credential] = await ctx.db
      .select({ hash: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, input.userId), eq(accounts.providerId, 'credential')));
    if (!credential?.hash || !(await ctx.passwords.verify({ hash: credential.hash, password: input.password }))) {
      throw identityError('wrong-password', { field: 'password' });
    }
    return;
  }
  if (ctx.now.getTime() - input.sessionCreatedAt.getTime() > ctx.settings.recentLoginMs) throw identityError('requires-recent-login');
}

/** The rule for a request to one of our plugins: the password it carries, or the age of its session. */
export const assertRecentSignIn = (o: AuthPluginOptions, ctx: GenericEndpointContext, found: SignedIn, password: unknown) =>
  inAuthErrors(() =>
    assertRecentAuthentication(
      { db: o.db, settings: o.identity.actions, now: o.now(), passwords: ctx.context.password },
      { userId: found.user.id, sessionCreatedAt: new Date(found.session.createdAt), password: stringOf(password) },
    ),
  );
