import { Agent } from 'node:https';
import type { PushPayload } from '@trailbuddy/shared/contracts/push';
import webpush, { WebPushError } from 'web-push';
import type { VapidKeys } from '../secret.js';
import { guardedLookup, PushAddressRefusedError, pushEndpointRefusal, type PushEndpointPolicy, type Resolver } from './endpoints.js';

/** How long a push service keeps a message for a browser that is offline: a day-old notification is stale. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A push service's answer that is not a success; `gone` means the subscription no longer exists. */
export class PushSendError extends Error {
  override readonly name = 'PushSendError';

  constructor(
    message: string,
    readonly statusCode: number | undefined,
    /** 429, 5xx and network trouble heal by waiting; a 400 or 403 (our request, our keys) does not. */
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export interface PushSender {
  /**
   * Sends one encrypted message; 'gone' when the push service says the subscription expired (404,
   * 410); 'refused' when the endpoint is not one we connect to (not a push service's host, or an
   * address that is not public): no connection was made, and none ever will be.
   */
  send(target: PushTarget, payload: PushPayload): Promise<'sent' | 'gone' | 'refused'>;
}

export interface PushSenderOptions {
  vapid: VapidKeys;
  /** Which endpoints may be connected to (ADR 0052): env's PUSH_SERVICE_HOSTS and PUSH_ALLOW_LOOPBACK. */
  endpoints: PushEndpointPolicy;
  /** Extra certificate authorities to trust (tests: the local endpoint's self-signed certificate). */
  ca?: string;
  /** How host names are resolved (tests: a resolver that answers what a hostile DNS would). */
  resolve?: Resolver;
  timeoutMs?: number;
}

/**
 * Web push through the `web-push` library: the payload encrypted for the browser (RFC 8291,
 * aes128gcm) and signed for the push service with our VAPID key (RFC 8292). The tag doubles as
 * the Topic, so a push service holding an older message of the same tag replaces it.
 */
export function createPushSender({ vapid, endpoints, ca, resolve, timeoutMs = 10_000 }: PushSenderOptions): PushSender {
  // Every connection resolves through the guard and connects to the address it checked.
  const agent = new Agent({ keepAlive: true, lookup: guardedLookup(endpoints, resolve), ...(ca && { ca }) });
  return {
    async send(target, payload) {
      // Again at send time: a subscription kept before the rule, or a list narrowed since.
      if (pushEndpointRefusal(target.endpoint, endpoints) !== null) return 'refused';
      try {
        await webpush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          {
            vapidDetails: vapid,
            TTL: PUSH_TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
            // RFC 8030 topics are at most 32 base64url characters.
            topic: topicOf(payload.tag),
            timeout: timeoutMs,
            agent,
          },
        );
        return 'sent';
      } catch (err) {
        if (err instanceof PushAddressRefusedError) return 'refused';
        if (err instanceof WebPushError) {
          if (err.statusCode === 404 || err.statusCode === 410) return 'gone';
          const retryable = err.statusCode === 429 || err.statusCode >= 500;
          throw new PushSendError(`push service answered ${err.statusCode}`, err.statusCode, retryable);
        }
        throw new PushSendError(err instanceof Error ? err.message : String(err), undefined, true);
      }
    },
  };
}

/** The tag as an RFC 8030 Topic: base64url characters only, at most 32. */
export function topicOf(tag: string): string {
  return tag.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32);
}
