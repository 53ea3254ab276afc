import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.js';
import { queueMessageOnce } from '../../../jobs/outgoing-messages.js';
import { TASKS } from '../../../jobs/queue.js';

/**
 * Fewer tries than mail (graphile-worker waits e, e², e³, e⁴ seconds: about 85 s in all): a
 * verification code lives minutes, so a text that has not left by then is worth nothing.
 */
export const SMS_MAX_ATTEMPTS = 5;

export interface SmsToQueue {
  /** E.164, e.g. +351912345678. */
  to: string;
  body: string;
  /**
   * Names the message, not the attempt (e.g. `phone-code:<verificationId>`): the same business
   * event always yields the same key, so a retried request cannot queue it twice, even after the
   * first one was sent. It travels to
   * the gateway (webhook `Idempotency-Key`) for the gateway to drop a redelivered duplicate.
   */
  idempotencyKey: string;
}

/** Thrown for a message that could never be delivered: a bug in the caller, caught at queue time. */
export class InvalidSmsError extends Error {
  constructor(readonly fields: Record<string, string>) {
    super(
      `Invalid SMS: ${Object.entries(fields)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    this.name = 'InvalidSmsError';
  }
}

const e164 = z.string().regex(/^\+[1-9]\d{1,14}$/);
const idempotencyKeySchema = z.string().regex(/^[\x21-\x7e]{1,200}$/);
/** Ten concatenated segments: far above any verification text, low enough to stop a runaway body. */
export const SMS_MAX_LENGTH = 1600;

export interface QueueSmsResult {
  /** False when a message with this idempotency key was queued before (and maybe sent). */
  queued: boolean;
}

/**
 * Queues a text message as a `send_sms` job (ADR 0011), in the caller's transaction so it commits
 * or rolls back with the change it carries.
 */
export async function queueSms(db: DbOrTx, sms: SmsToQueue): Promise<QueueSmsResult> {
  if (!e164.safeParse(sms.to).success) throw new InvalidSmsError({ to: 'must be an E.164 phone number' });
  if (!idempotencyKeySchema.safeParse(sms.idempotencyKey).success) {
    throw new InvalidSmsError({ idempotencyKey: 'must be 1-200 printable ASCII characters without spaces' });
  }
  if (sms.body.trim() === '' || sms.body.length > SMS_MAX_LENGTH) {
    throw new InvalidSmsError({ body: `must be 1-${SMS_MAX_LENGTH} characters` });
  }
  const job: SmsToQueue = { to: sms.to, body: sms.body, idempotencyKey: sms.idempotencyKey };
  return queueMessageOnce(db, {
    channel: 'sms',
    task: TASKS.sendSms,
    idempotencyKey: sms.idempotencyKey,
    payload: job,
    maxAttempts: SMS_MAX_ATTEMPTS,
  });
}

/**
 * The code's text. Plain ASCII keeps a message in one GSM-7 segment (160 characters); the code
 * comes first so a phone's notification preview shows it.
 */
export const phoneCodeSms = (code: string) => `${code} is your TrailBuddy verification code.`;
