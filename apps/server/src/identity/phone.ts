import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { parsePhoneNumberWithError, ParseError } from 'libphonenumber-js/max';
import type { Db } from '../db/client.js';
import { phoneVerifications } from '../db/schema/index.js';
import { phoneCodeSms, queueSms } from '../sms/index.js';
import { identityError } from './errors.js';
import { PHONE_CODE_LENGTH, type PhoneIdentitySettings } from './phone-settings.js';
import { enforceRateLimit } from './rate-limit.js';

/** The widget's provider id for phone sign-in; its account rows hold the E.164 number. */
export const PHONE_PROVIDER = 'phone';

export const UNSUPPORTED_COUNTRY_CODE = 'The country code provided is not supported.';
export const PHONE_NUMBER_USED_TOO_MANY_TIMES = 'This phone number has been used too many times';

/**
 * The number as E.164, checked with libphonenumber-js's full metadata (SPEC §5 "Phone"). The
 * widget sends "+" + calling code + national number; the server refuses what the widget would:
 * nothing → `missing-phone-number`; an unknown calling code → `invalid-phone-number` with "The
 * country code provided is not supported."; anything else that is not a valid number →
 * `invalid-phone-number` ("Enter a valid phone number").
 */
export function normalizePhoneNumber(input: string | undefined): string {
  const raw = input?.trim() ?? '';
  if (raw === '' || raw === '+') throw identityError('missing-phone-number', { field: 'phoneNumber' });
  if (!raw.startsWith('+')) throw identityError('invalid-phone-number', { field: 'phoneNumber' });
  try {
    const parsed = parsePhoneNumberWithError(raw);
    if (parsed.isValid()) return parsed.number;
  } catch (err) {
    if (err instanceof ParseError && err.message === 'INVALID_COUNTRY') {
      throw identityError('invalid-phone-number', {
        message: UNSUPPORTED_COUNTRY_CODE,
        field: 'phoneNumber',
        details: { reason: 'unsupported-country-code' },
      });
    }
  }
  throw identityError('invalid-phone-number', { field: 'phoneNumber' });
}

/** SPEC §9: a number gets another code `resendDelayMs` after the last one, not sooner. */
export function assertResendDelayPassed(lastSentAt: Date | null | undefined, resendDelayMs: number, now: Date): void {
  const waitMs = lastSentAt ? lastSentAt.getTime() + resendDelayMs - now.getTime() : 0;
  if (waitMs <= 0) return;
  const seconds = Math.ceil(waitMs / 1000);
  throw identityError('too-many-requests', {
    message: `A code was just sent to this number. Wait ${seconds} seconds before asking for another one.`,
    details: { retryAfterSeconds: seconds },
  });
}

/** Serialises every send and sign-in of one number across instances (resend delay, account creation). */
export const lockPhoneNumber = (phoneNumber: string) =>
  sql`SELECT pg_advisory_xact_lock(hashtextextended(${`identity-phone:${phoneNumber}`}, 0))`;

const codeHash = (key: string, verificationId: string, code: string) =>
  createHmac('sha256', key).update(`${verificationId}:${code}`).digest('hex');

export interface PhoneContext {
  db: Db;
  settings: PhoneIdentitySettings;
  now: Date;
}

export interface SentCode {
  verificationId: string;
  expiresAt: Date;
  /** When the same number may ask for another code. */
  resendAt: Date;
}

/**
 * Sends a sign-in code (checklist §5.6): 6 random digits, stored as an HMAC, valid for
 * `codeTtlMs`, queued as a text in the same transaction (ADR 0011). Under a lock on the number:
 * a second send within `resendDelayMs` is `too-many-requests`; past `sendsPerNumber` an hour it
 * is "This phone number has been used too many times"; otherwise the new code supersedes every
 * earlier one for the number. With `deliver: false` nothing is texted (enumeration protection
 * answers an admin-restricted number as if a code had left). The code only signs in to the
 * number's account in `tenantId` (ADR 0009); the limits are the handset's, whatever the tenant.
 */
