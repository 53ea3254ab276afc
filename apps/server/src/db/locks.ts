import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client.js';

/**
 * Serialises work on one thing (an e-mail, a phone number, a job key, a user's subscriptions …)
 * across requests and instances until the caller's transaction ends: PostgreSQL's transaction-level
 * advisory lock on the 64-bit hash of `<scope>:<key>`.
 */
export async function lockInTransaction(tx: DbOrTx, scope: string, key: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`${scope}:${key}`}, 0))`);
}
