import type { DbOrTx } from '../../db/client.js';
import { lockInTransaction } from '../../db/locks.js';
import { parsePhoneNumberWithError, ParseError } from 'libphonenumber-js/max';
import { identityError } from '../errors.js';

/** The widget's provider id for phone sign-in; its account rows hold the E.164 number. */
export const PHONE_PROVIDER = 'phone';

export const PHONE_NUMBER_USED_TOO_MANY_TIMES = 'This phone number has been used too many times';

/**
 * The number as E.164, checked with libphonenumber-js's full metadata (product §5 "Phone"). The
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
        message: 'The country code provided is not supported.',
        field: 'phoneNumber',
        details: { reason: 'unsupported-country-code' },
      });
    }
  }
  throw identityError('invalid-phone-number', { field: 'phoneNumber' });
}

/** product §9: a number gets another code `resendDelayMs` after the last one, not sooner. */
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
export const lockPhoneNumber = (tx: DbOrTx, phoneNumber: string) => lockInTransaction(tx, 'identity-phone', phoneNumber);
