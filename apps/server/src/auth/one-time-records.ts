import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { oneTimeRecords } from '../db/schema/index.js';

/**
 * Short-lived records our plugins keep and use up once (the e-mail link, federated sign-in, guest
 * merges), in a table of ours: Better Auth's `verification` table is its plugins' own.
 */
export type RecordKind = 'email-link' | 'email-link-latest' | 'federated-post' | 'federated-pending' | 'guest-merge';

/** A record's key: its kind and a SHA-256 of the secret (or address) it is found by. */
export const recordKey = (kind: RecordKind, secret: string) => `${kind}:${createHash('sha256').update(secret).digest('hex')}`;

/** A secret to hand to the browser, which a record is then found by. */
export const newSecret = () => randomBytes(24).toString('base64url');

/** Keeps `value` under `key` for `ttlMs`, replacing what the key held. */
export async function putRecord(db: DbOrTx, key: string, value: unknown, ttlMs: number, now: Date): Promise<void> {
  const row = { value, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) };
  await db
    .insert(oneTimeRecords)
    .values({ key, ...row })
    .onConflictDoUpdate({ target: oneTimeRecords.key, set: row });
}

/** Reads and deletes a live record in one statement: of two callers, one gets it (one-time use). */
export async function takeRecord<T>(db: DbOrTx, key: string, now: Date): Promise<T | null> {
  const [row] = await db
    .delete(oneTimeRecords)
    .where(and(eq(oneTimeRecords.key, key), gt(oneTimeRecords.expiresAt, now)))
    .returning({ value: oneTimeRecords.value });
  return row ? (row.value as T) : null;
}

/** Reads a record without using it up, live or expired (the caller tells the two apart). */
export async function peekRecord<T>(db: DbOrTx, key: string): Promise<{ value: T; createdAt: Date; expiresAt: Date } | null> {
  const [row] = await db.select().from(oneTimeRecords).where(eq(oneTimeRecords.key, key));
  return row ? { value: row.value as T, createdAt: row.createdAt, expiresAt: row.expiresAt } : null;
}

/** Deletes a record; with `value`, only while it still holds that value. */
export async function dropRecord(db: DbOrTx, key: string, value?: unknown): Promise<void> {
  const holds = value === undefined ? undefined : sql`${oneTimeRecords.value} = ${JSON.stringify(value)}::jsonb`;
  await db.delete(oneTimeRecords).where(and(eq(oneTimeRecords.key, key), holds));
}
