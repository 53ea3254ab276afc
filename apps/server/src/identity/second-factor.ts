import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { ActionCodeInfo, MultiFactorInfo, SecondFactor, SecondFactorId } from '@trailbuddy/shared/contracts/identity-actions';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Auth } from '../auth/auth.js';
import type { Db, DbOrTx } from '../db/client.js';
import { identitySecondFactors, sessions } from '../db/schema/index.js';
import { notFound } from '../errors.js';
import { enqueueMail } from '../mail/queue.js';
import { phoneCodeSms, queueSms } from '../sms/index.js';
import { createActionCode, greetingName, loadActiveUser, type ActionCodeRow } from './actions-codes.js';
import type { ActionIdentitySettings } from './actions-settings.js';
import { identityError } from './errors.js';
import { normalizePhoneNumber } from './phone.js';
import { enforceRateLimit } from './rate-limit.js';
import { present, listSecondFactors } from './second-factor-list.js';
import { contactEmailOf } from './users.js';

/**
 * Second factors (checklist §1.7 #33, §5.12 revertSecondFactorAddition): an account can add a
 * TOTP app or an SMS number; every enrollment mails the account a revertSecondFactorAddition
 * link that removes the factor again and ends every session (the defence when someone who took
 * a session adds their own factor). Sign-in asks for the factor: second-factor-sign-in.ts.
 */
export interface SecondFactorContext {
  db: Db;
  auth: Auth;
  appUrl: string;
  settings: ActionIdentitySettings;
  now: Date;
}

type FactorRow = typeof identitySecondFactors.$inferSelect;
export { listSecondFactors };
type Owner = { id: string; email: string; name: string; emailVerified: boolean; isAnonymous: boolean };

const TOTP_SHAPE = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const SIX_DIGITS = /^\d{6}$/;

/** Firebase's preconditions for enrolling: a full account whose e-mail is verified (the revert link goes there). */
async function assertCanEnroll(ctx: SecondFactorContext, user: Owner) {
  if (user.isAnonymous) throw identityError('operation-not-allowed', { message: 'A guest account cannot add a second factor.' });
  if (!user.emailVerified) throw identityError('unverified-email');
  const [{ enrolled }] = (await ctx.db
    .select({ enrolled: count() })
    .from(identitySecondFactors)
    .where(and(eq(identitySecondFactors.userId, user.id), isNotNull(identitySecondFactors.enrolledAt)))) as [{ enrolled: number }];
  if (enrolled >= ctx.settings.maxSecondFactors) {
    throw identityError('operation-not-allowed', {
      message: `An account can have at most ${ctx.settings.maxSecondFactors} second factors.`,
    });
  }
}

/** Starts a pending enrollment, replacing an unfinished one of the same kind. */
async function insertPending(
  tx: DbOrTx,
  ctx: SecondFactorContext,
  userId: string,
  factor: Partial<FactorRow> & { factorId: SecondFactorId },
) {
  await tx
    .delete(identitySecondFactors)
    .where(
      and(
        eq(identitySecondFactors.userId, userId),
        eq(identitySecondFactors.factorId, factor.factorId),
        isNull(identitySecondFactors.enrolledAt),
      ),
    );
  const id = randomUUID();
  const pendingExpiresAt = new Date(ctx.now.getTime() + ctx.settings.enrollmentTtlMs);
  await tx.insert(identitySecondFactors).values({ ...factor, id, userId, createdAt: ctx.now, pendingExpiresAt });
  return { id, pendingExpiresAt };
}

/** The unfinished enrollment `enrollmentId` of this user, or `code-expired`. */
async function pendingEnrollment(ctx: SecondFactorContext, userId: string, enrollmentId: string, factorId: SecondFactorId) {
  const [row] = await ctx.db
    .select()
    .from(identitySecondFactors)
    .where(
      and(
        eq(identitySecondFactors.id, enrollmentId),
        eq(identitySecondFactors.userId, userId),
        eq(identitySecondFactors.factorId, factorId),
        isNull(identitySecondFactors.enrolledAt),
      ),
    );
  if (!row || !row.pendingExpiresAt || row.pendingExpiresAt.getTime() <= ctx.now.getTime()) throw identityError('code-expired');
  return row;
}

