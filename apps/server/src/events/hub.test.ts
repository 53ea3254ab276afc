import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { liveEvents } from '../db/schema/events.js';
import type { JobLog } from '../jobs/log.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { createEventHub } from './hub.js';
import { MAX_NOTIFY_BYTES, publishEvent } from './publish.js';
import type { EventHub, LiveEvent } from './types.js';

let t: TestDatabase;
let hub: EventHub & { ready: Promise<void> };
const warnings: object[] = [];
const log: JobLog = { info: () => undefined, warn: (obj) => warnings.push(obj), error: () => undefined };
const HUB_NAME = 'hub-test-live-events';

beforeAll(async () => {
  t = await createTestDatabase();
  hub = createEventHub({ connectionString: t.url, db: t.db, log, applicationName: HUB_NAME, reconnectDelayMs: 20 });
  await hub.ready;
});
afterAll(async () => {
  await hub.close();
  await t.close();
});

/** Collects what a subscriber receives, so a test can wait for a given event id. */
function collector(userId: string) {
  const received: LiveEvent[] = [];
  const unsubscribe = hub.subscribe(userId, (e) => received.push(e));
  return {
    received,
    unsubscribe,
    waitFor: (id: number) => vi.waitFor(() => expect(received.map((e) => e.id)).toContain(id), { timeout: 5_000 }),
  };
}

