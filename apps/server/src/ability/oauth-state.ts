import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long the member has at the service's consent page. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
/** The cookie that ties the round trip to the browser that started it. */
export const OAUTH_STATE_COOKIE = 'tb_activity_oauth';

const mac = (key: Buffer, ...parts: string[]) => createHmac('sha256', key).update(parts.join('\n')).digest('base64url');

/**
 * The OAuth `state` of a connection (CSRF defence, RFC 6749 §10.12): a nonce also set in an
 * HttpOnly cookie of this browser, the expiry, and a MAC over both with the member's id and the
 * provider. A callback is accepted only in the browser that started it, for the same signed-in
 * member, within the time; nothing is stored on the server.
 */
export function newOAuthState(key: Buffer, userId: string, provider: string, now: Date): { state: string; nonce: string } {
  const nonce = randomBytes(18).toString('base64url');
  const expires = String(now.getTime() + OAUTH_STATE_TTL_MS);
  return { state: `${nonce}.${expires}.${mac(key, nonce, expires, userId, provider)}`, nonce };
}

export function isValidOAuthState(
  key: Buffer,
  state: string,
  cookieNonce: string | undefined,
  userId: string,
  provider: string,
  now: Date,
): boolean {
  const [nonce, expires, signature] = state.split('.');
  if (!nonce || !expires || !signature || !cookieNonce || nonce !== cookieNonce) return false;
  if (!/^\d+$/.test(expires) || Number(expires) < now.getTime()) return false;
  const expected = Buffer.from(mac(key, nonce, expires, userId, provider));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The key of the states, of its own so a state can never pass for another signed value. */
export const oauthStateKey = (authSecret: string) => createHmac('sha256', authSecret).update('trailbuddy:activity-oauth-state:v1').digest();
