import { createHash } from 'node:crypto';
import { IDENTITY_ERROR_MESSAGES } from '@trailbuddy/shared/contracts/identity';
import type { MultiFactorRequiredDetails } from '@trailbuddy/shared/contracts/identity-actions';
import { APIError } from 'better-auth/api';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/client.js';
import { identityError } from '../identity/errors.js';
import { listSecondFactors } from '../identity/second-factor-list.js';
import { isSecondFactorVerifiedStart } from './identity-sessions.js';

/**
 * Second factors at sign-in (checklist §1.7 #33). Every session Better Auth creates passes
 * `secondFactorGate` (auth.ts, `databaseHooks.session.create.before`): for an account with an
 * enrolled factor it is refused with `multi-factor-auth-required`, carrying a pending credential
 * (proof that the first factor passed, a few minutes long) and the factors to choose from, unless
 * it is the session the second-factor step (identity/second-factor-sign-in.ts) starts. So no sign-in path (the modal, the
 * widget, a direct API call) can skip the factor.
 */
const PENDING_TTL_S = 5 * 60;
const AUDIENCE = 'trailbuddy-mfa-pending';
const keyFrom = (secret: string) => createHash('sha256').update(`mfa-pending:${secret}`).digest();

async function mintPendingCredential(secret: string, userId: string, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(AUDIENCE)
    .setSubject(userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + PENDING_TTL_S)
    .sign(keyFrom(secret));
}

/** The user whose first factor passed; an expired or forged credential is `code-expired` (start again). */
export async function pendingUser(secret: string, credential: string, now: Date): Promise<string> {
  try {
    const { payload } = await jwtVerify(credential, keyFrom(secret), { audience: AUDIENCE, algorithms: ['HS256'], currentDate: now });
    if (typeof payload.sub === 'string') return payload.sub;
  } catch {
    // Falls through to the refusal.
  }
  throw identityError('code-expired', { message: 'This sign-in has expired. Sign in again.' });
}

export async function secondFactorGate(
  db: Db,
  secret: string,
  now: Date,
  userId: string,
  context: { path?: string; body?: unknown } | null,
): Promise<void> {
  if (isSecondFactorVerifiedStart(context)) return;
  const factors = await listSecondFactors(db, userId);
  if (factors.length === 0) return;
  const details: MultiFactorRequiredDetails = { mfaPendingCredential: await mintPendingCredential(secret, userId, now), factors };
  throw new APIError('FORBIDDEN', {
    code: 'multi-factor-auth-required',
    message: IDENTITY_ERROR_MESSAGES['multi-factor-auth-required'],
    details,
  });
}
