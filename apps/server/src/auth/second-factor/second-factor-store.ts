import type { ActionCodeInfo, MultiFactorInfo, SecondFactor } from '@trailbuddy/shared/contracts/identity-actions';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { sessions, twoFactors, users } from '../../db/schema/index.js';
import { greetingName, loadActiveUser, mailActionLink, type ActionCodeRow } from '../account-actions/actions-codes.js';
import { contactEmailOf, mailboxOf } from '../users.js';

/**
 * An account's second factors as the widget names them (Firebase's MultiFactorInfo with a uid), kept
 * in the one row the twoFactor plugin has per account (ADR 0043): its authenticator app once the
 * plugin counts it `verified`, and its phone.
 */
type FactorRow = typeof twoFactors.$inferSelect;

export async function factorRowOf(db: DbOrTx, userId: string): Promise<FactorRow | undefined> {
  const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, userId));
  return row;
}

function factorsOf(row: FactorRow | undefined): SecondFactor[] {
  if (!row) return [];
  const since = (at: Date | null) => (at ?? row.createdAt).toISOString();
  const factors: SecondFactor[] = [];
  if (row.verified && row.totpUid) {
    const { totpUid: uid, totpDisplayName: displayName } = row;
    factors.push({ uid, factorId: 'totp', displayName, phoneNumber: null, enrollmentTime: since(row.totpEnrolledAt) });
  }
  if (row.phoneUid && row.phoneNumber) {
    const { phoneUid: uid, phoneDisplayName: displayName, phoneNumber } = row;
    factors.push({ uid, factorId: 'phone', displayName, phoneNumber, enrollmentTime: since(row.phoneEnrolledAt) });
  }
  return factors.sort((a, b) => a.enrollmentTime.localeCompare(b.enrollmentTime));
}

export const listSecondFactors = async (db: DbOrTx, userId: string) => factorsOf(await factorRowOf(db, userId));

/** A secret moved from the old table holds base32 text, which the plugin reads only with its `base32:` prefix. */
export async function upgradeLegacySecret(db: DbOrTx, key: Parameters<typeof symmetricEncrypt>[0]['key'], userId: string): Promise<void> {
  const row = await factorRowOf(db, userId);
  if (!row?.legacyBase32Secret) return;
  const secret = await symmetricEncrypt({ key, data: `base32:${await symmetricDecrypt({ key, data: row.secret })}` });
  const stillLegacy = and(eq(twoFactors.id, row.id), eq(twoFactors.legacyBase32Secret, true));
  await db.update(twoFactors).set({ secret, legacyBase32Secret: false }).where(stillLegacy);
}

/** What no longer holds an authenticator app (the plugin then refuses its codes), or a phone. */
const NO_TOTP = { verified: false, secret: '', legacyBase32Secret: false, totpUid: null, totpDisplayName: null, totpEnrolledAt: null };
const NO_PHONE = { phoneUid: null, phoneNumber: null, phoneDisplayName: null, phoneEnrolledAt: null };

/** Removes the factor `uid` (false when the account has none of that uid); the row and the plugin's flag go with the last one. */
export async function removeSecondFactor(tx: DbOrTx, userId: string, uid: string): Promise<boolean> {
  const row = await factorRowOf(tx, userId);
  const factors = factorsOf(row);
  const factor = factors.find((f) => f.uid === uid);
  if (!row || !factor) return false;
  if (factors.length > 1) {
    await tx
      .update(twoFactors)
      .set(factor.factorId === 'totp' ? NO_TOTP : NO_PHONE)
      .where(eq(twoFactors.id, row.id));
  } else {
    await tx.delete(twoFactors).where(eq(twoFactors.id, row.id));
    await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, userId));
  }
  return true;
}

/** A new app (the plugin has just stored its secret): a new uid, and the enrollment lapses if its first code does not come in time. */
export async function awaitApp(db: Db, userId: string, totpPendingUntil: Date) {
  const app = { totpUid: crypto.randomUUID(), totpPendingUntil, totpDisplayName: null, totpEnrolledAt: null, legacyBase32Secret: false };
  await db.update(twoFactors).set(app).where(eq(twoFactors.userId, userId));
}

