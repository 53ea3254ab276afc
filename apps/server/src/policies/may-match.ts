import { eq, sql, type Placeholder } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, GUEST_VERIFICATION_MESSAGE } from '@trailbuddy/shared/contracts/error-codes';
import { preparedPerDatabase, type DbOrTx } from '../db/client.js';
import { profiles, users } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import type { SessionUser } from '../plugins/auth-session.js';
import { verifiedContact } from './may-match-rule.js';
import { requireUser } from './session.js';

/** The query of standingOf for `userId` (a value, or a placeholder of a prepared statement). */
const standingQuery = (db: DbOrTx, userId: string | Placeholder) =>
  db
    .select({
      isAnonymous: users.isAnonymous,
      verifiedContact: sql<boolean>`${verifiedContact('users')}`,
      registrationCompletedAt: profiles.registrationCompletedAt,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));

/** The gate runs before every send, search and request: prepared where the connection allows it (ADR 0069). */
const preparedStanding = preparedPerDatabase('tb_may_match', (db, name) => standingQuery(db, sql.placeholder('userId')).prepare(name));

/** What an account has that the matching gate looks at, read fresh: a session may predate a verification. */
async function standingOf(db: DbOrTx, userId: string) {
  const prepared = preparedStanding(db);
  const [row] = prepared ? await prepared.execute({ userId }) : await standingQuery(db, userId);
  return row ?? null;
}

type Standing = NonNullable<Awaited<ReturnType<typeof standingOf>>>;

/**
 * Why this account may not search, request, invite, propose a date or write yet, or null when
 * it may (ADR 0030). The contact comes first: for a guest, the next step is an account.
 */
export function matchingRefusal(s: Standing | null): AppError | null {
  if (!s) return new AppError(403, 'verification-required', ERROR_MESSAGES['verification-required']);
  // Better Auth keeps a verified address in `users.email_verified`, phone sign-in a number confirmed by code in `phone_number_verified`.
  if (!s.verifiedContact)
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