const factorDescription = (f: { factorId: string; phoneNumber: string | null; displayName: string | null }) =>
  f.factorId === 'phone'
    ? `The phone ${f.phoneNumber}`
    : f.displayName
      ? `The authenticator app "${f.displayName}"`
      : 'An authenticator app';

/**
 * Marks the enrollment done and, in the same transaction, mails the revert link. The guard on
 * `enrolled_at IS NULL` makes a second, concurrent finish of the same enrollment a no-op.
 */
async function completeEnrollment(
  ctx: SecondFactorContext,
  user: Owner,
  row: FactorRow,
  displayName: string | null,
): Promise<SecondFactor> {
  return ctx.db.transaction(async (tx) => {
    const [done] = await tx
      .update(identitySecondFactors)
      .set({ enrolledAt: ctx.now, pendingExpiresAt: null, displayName, ...(row.factorId === 'phone' && { secret: null }) })
      .where(and(eq(identitySecondFactors.id, row.id), isNull(identitySecondFactors.enrolledAt)))
      .returning();
    if (!done) throw identityError('code-expired');
    const info: MultiFactorInfo = {
      factorId: done.factorId as SecondFactorId,
      ...(done.phoneNumber && { phoneNumber: done.phoneNumber }),
      ...(done.displayName && { displayName: done.displayName }),
    };
    const revert = await createActionCode(
      tx,
      ctx.appUrl,
      {
        operation: 'REVERT_SECOND_FACTOR_ADDITION',
        userId: user.id,
        email: user.email,
        data: { factorUid: done.id, multiFactorInfo: info },
        ttlMs: ctx.settings.recoveryCodeTtlMs,
      },
      ctx.now,
    );
    await enqueueMail(tx, {
      template: 'second-factor-added',
      to: user.email,
      params: { to_name: greetingName(user), link: revert.link, factor: factorDescription(done) },
      idempotencyKey: `second-factor-added:${done.id}`,
    });
    return present(done);
  });
}

/** TOTP, step 1: a fresh secret (stored encrypted with the auth secret) and its otpauth:// URI. */
export async function startTotpEnrollment(ctx: SecondFactorContext, user: Owner) {
  await assertCanEnroll(ctx, user);
  const secret = new Secret({ size: 20 });
  const { secretConfig } = await ctx.auth.$context;
  const encrypted = await symmetricEncrypt({ key: secretConfig, data: secret.base32 });
  const { id, pendingExpiresAt } = await ctx.db.transaction((tx) =>
    insertPending(tx, ctx, user.id, { factorId: 'totp', secret: encrypted }),
  );
  const totp = new TOTP({ issuer: ctx.settings.totpIssuer, label: user.email, secret, ...TOTP_SHAPE });
  return {
    enrollmentId: id,
    secret: secret.base32,
    otpauthUri: totp.toString(),
    ...TOTP_SHAPE,
    expiresAt: pendingExpiresAt.toISOString(),
  };
}

/** Checks an authenticator app's current code against a factor's stored (encrypted) secret. */
export async function verifyTotpCode(ctx: Pick<SecondFactorContext, 'auth' | 'now'>, storedSecret: string | null, input: string) {
  const code = input.trim();
  if (!SIX_DIGITS.test(code)) throw identityError('invalid-verification-code', { field: 'code' });
  const { secretConfig } = await ctx.auth.$context;
  const base32 = await symmetricDecrypt({ key: secretConfig, data: storedSecret ?? '' });
  const totp = new TOTP({ secret: Secret.fromBase32(base32), ...TOTP_SHAPE });
  // One period either side: the phone's clock may be a little off.
  if (totp.validate({ token: code, timestamp: ctx.now.getTime(), window: 1 }) === null) {
    throw identityError('invalid-verification-code', { field: 'code' });
  }
}

/** TOTP, step 2: the app's current code proves it holds the secret; the factor is enrolled. */
export async function finishTotpEnrollment(
  ctx: SecondFactorContext,
  user: Owner,
  input: { enrollmentId: string; code: string; displayName?: string },
): Promise<SecondFactor> {
  const row = await pendingEnrollment(ctx, user.id, input.enrollmentId, 'totp');
  await enforceRateLimit(ctx.db, `mfa-enroll:user:${user.id}`, ctx.settings.enrollAttemptsPerUser, { now: ctx.now });
  await verifyTotpCode(ctx, row.secret, input.code);
  return completeEnrollment(ctx, user, row, input.displayName?.trim() || null);
}

