import { and, eq, isNotNull } from 'drizzle-orm';
import { pendingUser } from '../auth/second-factor-gate.js';
import type { Db } from '../db/client.js';
import { identitySecondFactors } from '../db/schema/index.js';
import { identityError } from './errors.js';
import { consumePhoneCode, sendPhoneCode, type PhoneContext } from './phone.js';
import { enforceRateLimit, type RateLimitRule } from './rate-limit.js';
import { listSecondFactors, verifyTotpCode, type SecondFactorContext } from './second-factor.js';
import { tenantOfUser } from './users.js';

/** The second step of a sign-in that auth/second-factor-gate.ts answered multi-factor-auth-required. */
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
