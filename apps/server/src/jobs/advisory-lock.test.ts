import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../db/client.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { withAdvisoryLock } from './advisory-lock.js';
import { LOCK_KEYS, MAIL_DELIVERY, MATCH_EXPIRY } from './lock-keys.js';

let t: TestDatabase;
let a: Database;
let b: Database;

beforeAll(async () => {
  t = await createTestDatabase();
  // Two pools stand for two server instances.
  a = connectDatabase(t.url, { max: 2 });
  b = connectDatabase(t.url, { max: 2 });
});
afterAll(async () => {
  await Promise.all([a.close(), b.close(), t.close()]);
});

/** Resolves once `release()` is called, so a test controls how long a holder keeps the lock. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

describe('withAdvisoryLock', () => {
  it('lets exactly one of two concurrent callers run', async () => {
    const holding = gate();
    const entered = gate();
    let runs = 0;
    const first = withAdvisoryLock(a.db, MAIL_DELIVERY, async () => {
      runs++;
      entered.release();
      await holding.opened;
      return 'first';
    });
    await entered.opened;
    const second = await withAdvisoryLock(b.db, MAIL_DELIVERY, async () => {
      runs++;
      return 'second';
    });
    holding.release();

    expect(second).toEqual({ ran: false });
    expect(await first).toEqual({ ran: true, value: 'first' });
    expect(runs).toBe(1);
  });

  it('runs exactly once among callers started at the same instant', async () => {
    const holding = gate();
    let runs = 0;
    let skipped = 0;
    const calls = [a, b, a, b].map(async (d) => {
      const result = await withAdvisoryLock(d.db, MATCH_EXPIRY, async () => {
        runs++;
        await holding.opened;
      });
      if (!result.ran) skipped++;
      return result;
    });
    // The winner holds the lock until released: every other caller must have tried and
    // returned meanwhile, or they would merely have run one after another.
    await expect.poll(() => skipped).toBe(3);
    holding.release();
    const results = await Promise.all(calls);
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(runs).toBe(1);
  });

  it('releases the lock at commit and at rollback', async () => {
    expect(await withAdvisoryLock(a.db, MAIL_DELIVERY, async () => 1)).toEqual({ ran: true, value: 1 });
    await expect(
      withAdvisoryLock(a.db, MAIL_DELIVERY, async () => {
        throw new Error('run failed');
      }),
    ).rejects.toThrow('run failed');
    expect(await withAdvisoryLock(b.db, MAIL_DELIVERY, async () => 2)).toEqual({ ran: true, value: 2 });
  });

  it('different keys do not exclude each other', async () => {
    const result = await withAdvisoryLock(a.db, MAIL_DELIVERY, () => withAdvisoryLock(b.db, MATCH_EXPIRY, async () => 'inner'));
    expect(result).toEqual({ ran: true, value: { ran: true, value: 'inner' } });
  });

  it('runs fn inside the transaction that holds the lock', async () => {
    const result = await withAdvisoryLock(a.db, LOCK_KEYS.TRAIL_RECURRENCE, async (tx) => {
      const { rows } = await tx.execute<{ held: boolean }>(
        sql`SELECT count(*) > 0 AS held FROM pg_locks WHERE locktype = 'advisory' AND pid = pg_backend_pid() AND granted`,
      );
      return rows[0]?.held;
    });
    expect(result).toEqual({ ran: true, value: true });
  });

  it('refuses keys outside PostgreSQL bigint', async () => {
    await expect(withAdvisoryLock(a.db, 2n ** 63n, async () => 1)).rejects.toThrow(RangeError);
    await expect(withAdvisoryLock(a.db, 1.5, async () => 1)).rejects.toThrow(RangeError);
  });
});
