import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { verifications } from '../../db/schema/index.js';

/**
 * Short-lived records of the federated flows in Better Auth's `verifications` table, under keys of
 * our own: a SAML IdP's form post waiting for the browser's cookies, and pending credentials. Only
 * a hash of each secret is stored, so a database read does not hand out live tokens.
 */
export type RecordKind = 'post' | 'pending';

const identifier = (kind: RecordKind, secret: string) => `identity-federated-${kind}:${createHash('sha256').update(secret).digest('hex')}`;

export const newSecret = () => randomBytes(24).toString('base64url');

export async function putRecord(db: DbOrTx, kind: RecordKind, secret: string, value: unknown, ttlMs: number, now: Date): Promise<void> {
  await db.insert(verifications).values({
    id: randomUUID(),
    identifier: identifier(kind, secret),
    value: JSON.stringify(value),
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
    updatedAt: now,
  });
}

/** Reads and deletes a live record in one statement: a second caller finds nothing (one-time use). */
export async function takeRecord<T>(db: DbOrTx, kind: RecordKind, secret: string, now: Date): Promise<T | null> {
  const rows = await db
    .delete(verifications)
    .where(eq(verifications.identifier, identifier(kind, secret)))
    .returning({ value: verifications.value, expiresAt: verifications.expiresAt });
  const live = rows.filter((r) => r.expiresAt > now).sort((a, b) => b.expiresAt.getTime() - a.expiresAt.getTime());
  return live[0] ? (JSON.parse(live[0].value) as T) : null;
}

/** Reads a live record without using it up, with the time it was made. */
export async function peekRecord<T>(
  db: DbOrTx,
  kind: RecordKind,
  secret: string,
  now: Date,
): Promise<{ value: T; createdAt: Date } | null> {
  const [row] = await db
    .select({ value: verifications.value, createdAt: verifications.createdAt })
    .from(verifications)
    .where(and(eq(verifications.identifier, identifier(kind, secret)), gt(verifications.expiresAt, now)))
    .limit(1);
  return row ? { value: JSON.parse(row.value) as T, createdAt: row.createdAt } : null;
}
