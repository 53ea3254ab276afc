import { z } from 'zod';

/**
 * What a web push message carries, from the server's sender (`web-push`) to the service worker
 * that shows it. One notification per `tag`: a newer push with the same tag replaces the older
 * one on the device instead of stacking. `url` is an app path (`/matches/pending`), opened or
 * focused when the person taps the notification.
 */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

// base64url without padding, as PushSubscription.toJSON() gives the keys.
const base64url = (label: string, bytes: number) =>
  z
    .string({ error: `${label} is required.` })
    .regex(/^[A-Za-z0-9_-]+$/, `${label} must be base64url.`)
    .refine((value) => Math.floor((value.length * 3) / 4) === bytes, `${label} must be ${bytes} bytes.`);

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it: the push service's
 * endpoint (always https) and the keys to encrypt for (RFC 8291: a P-256 public key of 65 bytes
 * and a 16-byte authentication secret). `expirationTime` is accepted and not kept.
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'Endpoint must be an https URL.' }).max(2000, 'Endpoint must be at most 2,000 characters.'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: base64url('Key p256dh', 65),
      auth: base64url('Key auth', 16),
    },
    { error: 'Keys are required.' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** Which subscription to remove: the browser's own endpoint. */
export const pushUnsubscribeSchema = z.object({
  endpoint: z
    .string({ error: 'Endpoint is required.' })
    .min(1, 'Endpoint is required.')
    .max(2000, 'Endpoint must be at most 2,000 characters.'),
});