describe('publishEvent + event hub', () => {
  it('delivers an event to its audience only, and a broadcast to everyone', async () => {
    const alice = collector('alice');
    const bob = collector('bob');
    const forAlice = await publishEvent(t.db, {
      type: 'match.changed',
      audience: ['alice'],
      payload: { matchId: 'm1', status: 'pending' },
    });
    const forAll = await publishEvent(t.db, { type: 'trail.created', audience: null, payload: { trailId: 't1' } });
    await alice.waitFor(forAll);
    await bob.waitFor(forAll);

    expect(alice.received).toEqual([
      { id: forAlice, type: 'match.changed', audience: ['alice'], payload: { matchId: 'm1', status: 'pending' } },
      { id: forAll, type: 'trail.created', audience: null, payload: { trailId: 't1' } },
    ]);
    // Bob's first event is the broadcast, published after Alice's: hers never reached him.
    expect(bob.received.map((e) => e.id)).toEqual([forAll]);
    alice.unsubscribe();
    bob.unsubscribe();
  });

  it('stores the row it notifies, with the id it returns', async () => {
    const id = await publishEvent(t.db, {
      type: 'match.changed',
      audience: ['alice', 'bob'],
      payload: { matchId: 'm2', status: 'pending' },
    });
    const [row] = await t.db.select().from(liveEvents).where(eq(liveEvents.id, id));
    expect(row).toMatchObject({ id, type: 'match.changed', audience: ['alice', 'bob'], payload: { matchId: 'm2', status: 'pending' } });
  });

  it('publishes nothing from a rolled-back transaction', async () => {
    const alice = collector('alice');
    await expect(
      t.db.transaction(async (tx) => {
        await publishEvent(tx, { type: 'match.changed', audience: ['alice'], payload: { matchId: 'rolled-back', status: 'pending' } });
        throw new Error('the business write failed');
      }),
    ).rejects.toThrow('the business write failed');
    const after = await publishEvent(t.db, {
      type: 'match.changed',
      audience: ['alice'],
      payload: { matchId: 'committed', status: 'pending' },
    });
    await alice.waitFor(after);

    // Only this test's events: a NOTIFY from the previous test may still be arriving.
    const mine = alice.received.map((e) => e.payload).filter((p) => 'matchId' in p && ['committed', 'rolled-back'].includes(p.matchId));
    expect(mine).toEqual([{ matchId: 'committed', status: 'pending' }]);
    const [stored] = await t.db
      .select({ n: count() })
      .from(liveEvents)
      .where(sql`${liveEvents.payload} @> '{"matchId": "rolled-back"}'::jsonb`);
    expect(stored?.n).toBe(0);
    alice.unsubscribe();
  });

  it('delivers an event too large for NOTIFY by reading its row', async () => {
    const alice = collector('alice');
    const big = 'x'.repeat(MAX_NOTIFY_BYTES * 2);
    const id = await publishEvent(t.db, { type: 'trail.changed', audience: ['alice'], payload: { trailId: big } });
    await alice.waitFor(id);
    expect(alice.received).toEqual([{ id, type: 'trail.changed', audience: ['alice'], payload: { trailId: big } }]);
    alice.unsubscribe();
  });

  it('treats an empty audience as nobody, not everyone', async () => {
    const alice = collector('alice');
    await publishEvent(t.db, { type: 'match.changed', audience: [], payload: { matchId: 'nobody', status: 'pending' } });
    const marker = await publishEvent(t.db, { type: 'trail.created', audience: null, payload: { trailId: 'marker' } });
    await alice.waitFor(marker);
    expect(alice.received.map((e) => e.id)).toEqual([marker]);
    alice.unsubscribe();
  });

  it('gives a named broadcast subscriber every broadcast and nothing addressed to users', async () => {
    const received: LiveEvent[] = [];
    const unsubscribe = hub.subscribeBroadcast('hub-test-cache', (e) => received.push(e));
    const alice = collector('alice');
    // The name is not a user id: an event addressed to a user of that name does not reach it.
    const targeted = await publishEvent(t.db, {
      type: 'match.changed',
      audience: ['alice', 'hub-test-cache'],
      payload: { matchId: 'm1', status: 'pending' },
    });
    const broadcast = await publishEvent(t.db, { type: 'trail.deleted', audience: null, payload: { trailId: 't2' } });
    await alice.waitFor(broadcast);
    expect(alice.received.map((e) => e.id)).toEqual([targeted, broadcast]);
    expect(received.map((e) => e.id)).toEqual([broadcast]);

    unsubscribe();
    const later = await publishEvent(t.db, { type: 'trail.created', audience: null, payload: { trailId: 't3' } });
    await alice.waitFor(later);
    expect(received.map((e) => e.id)).toEqual([broadcast]);
    alice.unsubscribe();
  });

  it('names the broadcast subscriber whose listener failed, and still delivers to the others', async () => {
    const errors: object[] = [];
    const quiet = createEventHub({
      connectionString: t.url,
      db: t.db,
      log: { ...log, error: (obj) => errors.push(obj) },
      applicationName: 'hub-test-broken-listener',
    });
    await quiet.ready;
    quiet.subscribeBroadcast('broken-cache', () => {
      throw new Error('listener bug');
    });
    const received: number[] = [];
    quiet.subscribeBroadcast('working-cache', (e) => received.push(e.id));
    const id = await publishEvent(t.db, { type: 'trail.created', audience: null, payload: { trailId: 't3' } });
    await vi.waitFor(() => expect(received).toEqual([id]), { timeout: 5_000 });
    expect(errors).toEqual([expect.objectContaining({ eventId: id, subscriber: 'broken-cache' })]);
    await quiet.close();
  });

  it('stops delivering after unsubscribe, keeping the user’s other listeners', async () => {
    const first = collector('carol');
    const second = collector('carol');
    first.unsubscribe();
    const id = await publishEvent(t.db, { type: 'match.changed', audience: ['carol'], payload: { matchId: 'm3', status: 'pending' } });
    await second.waitFor(id);
    expect(first.received).toEqual([]);
    second.unsubscribe();
  });

  it('reconnects after losing its connection, reports the gap, and delivers later events', async () => {
    const gaps = vi.fn();
    const stopGaps = hub.onGap(gaps);
    const alice = collector('alice');
    const { rows } = await t.db.execute<{ terminated: boolean }>(
      sql`SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE application_name = ${HUB_NAME} AND datname = current_database()`,
    );
    expect(rows).toEqual([{ terminated: true }]);

    await vi.waitFor(() => expect(gaps).toHaveBeenCalledTimes(1), { timeout: 5_000 });
    expect(warnings.length).toBeGreaterThan(0);
    // The gap is reported once LISTEN is active again, so this event is not lost.
    const id = await publishEvent(t.db, {
      type: 'match.changed',
      audience: ['alice'],
      payload: { matchId: 'after-reconnect', status: 'pending' },
    });
    await alice.waitFor(id);
    stopGaps();
    alice.unsubscribe();
  });
});

describe('event hub lifecycle', () => {
  it('close() stops delivery and reconnecting', async () => {
    const other = createEventHub({ connectionString: t.url, db: t.db, log, applicationName: 'hub-test-closing', reconnectDelayMs: 10 });
    await other.ready;
    const received: LiveEvent[] = [];
    other.subscribe('alice', (e) => received.push(e));
    await other.close();
    await publishEvent(t.db, { type: 'match.changed', audience: ['alice'], payload: { matchId: 'm4', status: 'pending' } });
    // Give a reconnect (which must not happen) the time to run.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const { rows } = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'hub-test-closing'`,
    );
    expect(rows[0]?.n).toBe(0);
    expect(received).toEqual([]);
  });

  it('ready rejects when the database cannot be reached', async () => {
    const url = new URL(t.url);
    url.pathname = '/tb_no_such_database';
    const broken = createEventHub({ connectionString: url.toString(), db: t.db, log, reconnectDelayMs: 10_000 });
    await expect(broken.ready).rejects.toThrow(/does not exist/);
    await broken.close();
  });
});
