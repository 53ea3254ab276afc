import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The trip plan's link tokens (ADR 0033): 32 random bytes the recipient holds, and only their
 * SHA-256 in the database, so a leaked table cannot open any page or confirm any contact.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A key of its own for trip pages, so their tokens can never be replayed as another signed value. */
export const tripTokenKey = (authSecret: string) => createHmac('sha256', authSecret).update('trailbuddy:trip-page:v1').digest();

/**
 * A trip page's token: derived from the share (match, sharer, moment shared) with the server's key,
 * so the overdue job can put the same link in its alert without the token ever being stored. A new
 * share is a new moment, so sharing again retires the previous link.
 */
export function tripPageToken(key: Buffer, share: { matchId: string; userId: string; sharedAt: Date }): { token: string; hash: string } {
  const token = createHmac('sha256', key).update(`${share.matchId}:${share.userId}:${share.sharedAt.toISOString()}`).digest('base64url');
  return { token, hash: hashLinkToken(token) };
}
