import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { verifications } from '../db/schema/index.js';
import { identityError } from '../identity/errors.js';
import type { PhoneIdentitySettings } from '../identity/phone-settings.js';

export const PHONE_NUMBER_USED_TOO_MANY_TIMES = 'This phone number has been used too many times';

/**
 * Every code texted for sign-in leaves a record in Better Auth's verification table beside the
 * code the phone plugin stores there: the handset's limits (the resend delay, so many codes an
 * hour) and the tenant the code was asked for (ADR 0009: a code signs in only where it was asked
 * for). The plugin's own row cannot carry these: it is rewritten on every wrong guess.
 */
const sendsOf = (phoneNumber: string) => `trailbuddy-phone-send-${phoneNumber}`;
const HOUR_MS = 60 * 60_000;

const recentSends = (phoneNumber: string, now: Date, windowMs: number) =>
  and(eq(verifications.identifier, sendsOf(phoneNumber)), gt(verifications.createdAt, new Date(now.getTime() - windowMs)));

/**
 * Refuses a send the handset's limits do not allow, whatever the tenant: within `resendDelayMs`
 * of the last one it is `too-many-requests` with the seconds to wait; past `sendsPerNumber` it is
 * "This phone number has been used too many times". Checked before the captcha is spent and the
 * plugin makes a code; the send is counted (recordPhoneSend) once the code exists.
 */
export async function assertPhoneSendAllowed(db: Db, settings: PhoneIdentitySettings, phoneNumber: string, now: Date): Promise<void> {
  const { max, windowMs } = settings.sendsPerNumber;
  const recent = recentSends(phoneNumber, now, windowMs);
  const [latest] = await db
    .select({ createdAt: verifications.createdAt })
    .from(verifications)
    .where(recent)
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  const waitMs = latest ? latest.createdAt.getTime() + settings.resendDelayMs - now.getTime() : 0;
  if (waitMs > 0) {
    const seconds = Math.ceil(waitMs / 1000);
    throw identityError('too-many-requests', {
      message: `A code was just sent to this number. Wait ${seconds} seconds before asking for another one.`,
      details: { retryAfterSeconds: seconds },
    });
  }
  const [sent] = await db.select({ n: count() }).from(verifications).where(recent);
  if ((sent?.n ?? 0) >= max) throw identityError('too-many-requests', { message: PHONE_NUMBER_USED_TOO_MANY_TIMES });
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
