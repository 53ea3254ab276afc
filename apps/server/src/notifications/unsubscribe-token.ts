import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { notificationKindSchema, type NotificationKind } from '@trailbuddy/shared/contracts/notifications';

/**
 * The one-click unsubscribe tokens of notification mails (RFC 8058, ADR 0025): the recipient's
 * id and the kinds the mail was about, signed with a key derived from the auth secret. The token
 * is the whole authorisation, so it works without signing in; it can only switch off e-mail for
 * those kinds of that person, and changing either breaks the signature. It does not expire: an
 * unsubscribe link in an old mail must keep working.
 */
export interface UnsubscribeClaims {
  userId: string;
  kinds: NotificationKind[];
}

const claimsSchema = z.object({ u: z.string().min(1), k: z.array(notificationKindSchema).min(1) });

/** A key of its own, so a token can never be replayed as any other signed value of the app. */
export const unsubscribeKey = (authSecret: string) =>
  createHmac('sha256', authSecret).update('trailbuddy:notification-unsubscribe:v1').digest();

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function createUnsubscribeToken(key: Buffer, claims: UnsubscribeClaims): string {
  const body = Buffer.from(JSON.stringify({ u: claims.userId, k: [...new Set(claims.kinds)].sort() })).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

/** The claims of a genuine token, or null for anything else. */
export function verifyUnsubscribeToken(key: Buffer, token: string): UnsubscribeClaims | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = claimsSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return parsed.success ? { userId: parsed.data.u, kinds: parsed.data.k } : null;
  } catch {
    return null;
  }
}
