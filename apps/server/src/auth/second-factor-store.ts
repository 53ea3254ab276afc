import type { ActionCodeInfo, MultiFactorInfo, SecondFactor } from '@trailbuddy/shared/contracts/identity-actions';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { sessions, twoFactors, users } from '../db/schema/index.js';
import { createActionCode, greetingName, loadActiveUser, type ActionCodeRow } from '../identity/actions-codes.js';
import { contactEmailOf } from '../identity/users.js';
import { enqueueMail } from '../mail/queue.js';

/**
 * An account's second factors as the widget names them (Firebase's MultiFactorInfo with a uid),
 * read from the one row the twoFactor plugin keeps per account (db/schema/identity-actions.ts):
 * its authenticator app when the plugin counts it `verified`, and its phone.
 */
export type FactorRow = typeof twoFactors.$inferSelect;

export async function factorRowOf(db: DbOrTx, userId: string): Promise<FactorRow | undefined> {
  const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, userId));
  return row;
}

export function factorsOf(row: FactorRow | undefined): SecondFactor[] {
  if (!row) return [];
  const factors: SecondFactor[] = [];
  if (row.verified && row.totpUid) {
    const enrollmentTime = (row.totpEnrolledAt ?? row.createdAt).toISOString();
    factors.push({ uid: row.totpUid, factorId: 'totp', displayName: row.totpDisplayName, phoneNumber: null, enrollmentTime });
  }
  if (row.phoneUid && row.phoneNumber) {
    const enrollmentTime = (row.phoneEnrolledAt ?? row.createdAt).toISOString();
    factors.push({ uid: row.phoneUid, factorId: 'phone', displayName: row.phoneDisplayName, phoneNumber: row.phoneNumber, enrollmentTime });
  }
  return factors.sort((a, b) => a.enrollmentTime.localeCompare(b.enrollmentTime));
}

export async function listSecondFactors(db: DbOrTx, userId: string): Promise<SecondFactor[]> {
  return factorsOf(await factorRowOf(db, userId));
}

/**
 * A secret moved from the old table holds base32 text; the plugin reads such a secret only with
 * its `base32:` prefix, so it is re-encrypted that way before the plugin first needs it.
 */
export async function upgradeLegacySecret(db: DbOrTx, key: Parameters<typeof symmetricEncrypt>[0]['key'], userId: string): Promise<void> {
  const row = await factorRowOf(db, userId);
  if (!row?.legacyBase32Secret) return;
  const secret = await symmetricEncrypt({ key, data: `base32:${await symmetricDecrypt({ key, data: row.secret })}` });
  await db
    .update(twoFactors)
    .set({ secret, legacyBase32Secret: false })
    .where(and(eq(twoFactors.id, row.id), eq(twoFactors.legacyBase32Secret, true)));
}

/** What no longer holds an authenticator app: the plugin then refuses its codes (TOTP not enabled). */
const noTotp = { verified: false, secret: '', legacyBase32Secret: false, totpUid: null, totpDisplayName: null, totpEnrolledAt: null };
const noPhone = { phoneUid: null, phoneNumber: null, phoneDisplayName: null, phoneEnrolledAt: null };

/**
 * Removes the factor `uid` of the account (false when it has none of that uid). The row goes with
 * its last factor, and the plugin's `twoFactorEnabled` flag with it.
 */
export async function removeSecondFactor(tx: DbOrTx, userId: string, uid: string): Promise<boolean> {
  const row = await factorRowOf(tx, userId);
  const factor = factorsOf(row).find((f) => f.uid === uid);
  if (!row || !factor) return false;
  const left = factorsOf(row).filter((f) => f.uid !== uid);
  if (left.length === 0) {
    await tx.delete(twoFactors).where(eq(twoFactors.id, row.id));
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
  } else {
    await tx
      .update(twoFactors)
      .set(factor.factorId === 'totp' ? noTotp : noPhone)
      .where(eq(twoFactors.id, row.id));
  }
  return true;
}

/** A row for an account that has none yet, so a phone enrollment has somewhere to wait. */
export async function ensureFactorRow(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .insert(twoFactors)
    .values({ id: crypto.randomUUID(), userId, backupCodes: '', ...noTotp })
    .onConflictDoNothing({ target: twoFactors.userId });
}

/**
 * The right first code arrived: the app (once the plugin counts it verified) or the waiting phone
 * is enrolled, at most once even if two finishes race, and the account's flag set.
 */
export async function completeEnrollment(
  tx: DbOrTx,
  userId: string,
  kind: 'totp' | 'phone',
  displayName: string | null,
  now: Date,
): Promise<SecondFactor | undefined> {
  const [row] =
    kind === 'totp'
      ? await tx
          .update(twoFactors)
          .set({ totpEnrolledAt: now, totpPendingUntil: null, totpDisplayName: displayName })
          .where(and(eq(twoFactors.userId, userId), eq(twoFactors.verified, true), isNull(twoFactors.totpEnrolledAt)))
          .returning()
      : await tx
          .update(twoFactors)
          .set({
            phoneUid: crypto.randomUUID(),
            phoneNumber: sql`${twoFactors.pendingPhoneNumber}`,
            phoneDisplayName: displayName,
            phoneEnrolledAt: now,
            pendingPhoneNumber: null,
            pendingPhoneUntil: null,
          })
          .where(and(eq(twoFactors.userId, userId), gt(twoFactors.pendingPhoneUntil, now)))
          .returning();
  if (!row) return undefined;
  await tx.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId));
  return factorsOf(row).find((f) => f.factorId === kind);
}

const factorDescription = (f: SecondFactor) =>
  f.factorId === 'phone'
    ? `The phone ${f.phoneNumber}`
    : f.displayName
      ? `The authenticator app "${f.displayName}"`
      : 'An authenticator app';

/**
 * Every enrollment mails the account a revertSecondFactorAddition link (checklist §5.12) that
 * removes the factor again and ends every session: the defence when someone who took a session
 * adds their own factor.
 */
export async function mailFactorAdded(
  tx: DbOrTx,
  ctx: { appUrl: string; recoveryCodeTtlMs: number; now: Date },
  user: { id: string; email: string; name: string },
  factor: SecondFactor,
): Promise<void> {
  const info: MultiFactorInfo = {
    factorId: factor.factorId,
    ...(factor.phoneNumber && { phoneNumber: factor.phoneNumber }),
    ...(factor.displayName && { displayName: factor.displayName }),
  };
  const revert = await createActionCode(
    tx,
    ctx.appUrl,
    {
      operation: 'REVERT_SECOND_FACTOR_ADDITION',
      userId: user.id,
      email: user.email,
      data: { factorUid: factor.uid, multiFactorInfo: info },
      ttlMs: ctx.recoveryCodeTtlMs,
    },
    ctx.now,
  );
  await enqueueMail(tx, {
    template: 'second-factor-added',
    to: user.email,
    params: { to_name: greetingName(user), link: revert.link, factor: factorDescription(factor) },
    idempotencyKey: `second-factor-added:${factor.uid}`,
  });
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
  if (factorUid) await removeSecondFactor(tx, user.id, factorUid);
  await tx.delete(sessions).where(eq(sessions.userId, user.id));
  const info = multiFactorInfoOf(row);
  return { operation: 'REVERT_SECOND_FACTOR_ADDITION', email: contactEmailOf(user) ?? user.email, ...(info && { multiFactorInfo: info }) };
}
