import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { users, verifications } from '../db/schema/index.js';
import { identityError } from '../identity/errors.js';
import { emailColumns, inTenant } from '../identity/users.js';

/*
 * FirebaseUI's guest semantics (checklist §5.9) on top of Better Auth's anonymous plugin: a guest
 * is upgraded in place (same id), or the credential it proved belongs to another account and the
 * sign-in ends in a merge conflict that the guest's session finishes with a one-time token.
 */

/**
 * Turns a guest into a full account in place: the same id, so everything the guest made stays.
 * The guard on `is_anonymous` makes a second, concurrent upgrade a no-op that reports `false`;
 * an e-mail taken in the meantime surfaces as the unique violation of `users.email` (of
 * `users.tenant_email` for a guest of a tenant, whose `tenantId` the caller passes).
 */
export async function upgradeAnonymousUser(
  db: DbOrTx,
  userId: string,
  identity: { email?: string; name?: string; emailVerified?: boolean; phoneNumber?: string; tenantId?: string | null },
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      isAnonymous: false,
      ...(identity.email !== undefined && {
        ...emailColumns(identity.tenantId ?? null, userId, identity.email),
        emailVerified: identity.emailVerified ?? false,
      }),
      ...(identity.name !== undefined && { name: identity.name }),
      ...(identity.phoneNumber !== undefined && { phoneNumber: identity.phoneNumber, phoneNumberVerified: true }),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(users.id, userId),
        eq(users.isAnonymous, true),
        // A guest is upgraded in its own tenant only.
        identity.tenantId !== undefined ? inTenant(users.tenantId, identity.tenantId) : undefined,
      ),
    )
    .returning({ id: users.id });
  return rows.length === 1;
}

const MERGE_TTL_MS = 10 * 60 * 1000;
const mergeIdentifier = (token: string) => `identity-merge:${createHash('sha256').update(token).digest('hex')}`;

/**
 * The `merge-conflict` failure of an anonymous upgrade (checklist §5.9): the credential the guest
 * proved belongs to another account. Instead of handing a raw credential back to the browser,
 * the server keeps what it verified and gives the client a one-time merge token; presenting it
 * from the guest's session finishes the merge (`completeMerge`).
 */
export async function mergeConflict(
  db: Db,
  conflict: { anonymousUserId: string; existingUserId: string; providerId: string; email?: string | null; phoneNumber?: string | null },
  now: Date = new Date(),
) {
  const token = randomBytes(24).toString('base64url');
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: mergeIdentifier(token),
    value: JSON.stringify({ anonymousUserId: conflict.anonymousUserId, existingUserId: conflict.existingUserId }),
    expiresAt: new Date(now.getTime() + MERGE_TTL_MS),
  });
  return identityError('merge-conflict', {
    details: {
      mergeToken: token,
      providerId: conflict.providerId,
      email: conflict.email ?? null,
      phoneNumber: conflict.phoneNumber ?? null,
    },
  });
}

/**
 * Finishes a merge conflict from the guest's session: the guest's favourites move to the existing
 * account and the guest is deleted, in one transaction. Returns the account to sign in to.
 */
export async function completeMerge(db: Db, token: string, guestUserId: string, now: Date = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(verifications)
      .where(and(eq(verifications.identifier, mergeIdentifier(token)), gt(verifications.expiresAt, now)))
      .returning({ value: verifications.value });
    if (!row) throw identityError('invalid-credential', { field: 'mergeToken' });
    const { anonymousUserId, existingUserId } = JSON.parse(row.value) as { anonymousUserId: string; existingUserId: string };
    if (anonymousUserId !== guestUserId) throw identityError('invalid-credential', { field: 'mergeToken' });
    await tx.execute(sql`
      INSERT INTO favourites (user_id, trail_id, created_at)
      SELECT ${existingUserId}, trail_id, created_at FROM favourites WHERE user_id = ${guestUserId}
      ON CONFLICT DO NOTHING`);
    await tx.delete(users).where(and(eq(users.id, guestUserId), eq(users.isAnonymous, true)));
    return existingUserId;
  });
}
