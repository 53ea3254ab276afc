import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';

export type LockedRun<T> = { ran: true; value: T } | { ran: false };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * Runs `fn` inside a transaction that holds the advisory lock `key`, or does nothing when
 * another session holds it. The transaction-scoped lock (`pg_try_advisory_xact_lock`) is
 * released by COMMIT/ROLLBACK, so a crashed instance can never leave it taken, and `try`
 * makes the losers return at once instead of queueing up to repeat the same run.
 */
export async function withAdvisoryLock<T>(db: Db, key: bigint | number, fn: (tx: Tx) => Promise<T>): Promise<LockedRun<T>> {
  const k = toLockKey(key);
  return db.transaction(async (tx): Promise<LockedRun<T>> => {
    // Passed as text and cast: node-postgres has no bigint parameter type of its own.
    const { rows } = await tx.execute<{ locked: boolean }>(sql`SELECT pg_try_advisory_xact_lock(${k.toString()}::bigint) AS locked`);
    if (rows[0]?.locked !== true) return { ran: false };
    return { ran: true, value: await fn(tx) };
  });
}

function toLockKey(key: bigint | number): bigint {
  if (typeof key === 'number' && !Number.isSafeInteger(key)) {
    throw new RangeError(`Advisory lock key must be an integer, got ${key}`);
  }
  const k = BigInt(key);
  if (k < INT64_MIN || k > INT64_MAX) throw new RangeError(`Advisory lock key ${k} is outside int8`);
  return k;
}
