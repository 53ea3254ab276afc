import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { identityError } from '../errors.js';
import { emailColumns, inTenant } from '../users.js';
import { newSecret, putRecord, recordKey, takeRecord } from '../one-time-records.js';

/*
 * FirebaseUI's guest semantics (checklist §5.9) beside Better Auth's anonymous plugin: a guest is
 * upgraded in place (same id), or the credential it proved belongs to another account and the
 * sign-in ends in a merge conflict that the guest's session finishes with a one-time token.
 */

/**
 * Turns a guest into a full account in place, in its own tenant: the same id, so everything it made
 * stays. A second, concurrent upgrade is a no-op that reports `false`; an e-mail taken meanwhile is
 * the unique violation of `users.email` (`users.tenant_email` in a tenant).
 */
export async function upgradeAnonymousUser(
  db: DbOrTx,
  userId: string,
  identity: { email?: string; name?: string; emailVerified?: boolean; phoneNumber?: string; tenantId?: string | null },
): Promise<boolean> {
  const { email, name, phoneNumber, tenantId } = identity;
  const rows = await db
    .update(users)
    .set({
      isAnonymous: false,
      ...(email !== undefined && { ...emailColumns(tenantId ?? null, userId, email), emailVerified: identity.emailVerified ?? false }),
      ...(name !== undefined && { name }),
      ...(phoneNumber !== undefined && { phoneNumber, phoneNumberVerified: true }),
      updatedAt: new Date(),
    })
    .where(and(eq(users.id, userId), eq(users.isAnonymous, true), tenantId !== undefined ? inTenant(users.tenantId, tenantId) : undefined))
    .returning({ id: users.id });
  return rows.length === 1;
}

const MERGE_TTL_MS = 10 * 60 * 1000;

/**
 * The `merge-conflict` refusal: instead of handing the credential back to the browser, the server
 * keeps what it verified and gives the client a one-time merge token for `completeMerge`.
 */
export async function mergeConflict(
  db: Db,
  conflict: { anonymousUserId: string; existingUserId: string; providerId: string; email?: string | null; phoneNumber?: string | null },
  now: Date = new Date(),
) {
  const { anonymousUserId, existingUserId, providerId } = conflict;
  const mergeToken = newSecret();
  await putRecord(db, recordKey('guest-merge', mergeToken), { anonymousUserId, existingUserId }, MERGE_TTL_MS, now);
  const details = { mergeToken, providerId, email: conflict.email ?? null, phoneNumber: conflict.phoneNumber ?? null };
  return identityError('merge-conflict', { details });
}

/**
 * Finishes a merge conflict from the guest's session, in one transaction: the guest's favourites move
 * to the existing account and the guest is deleted. Returns the account to sign in to.
 */
export async function completeMerge(db: Db, token: string, guestUserId: string, now: Date = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const merge = await takeRecord<{ anonymousUserId: string; existingUserId: string }>(tx, recordKey('guest-merge', token), now);
    if (merge?.anonymousUserId !== guestUserId) throw identityError('invalid-credential', { field: 'mergeToken' });
    await tx.execute(sql`
      INSERT INTO favourites (user_id, trail_id, created_at)
      SELECT ${merge.existingUserId}, trail_id, created_at FROM favourites WHERE user_id = ${guestUserId}
      ON CONFLICT DO NOTHING`);
    await tx.delete(users).where(and(eq(users.id, guestUserId), eq(users.isAnonymous, true)));
    return merge.existingUserId;
  });
}