const smsCodeHash = (enrollmentId: string, code: string) => createHash('sha256').update(`${enrollmentId}:${code}`).digest('hex');

/**
 * SMS, step 1: a 6-digit code to the number, queued as a text (committed with the pending
 * enrollment). Limited per account (recent sign-in, enrollment attempts) and per number.
 */
export async function startPhoneEnrollment(ctx: SecondFactorContext, user: Owner, input: { phoneNumber: string }) {
  // The phone sign-in's rules and messages ("Enter a valid phone number", unsupported country codes).
  const phoneNumber = normalizePhoneNumber(input.phoneNumber);
  await assertCanEnroll(ctx, user);
  await enforceRateLimit(ctx.db, `mfa-sms:phone:${phoneNumber}`, ctx.settings.smsPerPhoneNumber, {
    now: ctx.now,
    message: 'This phone number has been used too many times',
  });
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const { id, pendingExpiresAt } = await ctx.db.transaction(async (tx) => {
    const pending = await insertPending(tx, ctx, user.id, { factorId: 'phone', phoneNumber });
    await tx
      .update(identitySecondFactors)
      .set({ secret: smsCodeHash(pending.id, code) })
      .where(eq(identitySecondFactors.id, pending.id));
    await queueSms(tx, { to: phoneNumber, body: phoneCodeSms(code), idempotencyKey: `mfa-enroll:${pending.id}` });
    return pending;
  });
  return { enrollmentId: id, phoneNumber, expiresAt: pendingExpiresAt.toISOString() };
}

/** SMS, step 2: the code from the text message enrolls the number. */
export async function finishPhoneEnrollment(
  ctx: SecondFactorContext,
  user: Owner,
  input: { enrollmentId: string; code: string; displayName?: string },
): Promise<SecondFactor> {
  const row = await pendingEnrollment(ctx, user.id, input.enrollmentId, 'phone');
  await enforceRateLimit(ctx.db, `mfa-enroll:user:${user.id}`, ctx.settings.enrollAttemptsPerUser, { now: ctx.now });
  const code = input.code.trim();
  if (!SIX_DIGITS.test(code)) throw identityError('invalid-verification-code', { field: 'code' });
  const expected = Buffer.from(row.secret ?? '', 'hex');
  const given = Buffer.from(smsCodeHash(row.id, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    throw identityError('invalid-verification-code', { field: 'code' });
  return completeEnrollment(ctx, user, row, input.displayName?.trim() || null);
}

/** The account removes one of its factors itself (after a recent sign-in, checked by the route). */
export async function unenrollSecondFactor(db: Db, userId: string, uid: string): Promise<void> {
  const rows = await db
    .delete(identitySecondFactors)
    .where(and(eq(identitySecondFactors.id, uid), eq(identitySecondFactors.userId, userId), isNotNull(identitySecondFactors.enrolledAt)))
    .returning({ id: identitySecondFactors.id });
  if (rows.length === 0) throw notFound('Second factor');
}

/** What a revert code says about its factor (the check shows it before the user confirms). */
export const multiFactorInfoOf = (row: ActionCodeRow) => (row.data as { multiFactorInfo?: MultiFactorInfo }).multiFactorInfo;

/**
 * revertSecondFactorAddition: the factor goes (if the account still has it) and every session
 * ends, in the transaction that spent the code. The answer names the factor for the success page.
 */
export async function applyRevertSecondFactor(tx: DbOrTx, row: ActionCodeRow): Promise<ActionCodeInfo> {
  const user = await loadActiveUser(tx, row.userId);
  const { factorUid } = row.data as { factorUid?: string };
  if (factorUid) {
    await tx.delete(identitySecondFactors).where(and(eq(identitySecondFactors.id, factorUid), eq(identitySecondFactors.userId, user.id)));
  }
  await tx.delete(sessions).where(eq(sessions.userId, user.id));
  const info = multiFactorInfoOf(row);
  return { operation: 'REVERT_SECOND_FACTOR_ADDITION', email: contactEmailOf(user) ?? user.email, ...(info && { multiFactorInfo: info }) };
}
