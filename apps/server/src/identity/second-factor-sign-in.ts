import { createHash } from 'node:crypto';
import { IDENTITY_ERROR_MESSAGES } from '@trailbuddy/shared/contracts/identity';
import type { MultiFactorRequiredDetails } from '@trailbuddy/shared/contracts/identity-actions';
import { APIError } from 'better-auth/api';
import { and, eq, isNotNull } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { isSecondFactorVerifiedStart } from '../auth/identity-sessions.js';
import type { Db } from '../db/client.js';
import { identitySecondFactors } from '../db/schema/index.js';
import { identityError } from './errors.js';
import { consumePhoneCode, sendPhoneCode, type PhoneContext } from './phone.js';
import { enforceRateLimit, type RateLimitRule } from './rate-limit.js';
import { listSecondFactors, verifyTotpCode, type SecondFactorContext } from './second-factor.js';
import { tenantOfUser } from './users.js';

/**
 * Second factors at sign-in (checklist §1.7 #33). Every session Better Auth creates passes
 * `secondFactorGate` (auth.ts, `databaseHooks.session.create.before`): for an account with an
 * enrolled factor it is refused with `multi-factor-auth-required`, carrying a pending credential
 * (proof that the first factor passed, a few minutes long) and the factors to choose from, unless
 * it is the session the second-factor step below starts. So no sign-in path (the modal, the
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
async function pendingUser(secret: string, credential: string, now: Date): Promise<string> {
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

export interface SecondFactorSignInContext {
  factors: SecondFactorContext;
  phone: PhoneContext;
  secret: string;
  attemptsPerUser: RateLimitRule;
}

async function enrolledFactor(db: Db, userId: string, factorUid: string, factorId: 'totp' | 'phone') {
  const [row] = await db
    .select()
    .from(identitySecondFactors)
    .where(
      and(
        eq(identitySecondFactors.id, factorUid),
        eq(identitySecondFactors.userId, userId),
        eq(identitySecondFactors.factorId, factorId),
        isNotNull(identitySecondFactors.enrolledAt),
      ),
    );
  if (!row) throw identityError('invalid-credential', { message: 'That second factor is not enrolled on this account.' });
  return row;
}

/** The code of an enrolled authenticator app finishes the sign-in: the user id to start the session of. */
export async function signInWithTotp(
  ctx: SecondFactorSignInContext,
  input: { mfaPendingCredential: string; factorUid: string; code: string },
) {
  const { db, now } = ctx.factors;
  const userId = await pendingUser(ctx.secret, input.mfaPendingCredential, now);
  const row = await enrolledFactor(db, userId, input.factorUid, 'totp');
  await enforceRateLimit(db, `mfa-sign-in:user:${userId}`, ctx.attemptsPerUser, { now });
  await verifyTotpCode(ctx.factors, row.secret, input.code);
  return userId;
}

/** Texts a code to an enrolled phone factor (the phone sign-in's limits per number apply). */
export async function startPhoneFactorSignIn(ctx: SecondFactorSignInContext, input: { mfaPendingCredential: string; factorUid: string }) {
  const { db, now } = ctx.factors;
  const userId = await pendingUser(ctx.secret, input.mfaPendingCredential, now);
  const row = await enrolledFactor(db, userId, input.factorUid, 'phone');
  const sent = await sendPhoneCode(ctx.phone, row.phoneNumber!, { tenantId: (await tenantOfUser(db, userId))?.tenantId ?? null });
  return { verificationId: sent.verificationId, phoneNumber: row.phoneNumber!, expiresAt: sent.expiresAt.toISOString() };
}

/** The texted code finishes the sign-in, if it went to one of this account's phone factors. */
export async function finishPhoneFactorSignIn(
  ctx: SecondFactorSignInContext,
  input: { mfaPendingCredential: string; verificationId: string; code: string },
) {
  const { db, now } = ctx.factors;
  const userId = await pendingUser(ctx.secret, input.mfaPendingCredential, now);
  await enforceRateLimit(db, `mfa-sign-in:user:${userId}`, ctx.attemptsPerUser, { now });
  const tenantId = (await tenantOfUser(db, userId))?.tenantId ?? null;
  const phoneNumber = await consumePhoneCode(ctx.phone, { verificationId: input.verificationId, code: input.code, tenantId });
  const factors = await listSecondFactors(db, userId);
  if (!factors.some((f) => f.factorId === 'phone' && f.phoneNumber === phoneNumber)) throw identityError('code-expired');
  return userId;
}
