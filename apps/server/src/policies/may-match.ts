import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, GUEST_VERIFICATION_MESSAGE } from '@trailbuddy/shared/contracts/error-codes';
import type { DbOrTx } from '../db/client.js';
import { profiles, users } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { contactEmailOf } from '../identity/users.js';
import type { SessionUser } from '../plugins/auth-session.js';
import { requireUser } from './session.js';

/** What an account has that the matching gate looks at, read fresh: a session may predate a verification. */
async function standingOf(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      emailVerified: users.emailVerified,
      tenantId: users.tenantId,
      tenantEmail: users.tenantEmail,
      isAnonymous: users.isAnonymous,
      phoneNumber: users.phoneNumber,
      phoneNumberVerified: users.phoneNumberVerified,
      registrationCompletedAt: profiles.registrationCompletedAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

type Standing = NonNullable<Awaited<ReturnType<typeof standingOf>>>;

/**
 * A contact someone proved they can be reached at: an address of their own (never a guest's or
 * a phone account's placeholder) whose link they followed, or a phone number they confirmed by
 * code. Better Auth keeps the first in `users.email_verified`, phone sign-in the second in
 * `users.phone_number_verified`.
 */
export const hasVerifiedContact = (s: Standing): boolean =>
  (s.emailVerified && contactEmailOf(s) !== null) || (s.phoneNumberVerified && s.phoneNumber !== null);

/**
 * Why this account may not search, request, invite, propose a date or write yet, or null when
 * it may (ADR 0030). The contact comes first: for a guest, the next step is an account.
 */
export function matchingRefusal(s: Standing | null): AppError | null {
  if (!s) return new AppError(403, 'verification-required', ERROR_MESSAGES['verification-required']);
  if (!hasVerifiedContact(s))
    return new AppError(403, 'verification-required', s.isAnonymous ? GUEST_VERIFICATION_MESSAGE : ERROR_MESSAGES['verification-required']);
  if (s.registrationCompletedAt === null) return new AppError(403, 'profile-required', ERROR_MESSAGES['profile-required']);
  return null;
}

/**
 * Who may match (ADR 0030): signed in (else 401), a verified contact and a completed profile
 * (else 403 `verification-required` / `profile-required`). Routes ask for it with
 * `config.access: 'may-match'`; the access plugin runs it before the request is validated.
 */
export async function requireMayMatch(req: FastifyRequest, db: DbOrTx): Promise<SessionUser> {
  const user = await requireUser(req);
  const refusal = matchingRefusal(await standingOf(db, user.id));
  if (refusal) throw refusal;
  return user;
}
