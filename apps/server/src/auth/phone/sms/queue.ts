import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.js';
import { idempotencyKeySchema, queueMessageOnce } from '../../../jobs/outgoing-messages.js';
import { TASKS } from '../../../jobs/queue.js';

/**
 * Fewer tries than mail (graphile-worker waits e, e², e³, e⁴ seconds: about 85 s in all): a
 * verification code lives minutes, so a text that has not left by then is worth nothing.
 */
export const SMS_MAX_ATTEMPTS = 5;

/** Ten concatenated segments: far above any verification text, low enough to stop a runaway body. */
const SMS_MAX_LENGTH = 1600;

/** A text message as it is queued and as a transport sends it. */
const smsSchema = z.object({
  to: z.string().regex(/^\+[1-9]\d{1,14}$/, 'must be an E.164 phone number'),
  body: z.string().refine((body) => body.trim() !== '' && body.length <= SMS_MAX_LENGTH, `must be 1-${SMS_MAX_LENGTH} characters`),
  /** Names the message (queueMessageOnce); it travels to the gateway (webhook `Idempotency-Key`) to drop a redelivered duplicate. */
  idempotencyKey: idempotencyKeySchema,
});
export type SmsToQueue = z.infer<typeof smsSchema>;

/**
 * Queues a text message as a `send_sms` job (ADR 0011), in the caller's transaction so it commits
 * or rolls back with the change it carries. `queued` is false when a message with this idempotency
 * key was queued before (and maybe sent). A message that could never be delivered (a bug in the
 * caller) is zod's error here, at queue time, naming the fields at fault.
 */
export async function queueSms(db: DbOrTx, input: SmsToQueue) {
  const sms = smsSchema.parse(input);
  const { idempotencyKey } = sms;
  return queueMessageOnce(db, { channel: 'sms', task: TASKS.sendSms, idempotencyKey, payload: sms, maxAttempts: SMS_MAX_ATTEMPTS });
}

/**
 * The code's text. Plain ASCII keeps a message in one GSM-7 segment (160 characters); the code
 * comes first so a phone's notification preview shows it.
 */
export const phoneCodeSms = (code: string) => `${code} is your TrailBuddy verification code.`;
