import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEventHub } from '../events/hub.js';
import { publishEvent } from '../events/publish.js';
import { silentLog } from '../jobs/log.js';
import { createTestApp, signUp, TEST_ADMIN, type TestApp, type TestUser } from '../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';
import { createTrailListCache } from './trail-list-cache.js';

let database: TestDatabase;
let hub: Awaited<ReturnType<typeof createEventHub>>;
let t: TestApp;
let admin: TestUser;
const clock = { now: new Date('2026-11-18T09:00:00Z') };

beforeAll(async () => {
  database = await createTestDatabase();
  hub = createEventHub({ connectionString: database.url, db: database.db, log: silentLog });
  await hub.ready;
  t = await createTestApp({ TRAIL_TIME_ZONE: 'Europe/Lisbon' }, { database, events: hub, now: () => clock.now });
  admin = await signUp(t, TEST_ADMIN);
});
afterAll(async () => {
  await t.close();
  await hub.close();
  await database.close();
});

const list = async () => (await t.app.inject({ method: 'GET', url: '/api/trails' })).json().trails as { id: string; name: string }[];
const addTrail = (name: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/trails',
    headers: { cookie: admin.cookie },
    payload: {
      name,
      location: 'Porto, Portugal',
      length: '5 km',
      hours: 2,
      difficulty: 'Easy',
      activity: 'running',
      description: 'River run.',
      linkmap: 'https://www.openstreetmap.org/',
    },
  });

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not met within 2 s');
}

/** The database queries `action` sends through the app's pool (every read of the list does). */
async function queriesDuring<T>(action: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const spy = vi.spyOn(database.pool, 'query');
  try {
    const result = await action();
    return { result, queries: spy.mock.calls.length };
  } finally {
    spy.mockRestore();
  }
}

describe('the cached trail list', () => {
  it('answers a repeated GET from memory, without a database query, until a trail event', async () => {
    const first = await queriesDuring(list);
    // Nothing is cached yet only if nothing asked before; either way the list is read at most once.
    expect(first.queries).toBeLessThanOrEqual(1);
    const again = await queriesDuring(list);
    expect(again.queries).toBe(0);
    expect(again.result).toEqual(first.result);

    // Any trail event, from any instance, makes the next GET read the database again.
    const marker = await publishEvent(database.db, { type: 'trail.changed', audience: null, payload: { trailId: 'any' } });
    expect(marker).toBeGreaterThan(0);
    await eventually(async () => (await queriesDuring(list)).queries === 1);
    expect((await queriesDuring(list)).queries).toBe(0);
  });

  it('keeps nothing when no hub can tell it about changes', async () => {
    const uncached = createTrailListCache(database.db, undefined);
    await uncached.get(clock.now);
    expect((await queriesDuring(() => uncached.get(clock.now))).queries).toBe(1);
    uncached.close();
  });

  it('hears trail events through a named broadcast subscription', () => {
    const subscribe = vi.spyOn(hub, 'subscribeBroadcast');
    const cache = createTrailListCache(database.db, hub);
    expect(subscribe).toHaveBeenCalledWith('trail-list-cache', expect.any(Function));
    subscribe.mockRestore();
    cache.close();
  });

  it('serves the list from memory and refreshes it when a trail is added or deleted', async () => {
    expect(await list()).toEqual([]);
    const added = (await addTrail('River Run')).json();
    // The trail event arrives through PostgreSQL's NOTIFY, as it would from another instance.
    await eventually(async () => (await list()).some((x) => x.id === added.id));
    await t.app.inject({ method: 'DELETE', url: `/api/trails/${added.id}`, headers: { cookie: admin.cookie } });
    await eventually(async () => (await list()).length === 0);
  });

  it('drops a session from the list once it has ended, without any event', async () => {
    const added = (await addTrail('Morning Run')).json();
    await eventually(async () => (await list()).length === 1);
    clock.now = new Date(new Date(added.endTime).getTime() + 1000);
    expect(await list()).toEqual([]);
  });

  it('answers filtered requests from the database', async () => {
    clock.now = new Date('2026-11-18T09:00:00Z');
    const res = await t.app.inject({ method: 'GET', url: '/api/trails?activity=running' });
    expect(res.json().trails.map((x: { name: string }) => x.name)).toEqual(['Morning Run']);
  });
});
