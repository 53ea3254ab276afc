import { and, desc, eq, gt, like } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { JWTExpired } from 'jose/errors';
import { z } from 'zod';
import type { DbOrTx } from '../db/client.js';
import { verifications } from '../db/schema/index.js';
import { identityError } from './errors.js';

/**
 * The codes Better Auth mails for the app's modal (auth/auth.ts: sendResetPassword,
 * sendVerificationEmail), which land on the same `/auth?mode=…&oobCode=…` page the widget
 * serves. The identity API accepts them beside its own codes:
 * - resetPassword: a 24-character random token; Better Auth keeps `reset-password:<token>` →
 *   user id in `verifications` until it is used or expires (1 hour).
 * - verifyEmail: a stateless HS256 JWT `{ email, userId }` signed with the auth secret (1 hour).
 *   Nothing is stored, so the account's own state is the one-time gate: a code for an e-mail
 *   that is already verified counts as used.
 */
export const BETTER_AUTH_RESET_TOKEN = /^[A-Za-z0-9]{24}$/;
export const BETTER_AUTH_JWT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

const resetIdentifier = (token: string) => `reset-password:${token}`;

export async function findBetterAuthReset(db: DbOrTx, token: string, now: Date): Promise<{ userId: string }> {
  const [row] = await db
    .select()
    .from(verifications)
    .where(eq(verifications.identifier, resetIdentifier(token)))
    .orderBy(desc(verifications.createdAt))
    .limit(1);
  if (!row) throw identityError('invalid-action-code');
  if (row.expiresAt.getTime() <= now.getTime()) throw identityError('expired-action-code');
  return { userId: row.value };
}

/** Spends a Better Auth reset token inside the caller's transaction (a rollback restores it). */
export async function consumeBetterAuthReset(tx: DbOrTx, token: string, now: Date): Promise<{ userId: string }> {
  const rows = await tx
    .delete(verifications)
    .where(eq(verifications.identifier, resetIdentifier(token)))
    .returning();
  const live = rows.find((r) => r.expiresAt.getTime() > now.getTime());
  if (live) return { userId: live.value };
  throw identityError(rows.length > 0 ? 'expired-action-code' : 'invalid-action-code');
}

/** Every outstanding Better Auth reset token of an account (it was taken over and recovered). */
export async function revokeBetterAuthResets(tx: DbOrTx, userId: string, now: Date) {
  await tx
    .delete(verifications)
    .where(and(like(verifications.identifier, 'reset-password:%'), eq(verifications.value, userId), gt(verifications.expiresAt, now)));
}

const verifyEmailClaims = z.object({
  email: z.string(),
  userId: z.string().optional(),
  // Better Auth's own change-of-e-mail tokens carry these; that flow is off (ours replaces it).
  updateTo: z.string().optional(),
  requestType: z.string().optional(),
});

/** Reads a Better Auth verifyEmail token, on the server's clock (so tests can move it). */
export async function readBetterAuthVerifyEmail(secret: string, token: string, now: Date): Promise<{ email: string; userId?: string }> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'], currentDate: now }));
  } catch (err) {
    throw identityError(err instanceof JWTExpired ? 'expired-action-code' : 'invalid-action-code');
  }
  const claims = verifyEmailClaims.safeParse(payload);
  if (!claims.success || claims.data.updateTo || claims.data.requestType) throw identityError('invalid-action-code');
  return { email: claims.data.email, userId: claims.data.userId };
}
