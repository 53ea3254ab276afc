import { createHash } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Short-lived ID tokens for session token sync (product §7): the web client fetches one after
 * sign-in and POSTs it as a bearer token to the configured same-origin URL, which verifies it.
 * HS256 with a key derived from the auth secret: only this deployment's instances mint and check.
 * The claims name the account's address and tenant (ADR 0009), like Firebase's `firebase.tenant`.
 */
const ISSUER = 'trailbuddy';
const AUDIENCE = 'trailbuddy-token-sync';
const ID_TOKEN_TTL_S = 3600;

const keyFrom = (secret: string) => createHash('sha256').update(`id-token:${secret}`).digest();

export async function mintIdToken(secret: string, user: { id: string; email: string | null; tenantId: string | null }, now: Date) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ email: user.email, ...(user.tenantId && { tenant: user.tenantId }) })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(user.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ID_TOKEN_TTL_S)
    .sign(keyFrom(secret));
}

/** The token's subject, or null when it is forged, expired, or older than `maxAgeS`. */
export async function verifyIdToken(secret: string, token: string, now: Date, maxAgeS: number): Promise<string | null> {
  try {
    const options = { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'], currentDate: now, maxTokenAge: maxAgeS };
    const { payload } = await jwtVerify(token, keyFrom(secret), options);
    return typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}
