import type { Db } from '../../../db/client.js';
import { smsTransportKind, type Env } from '../../../env.js';
import { smsDevInbox } from '../../../db/schema/sms.js';
import type { SmsToQueue } from './queue.js';

/** Delivers one text message or throws (preferably an SmsSendError, which says whether to retry). */
export interface SmsTransport {
  /** Shown in logs and in the start-up banner. */
  readonly kind: 'dev-inbox' | 'webhook';
  send(sms: SmsToQueue): Promise<void>;
}

/**
 * A failed delivery. `retryable` tells the worker whether another attempt can succeed (network,
 * rate limit, gateway trouble) or the message should be marked failed at once. `status` is the
 * gateway's HTTP status, 0 when no response came.
 */
export class SmsSendError extends Error {
  constructor(
    readonly status: number,
    readonly retryable: boolean,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(`${status} ${detail}`, options);
    this.name = 'SmsSendError';
  }
}

/**
 * Delivers into the `sms_dev_inbox` table, which /dev/sms shows: phone sign-in works on a fresh
 * machine with no SMS gateway and nothing ever leaves it. A redelivery after a crash is dropped
 * by the idempotency key.
 */
export function createDevInboxSmsTransport(db: Db): SmsTransport {
  return {
    kind: 'dev-inbox',
    async send(sms) {
      await db
        .insert(smsDevInbox)
        .values({ toPhone: sms.to, body: sms.body, idempotencyKey: sms.idempotencyKey })
        .onConflictDoNothing({ target: smsDevInbox.idempotencyKey });
    },
  };
}

/**
 * POSTs `{ to, body, idempotencyKey }` as JSON (plus an `Idempotency-Key` header) to the
 * configured URL (http or https: env.ts checks SMS_WEBHOOK_URL), with `Authorization: Bearer <token>` when a token is set. Any 2xx is a delivery. 408, 429 and 5xx pass with time and are retried; any
 * other status would be refused again (bad number, bad credentials), so it fails at once.
 */
export function createWebhookSmsTransport(config: { url: string; token?: string | undefined }): SmsTransport {
  return {
    kind: 'webhook',
    async send(sms) {
      let res: Response;
      try {
        res = await fetch(config.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': sms.idempotencyKey,
            ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
          },
          body: JSON.stringify({ to: sms.to, body: sms.body, idempotencyKey: sms.idempotencyKey }),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (err) {
        throw new SmsSendError(0, true, `Network Error: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
      }
      const text = (await res.text().catch(() => '')).trim().slice(0, 500);
      if (res.ok) return;
      const retryable = res.status === 408 || res.status === 429 || res.status >= 500;
      throw new SmsSendError(res.status, retryable, text || res.statusText || 'SMS gateway error');
    },
  };
}

/** The transport `smsTransportKind` names, or undefined when SMS is off. */
export function createSmsTransport(
  config: Pick<Env, 'NODE_ENV' | 'SMS_WEBHOOK_URL' | 'SMS_WEBHOOK_TOKEN' | 'DEV_INBOX'>,
  db: Db,
): SmsTransport | undefined {
  const kind = smsTransportKind(config);
  if (kind === 'webhook') return createWebhookSmsTransport({ url: config.SMS_WEBHOOK_URL!, token: config.SMS_WEBHOOK_TOKEN });
  return kind === 'dev-inbox' ? createDevInboxSmsTransport(db) : undefined;
}
