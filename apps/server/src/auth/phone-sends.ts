import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt, max } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { verifications } from '../db/schema/index.js';
import { identityError } from '../identity/errors.js';
import { assertResendDelayPassed, PHONE_NUMBER_USED_TOO_MANY_TIMES } from '../identity/phone.js';
import type { PhoneIdentitySettings } from '../identity/phone-settings.js';

/**
 * Every code texted for sign-in leaves a record in Better Auth's verification table beside the
 * code the phone plugin stores there: the handset's limits (the resend delay, so many codes an
 * hour) and the tenant the code was asked for (ADR 0009: a code signs in only where it was asked
 * for). The plugin's own row cannot carry these: it is rewritten on every wrong guess.
 */
const sendsOf = (phoneNumber: string) => `trailbuddy-phone-send-${phoneNumber}`;
const HOUR_MS = 60 * 60_000;

/**
 * Refuses a send the handset's limits do not allow, whatever the tenant: within `resendDelayMs`
 * of the last one it is `too-many-requests` with the seconds to wait; past `sendsPerNumber` it is
 * "This phone number has been used too many times". Checked before the captcha is spent and the
 * plugin makes a code; the send is counted (recordPhoneSend) once the code exists.
 */
export async function assertPhoneSendAllowed(db: Db, settings: PhoneIdentitySettings, phoneNumber: string, now: Date): Promise<void> {
  const { max: allowed, windowMs } = settings.sendsPerNumber;
  const since = new Date(now.getTime() - windowMs);
  const [recent] = await db
    .select({ sends: count(), lastSentAt: max(verifications.createdAt) })
    .from(verifications)
    .where(and(eq(verifications.identifier, sendsOf(phoneNumber)), gt(verifications.createdAt, since)));
  assertResendDelayPassed(recent?.lastSentAt, settings.resendDelayMs, now);
  if ((recent?.sends ?? 0) >= allowed) throw identityError('too-many-requests', { message: PHONE_NUMBER_USED_TOO_MANY_TIMES });
}

/** Counts a code the plugin made for the number, and names the tenant it was asked for. */
export async function recordPhoneSend(
  db: Db,
  settings: PhoneIdentitySettings,
  send: { phoneNumber: string; tenantId: string | null; now: Date },
): Promise<void> {
  const { now } = send;
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: sendsOf(send.phoneNumber),
    value: send.tenantId ?? '',
    expiresAt: new Date(now.getTime() + Math.max(settings.sendsPerNumber.windowMs, HOUR_MS)),
    createdAt: now,
    updatedAt: now,
  });
}

/** The tenant the number's latest code was asked for (null: the default accounts); undefined: none was. */
export async function tenantOfLatestSend(db: Db, phoneNumber: string): Promise<string | null | undefined> {
  const [latest] = await db
    .select({ tenantId: verifications.value })
    .from(verifications)
    .where(eq(verifications.identifier, sendsOf(phoneNumber)))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  return latest === undefined ? undefined : latest.tenantId || null;
}