/** The number an SMS enrollment waits on until its first code (a row is made for an account without one). */
export async function awaitPhone(db: Db, userId: string, pending: { pendingPhoneNumber: string; pendingPhoneUntil: Date }) {
  await db
    .insert(twoFactors)
    .values({ id: crypto.randomUUID(), userId, backupCodes: '', ...NO_TOTP, ...pending })
    .onConflictDoUpdate({ target: twoFactors.userId, set: pending });
}

/**
 * The right first code arrived: the app (once the plugin counts it verified) or the waiting phone is
 * enrolled, at most once even if two finishes race, and, in the same transaction, the account is
 * mailed a revertSecondFactorAddition link (checklist §5.12) that removes it again and ends every
 * session: the defence when someone who took a session adds their own factor.
 */
export async function completeEnrollment(
  db: Db,
  mail: { appUrl: string; recoveryCodeTtlMs: number; now: Date },
  userId: string,
  kind: 'totp' | 'phone',
  displayName: string | null,
): Promise<SecondFactor | undefined> {
  const { now } = mail;
  const set =
    kind === 'totp'
      ? { totpEnrolledAt: now, totpPendingUntil: null, totpDisplayName: displayName }
      : {
          phoneUid: crypto.randomUUID(),
          phoneNumber: sql`${twoFactors.pendingPhoneNumber}`,
          phoneDisplayName: displayName,
          phoneEnrolledAt: now,
          pendingPhoneNumber: null,
          pendingPhoneUntil: null,
        };
  const waiting =
    kind === 'totp' ? and(eq(twoFactors.verified, true), isNull(twoFactors.totpEnrolledAt)) : gt(twoFactors.pendingPhoneUntil, now);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(twoFactors)
      .set(set)
      .where(and(eq(twoFactors.userId, userId), waiting))
      .returning();
    const factor = factorsOf(row).find((f) => f.factorId === kind);
    if (!factor) return undefined;
    const [user] = await tx.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, userId)).returning();
    const email = user && contactEmailOf(user);
    if (!email) return factor;
    const multiFactorInfo: MultiFactorInfo = {
      factorId: kind,
      ...(factor.phoneNumber && { phoneNumber: factor.phoneNumber }),
      ...(factor.displayName && { displayName: factor.displayName }),
    };
    const data = { factorUid: factor.uid, multiFactorInfo };
    const code = { operation: 'REVERT_SECOND_FACTOR_ADDITION' as const, userId, email, data, ttlMs: mail.recoveryCodeTtlMs };
    const app = factor.displayName ? `The authenticator app "${factor.displayName}"` : 'An authenticator app';
    const factorName = kind === 'phone' ? `The phone ${factor.phoneNumber}` : app;
    const params = { to_name: greetingName({ name: user.name, email }), factor: factorName };
    await mailActionLink(tx, mail, code, { template: 'second-factor-added', params });
    return factor;
  });
}

/** What a revert code says about its factor (the check shows it before the user confirms). */
export const multiFactorInfoOf = (row: ActionCodeRow) => (row.data as { multiFactorInfo?: MultiFactorInfo }).multiFactorInfo;

/** revertSecondFactorAddition: the factor goes (if still there) and every session ends, in the transaction that spent the code. */
export async function applyRevertSecondFactor(tx: DbOrTx, row: ActionCodeRow): Promise<ActionCodeInfo> {
  const user = await loadActiveUser(tx, row.userId);
  const { factorUid } = row.data as { factorUid?: string };
  if (factorUid) await removeSecondFactor(tx, user.id, factorUid);
  await tx.delete(sessions).where(eq(sessions.userId, user.id));
  const info = multiFactorInfoOf(row);
  return { operation: 'REVERT_SECOND_FACTOR_ADDITION', email: mailboxOf(user), ...(info && { multiFactorInfo: info }) };
}
