import { and, count, desc, eq, gt, lt, max } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { phoneCodeSends } from '../../db/schema/index.js';
import { identityError } from '../errors.js';
import { assertResendDelayPassed, lockPhoneNumber, PHONE_NUMBER_USED_TOO_MANY_TIMES } from './phone-numbers.js';
import type { PhoneIdentitySettings } from '../../env.js';

/**
 * Refuses a send the handset's limits do not allow, whatever the tenant: within `resendDelayMs`
 * of the last one it is `too-many-requests` with the seconds to wait; past `sendsPerNumber` it is
 * "This phone number has been used too many times". Asked once before the captcha is spent (a
 * refused send spends none), and again by recordPhoneSend, which decides.
 */
export async function assertPhoneSendAllowed(db: DbOrTx, settings: PhoneIdentitySettings, phoneNumber: string, now: Date): Promise<void> {
  const { max: allowed, windowMs } = settings.sendsPerNumber;
  const since = new Date(now.getTime() - windowMs);
  const [recent] = await db
    .select({ sends: count(), lastSentAt: max(phoneCodeSends.sentAt) })
    .from(phoneCodeSends)
    .where(and(eq(phoneCodeSends.phoneNumber, phoneNumber), gt(phoneCodeSends.sentAt, since)));
  assertResendDelayPassed(recent?.lastSentAt, settings.resendDelayMs, now);
  if ((recent?.sends ?? 0) >= allowed) throw identityError('too-many-requests', { message: PHONE_NUMBER_USED_TOO_MANY_TIMES });
}

/**
 * Counts a send and names the tenant it was asked for, or refuses it: the check and the count are
 * one transaction holding the number's lock, so two sends at once cannot both pass the limits.
 */
export async function recordPhoneSend(
  db: Db,
  settings: PhoneIdentitySettings,
  send: { phoneNumber: string; tenantId: string | null; now: Date },
): Promise<void> {
  const { phoneNumber, tenantId, now } = send;
  // Kept while a limit counts it or its code can still be used (tenantOfLatestSend).
  const keptSince = new Date(now.getTime() - Math.max(settings.sendsPerNumber.windowMs, settings.codeTtlMs));
  await db.transaction(async (tx) => {
    await lockPhoneNumber(tx, phoneNumber);
    await assertPhoneSendAllowed(tx, settings, phoneNumber, now);
    await tx.delete(phoneCodeSends).where(lt(phoneCodeSends.sentAt, keptSince));
    await tx.insert(phoneCodeSends).values({ phoneNumber, tenantId, sentAt: now });
  });
}

/** The tenant the number's latest code was asked for (null: the default accounts); undefined: none was. */
export async function tenantOfLatestSend(db: Db, phoneNumber: string): Promise<string | null | undefined> {
  const [latest] = await db
    .select({ tenantId: phoneCodeSends.tenantId })
    .from(phoneCodeSends)
    .where(eq(phoneCodeSends.phoneNumber, phoneNumber))
    .orderBy(desc(phoneCodeSends.sentAt))
    .limit(1);
  return latest?.tenantId;
}
