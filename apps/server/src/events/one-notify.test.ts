import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addJobUnlessWaitingCall, holdJobKey, TASKS } from '../jobs/queue.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { LIVE_EVENTS_CHANNEL, publishEvent } from './publish.js';

/** ADR 0058: a transaction's live events travel in one NOTIFY; a waiting job is not added (nor NOTIFYed) again. */

let t: TestDatabase;
let listener: pg.Client;
const heard: { channel: string; payload: string }[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  listener = new pg.Client({ connectionString: t.url });
  await listener.connect();
  listener.on('notification', (n) => heard.push({ channel: n.channel, payload: n.payload ?? '' }));
  await listener.query(`LISTEN ${LIVE_EVENTS_CHANNEL}; LISTEN "jobs:insert"`);
});
afterAll(async () => {
  await listener.end();
  await t.close();
});

/** Waits for a marker NOTIFY sent after the transaction under test, so everything before it has arrived. */
async function settled(): Promise<{ channel: string; payload: string }[]> {
  const marker = `marker-${Math.random()}`;
  await t.db.execute(sql`SELECT pg_notify(${LIVE_EVENTS_CHANNEL}, ${marker})`);
  await vi.waitFor(() => expect(heard.some((n) => n.payload === marker)).toBe(true), { timeout: 5_000 });
  const got = heard.splice(0).filter((n) => n.payload !== marker);
  return got;
}

describe('live events of one transaction', () => {
  it('travel in one NOTIFY, in id order, and a rolled-back transaction sends none', async () => {
    await settled();
    const ids = await t.db.transaction(async (tx) => [
      await publishEvent(tx, { type: 'match.changed', audience: ['ana'], payload: { matchId: 'm1', status: 'pending' } }),
      await publishEvent(tx, { type: 'trail.created', audience: null, payload: { trailId: 't1' } }),
    ]);
    const got = await settled();
    expect(got).toHaveLength(1);
    expect(JSON.parse(got[0]!.payload)).toEqual({
      events: [
        { id: ids[0], type: 'match.changed', audience: ['ana'], payload: { matchId: 'm1', status: 'pending' } },
        { id: ids[1], type: 'trail.created', audience: null, payload: { trailId: 't1' } },
      ],
    });

    await t.db
      .transaction(async (tx) => {
        await publishEvent(tx, { type: 'trail.created', audience: null, payload: { trailId: 't2' } });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await settled()).toEqual([]);
  });

  it('announce their ids only when together they are too large for one NOTIFY', async () => {
    await settled();
    const ids = await t.db.transaction(async (tx) => {
      const out: number[] = [];
      for (let i = 0; i < 3; i++) {
        out.push(await publishEvent(tx, { type: 'trail.created', audience: null, payload: { trailId: `${i}-${'x'.repeat(3_000)}` } }));
      }
      return out;
    });
    const got = await settled();
    expect(got.map((n) => JSON.parse(n.payload))).toEqual([{ ids }]);
  });
});

describe('a keyed job added unless one is waiting', () => {
  const add = (key: string) =>
    t.db.execute(sql`SELECT ${addJobUnlessWaitingCall(TASKS.mailNotifications, { recipientId: key }, key)} AS added`);
  const waiting = async (key: string) =>
    (await t.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE key = ${key}`)).rows[0]!.n;

  it('is added (and NOTIFYed) once for a burst, and again once the waiting one has started', async () => {
    await settled();
    expect((await add('burst')).rows).toEqual([{ added: true }]);
    expect((await add('burst')).rows).toEqual([{ added: false }]);
    expect((await add('burst')).rows).toEqual([{ added: false }]);
    expect(await waiting('burst')).toBe(1);
    expect((await settled()).filter((n) => n.channel === 'jobs:insert')).toHaveLength(1);

    // A worker took the waiting job: what it read may predate the next write, so a new one is added.
    await t.db.execute(sql`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'test' WHERE key = 'burst'`);
    expect((await add('burst')).rows).toEqual([{ added: true }]);
  });

  it('keeps the task from reading until the write that found its job waiting has committed', async () => {
    // The write's side: its transaction holds the key (shared) until COMMIT.
    const writer = new pg.Client({ connectionString: t.url });
    await writer.connect();
    await writer.query('BEGIN');
    await writer.query(`SELECT add_job_unless_waiting('mail_notifications', '{}'::json, 'held')`);
    let read = false;
    const task = t.db.transaction(async (tx) => {
      await holdJobKey(tx, 'held');
      read = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(read).toBe(false);
    await writer.query('COMMIT');
    await task;
    expect(read).toBe(true);
    await writer.end();
  });
});
