import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import {
  attemptCounters,
  identityActionCodes,
  oneTimeRecords,
  sessionRevocations,
  sessions,
  smsDevInbox,
  twoFactors,
  verifications,
} from '../db/schema/index.js';

/**
 * Rows past use are kept a day before they go, so a person who clicks a spent link or types an
 * expired code still gets "expired" rather than "invalid", and a support question about
 * yesterday can still be answered.
 */
export const EXPIRED_RECORD_GRACE_MS = 24 * 60 * 60_000;
/** How long a session revocation is kept: far above the cookie cache's lifetime it guards (ADR 0058). */
export const SESSION_REVOCATION_RETENTION_MS = 60 * 60_000;
/** The development SMS inbox (never written in production) keeps a week of messages. */
export const DEV_SMS_RETENTION_MS = 7 * 24 * 60 * 60_000;

/**
 * Deletes what only grows otherwise: used and expired action codes, lapsed
 * Better Auth verifications and our one-time records, sessions and second-factor enrollments, attempt counters whose
 * window (an hour at most) is long over, and old development texts. Live events have their own
 * task (events/prune.ts); delivered messages leave the job queue by themselves, and their
 * ledger rows (`outgoing_messages`) stay on purpose (ADR 0011). Each DELETE is idempotent, so
 * overlapping runs cannot delete anything twice or wrongly.
 */
export async function pruneExpiredRecords(db: Db, now: Date): Promise<Record<string, number>> {
  const before = new Date(now.getTime() - EXPIRED_RECORD_GRACE_MS);
  const count = async (q: Promise<unknown[]>) => (await q).length;
  return {
    identityActionCodes: await count(
      db
        .delete(identityActionCodes)
        .where(or(lt(identityActionCodes.usedAt, before), lt(identityActionCodes.expiresAt, before)))
        .returning({ id: identityActionCodes.id }),
    ),
    verifications: await count(db.delete(verifications).where(lt(verifications.expiresAt, before)).returning({ id: verifications.id })),
    oneTimeRecords: await count(
      db.delete(oneTimeRecords).where(lt(oneTimeRecords.expiresAt, before)).returning({ key: oneTimeRecords.key }),
    ),
    sessions: await count(db.delete(sessions).where(lt(sessions.expiresAt, before)).returning({ id: sessions.id })),
    // Read back for a cache's lifetime (minutes) only, by an instance catching up (ADR 0058); they
    // name people, a deleted account's too, so they go after an hour, not the day's grace.
    sessionRevocations: await count(
      db
        .delete(sessionRevocations)
        .where(lt(sessionRevocations.createdAt, new Date(now.getTime() - SESSION_REVOCATION_RETENTION_MS)))
        .returning({ id: sessionRevocations.id }),
    ),
    // A factor row holding no factor: an enrollment (app or phone) that lapsed unfinished.
    pendingSecondFactors: await count(
      db
        .delete(twoFactors)
        .where(
          and(
            eq(twoFactors.verified, false),
            isNull(twoFactors.phoneNumber),
            lt(sql`coalesce(greatest(${twoFactors.totpPendingUntil}, ${twoFactors.pendingPhoneUntil}), ${twoFactors.createdAt})`, before),
          ),
        )
        .returning({ id: twoFactors.id }),
    ),
    // Better Auth prunes its own `rate_limits`; these are ours (auth/attempt-limits.ts).
    attemptCounters: await count(
      db.delete(attemptCounters).where(lt(attemptCounters.windowStart, before)).returning({ key: attemptCounters.key }),
    ),
    devSms: await count(
      db
        .delete(smsDevInbox)
        .where(lt(smsDevInbox.receivedAt, new Date(now.getTime() - DEV_SMS_RETENTION_MS)))
        .returning({ id: smsDevInbox.id }),
    ),
  };
}
