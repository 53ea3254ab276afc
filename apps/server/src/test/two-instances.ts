import { createEventHub } from '../events/hub.js';
import { silentLog } from '../jobs/log.js';
import { createTestApp, type TestApp } from './test-app.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TwoInstances {
  database: TestDatabase;
  a: TestApp;
  b: TestApp;
  close(): Promise<void>;
}

/**
 * Two instances of the server on one PostgreSQL, each with its own LISTEN hub, as behind a load
 * balancer: what one instance commits must reach the streams the other holds.
 */
export async function createTwoInstances(env: Record<string, string>, now: () => Date): Promise<TwoInstances> {
  const database = await createTestDatabase();
  const hubs = [0, 1].map(() => createEventHub({ connectionString: database.url, db: database.db, log: silentLog }));
  await Promise.all(hubs.map((h) => h.ready));
  const a = await createTestApp(env, { database, events: hubs[0], revocations: hubs[0], now });
  const b = await createTestApp(env, { database, events: hubs[1], revocations: hubs[1], now });
  return {
    database,
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      await Promise.all(hubs.map((h) => h.close()));
      await database.close();
    },
  };
}
