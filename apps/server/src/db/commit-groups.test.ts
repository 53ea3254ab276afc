import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import type { DbOrTx } from './client.js';
import { writeInGroup } from './commit-groups.js';

let t: TestDatabase;
/** Connections of their own, outside the app's pool: what another instance would see. */
let onlooker: pg.Pool;

beforeAll(async () => {
  t = await createTestDatabase();
  await t.db.execute(sql`CREATE TABLE commit_group_probe (n int PRIMARY KEY, ran_at bigserial)`);
  onlooker = new pg.Pool({ connectionString: t.url, max: 4 });
});
afterAll(async () => {
  await onlooker.end();
  await t.close();
});

/** A promise and the function that settles it: what holds a write in flight until the test lets it go. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** Inserts row `n` (once `before` settles) and answers the id of the transaction that wrote it. */
const insert = (n: number, before?: Promise<void>) => async (tx: DbOrTx) => {
  await before;
  const { rows } = await tx.execute<{ xid: string }>(sql`INSERT INTO commit_group_probe (n) VALUES (${n}) RETURNING xmin::text AS xid`);
  return rows[0]!.xid;
};

const committed = async (ns: number[]) =>
  (await onlooker.query<{ n: number }>('SELECT n FROM commit_group_probe WHERE n = ANY($1) ORDER BY n', [ns])).rows.map((r) => r.n);

/** Two writes held in flight (the most at once), so that everything written meanwhile waits and groups. */
async function whileTwoInFlight<T>(work: () => T, base: number) {
  const held = gate();
  const first = [base, base + 1].map((n) => writeInGroup(t.db, { order: String(n), author: String(n), write: insert(n, held.opened) }));
  const result = work();
  held.open();
  await Promise.all(first);
  return result;
}

describe('writes that arrive while others commit (ADR 0082)', () => {
  it('run alone when nothing is in flight', async () => {
    const xids = [
      await writeInGroup(t.db, { order: 'a', author: 'a', write: insert(1) }),
      await writeInGroup(t.db, { order: 'a', author: 'a', write: insert(2) }),
    ];
    expect(new Set(xids).size).toBe(2);
    expect(await committed([1, 2])).toEqual([1, 2]);
  });

  it('commit together in one transaction, and each is answered only once that transaction committed', async () => {
    const ns = Array.from({ length: 10 }, (_, i) => 100 + i);
    const seenOnAnswer: boolean[] = [];
    const writes = await whileTwoInFlight(
      () =>
        ns.map((n) =>
          writeInGroup(t.db, { order: String(n), author: String(n), write: insert(n) }).then(async (xid) => {
            seenOnAnswer.push((await committed([n])).length === 1);
            return xid;
          }),
        ),
      90,
    );
    const xids = await Promise.all(writes);
    expect(new Set(xids).size).toBe(1);
    expect(seenOnAnswer).toEqual(ns.map(() => true));
    expect(await committed(ns)).toEqual(ns);
  });

  it('run in the order of their keys, equal keys in the order they came', async () => {
    const ran: string[] = [];
    const write = (name: string, n: number) => async (tx: DbOrTx) => {
      ran.push(name);
      return insert(n)(tx);
    };
    const writes = await whileTwoInFlight(
      () => [
        writeInGroup(t.db, { order: 'm2', author: 'ana', write: write('m2 first', 200) }),
        writeInGroup(t.db, { order: 'm1', author: 'bea', write: write('m1', 201) }),
        writeInGroup(t.db, { order: 'm2', author: 'cai', write: write('m2 second', 202) }),
        writeInGroup(t.db, { order: 'm0', author: 'dan', write: write('m0', 203) }),
      ],
      190,
    );
    await Promise.all(writes);
    expect(ran).toEqual(['m0', 'm1', 'm2 first', 'm2 second']);
  });

  it("take one person's writes one at a time: a second waits for the first's commit, and their others keep their order", async () => {
    const writes = await whileTwoInFlight(
      () => [
        writeInGroup(t.db, { order: 'b', author: 'eli', write: insert(400) }),
        writeInGroup(t.db, { order: 'a', author: 'eli', write: insert(401) }),
        writeInGroup(t.db, { order: 'c', author: 'fay', write: insert(402) }),
        writeInGroup(t.db, { order: 'c', author: 'eli', write: insert(403) }),
      ],
      390,
    );
    const [first, second, other, third] = await Promise.all(writes);
    // Eli's three in three transactions, in the order written; Fay's beside Eli's first.
    expect(new Set([first, second, third]).size).toBe(3);
    expect(other).toBe(first);
    const { rows } = await onlooker.query<{ n: number }>('SELECT n FROM commit_group_probe WHERE n IN (400, 401, 403) ORDER BY ran_at');
    expect(rows.map((r) => r.n)).toEqual([400, 401, 403]);
  });

  it('when one fails, the group rolls back and each runs again on its own: the others commit once, the failure is its own', async () => {
    const ns = [300, 301, 302, 303];
    // One statement that writes its row and then fails, as a trigger's RAISE refuses a blocked pair's message.
    const failing = async (tx: DbOrTx) =>
      tx.execute(sql`WITH written AS (INSERT INTO commit_group_probe (n) VALUES (399) RETURNING n) SELECT n / 0 FROM written`);
    // Settled as they are made: the failure may come while the two in flight are still awaited.
    const results = await whileTwoInFlight(
      () =>
        Promise.allSettled([
          ...ns.map((n) => writeInGroup(t.db, { order: String(n), author: String(n), write: insert(n) })),
          writeInGroup(t.db, { order: '302', author: 'failing', write: failing }),
        ]),
      290,
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    // The driver's error, as drizzle wraps it: division_by_zero.
    expect(((results[4] as PromiseRejectedResult).reason as Error).cause).toMatchObject({ code: '22012' });
    // Each committed exactly once (the primary key would refuse a second), the failing one not at all.
    expect(await committed([...ns, 399])).toEqual(ns);
  });
});
