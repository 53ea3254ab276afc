import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventHub } from '../events/hub.js';
import { silentLog } from '../jobs/log.js';
import { createTestApp, signUp, TEST_ADMIN, type TestApp, type TestUser } from '../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../test/test-database.js';

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

describe('the cached trail list', () => {
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