export async function sendPhoneCode(
  ctx: PhoneContext,
  phoneNumber: string,
  opts: { deliver?: boolean; tenantId?: string | null } = {},
): Promise<SentCode> {
  const { settings, now } = ctx;
  return ctx.db.transaction(async (tx) => {
    await tx.execute(lockPhoneNumber(phoneNumber));
    const [latest] = await tx
      .select({ createdAt: phoneVerifications.createdAt })
      .from(phoneVerifications)
      .where(eq(phoneVerifications.phoneNumber, phoneNumber))
      .orderBy(desc(phoneVerifications.createdAt))
      .limit(1);
    assertResendDelayPassed(latest?.createdAt, settings.resendDelayMs, now);
    await enforceRateLimit(tx, `phone-send:${phoneNumber}`, settings.sendsPerNumber, { now, message: PHONE_NUMBER_USED_TOO_MANY_TIMES });

    await tx
      .update(phoneVerifications)
      .set({ status: 'superseded' })
      .where(and(eq(phoneVerifications.phoneNumber, phoneNumber), eq(phoneVerifications.status, 'pending')));
    const verificationId = randomUUID();
    const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
    const expiresAt = new Date(now.getTime() + settings.codeTtlMs);
    await tx.insert(phoneVerifications).values({
      id: verificationId,
      phoneNumber,
      tenantId: opts.tenantId ?? null,
      codeHash: codeHash(settings.codeKey, verificationId, code),
      expiresAt,
      createdAt: now,
    });
    if (opts.deliver !== false) {
      await queueSms(tx, { to: phoneNumber, body: phoneCodeSms(code), idempotencyKey: `phone-code:${verificationId}` });
    }
    return { verificationId, expiresAt, resendAt: new Date(now.getTime() + settings.resendDelayMs) };
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CODE = new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`);

type CodeOutcome = { ok: true; phoneNumber: string } | { ok: false; error: 'code-expired' | 'invalid-verification-code'; burned?: boolean };

/**
 * Spends a code: returns its number once. An unknown, used, superseded or burned verification
 * and an expired code are `code-expired` (the widget goes back to the number with "This code is
 * no longer valid"); a wrong code is `invalid-verification-code` and counts, and the
 * `maxAttempts`-th wrong code burns it. The row is locked, so two guesses cannot race. A code
 * sent for another tenant does not exist for this one (`code-expired`, nothing counted).
 */
export async function consumePhoneCode(
  ctx: PhoneContext,
  input: { verificationId: string; code?: string | undefined; tenantId?: string | null },
): Promise<string> {
  const code = input.code?.trim() ?? '';
  if (code === '') throw identityError('missing-verification-code', { field: 'code' });
  if (!UUID.test(input.verificationId)) throw identityError('code-expired');

  const outcome = await ctx.db.transaction(async (tx): Promise<CodeOutcome> => {
    const [row] = await tx.select().from(phoneVerifications).where(eq(phoneVerifications.id, input.verificationId)).for('update');
    if (!row || row.status !== 'pending' || row.expiresAt.getTime() <= ctx.now.getTime()) return { ok: false, error: 'code-expired' };
    if (row.tenantId !== (input.tenantId ?? null)) return { ok: false, error: 'code-expired' };
    const expected = Buffer.from(row.codeHash, 'hex');
    const given = Buffer.from(codeHash(ctx.settings.codeKey, row.id, code), 'hex');
    if (!CODE.test(code) || !timingSafeEqual(expected, given)) {
      const failedAttempts = row.failedAttempts + 1;
      const burned = failedAttempts >= ctx.settings.maxAttempts;
      await tx
        .update(phoneVerifications)
        .set({ failedAttempts, ...(burned && { status: 'burned' as const }) })
        .where(eq(phoneVerifications.id, row.id));
      return { ok: false, error: 'invalid-verification-code', burned };
    }
    await tx.update(phoneVerifications).set({ status: 'used' }).where(eq(phoneVerifications.id, row.id));
    return { ok: true, phoneNumber: row.phoneNumber };
  });
  if (outcome.ok) return outcome.phoneNumber;
  if (outcome.error === 'code-expired') throw identityError('code-expired');
  throw identityError('invalid-verification-code', {
    field: 'code',
    ...(outcome.burned && { message: 'Wrong code. This code can no longer be used; ask for a new one.', details: { burned: true } }),
  });
}
