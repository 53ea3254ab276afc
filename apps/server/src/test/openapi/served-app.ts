import { createEventHub } from '../../events/hub.js';
import { silentLog } from '../../jobs/log.js';
import { createTestApp, type TestApp } from '../test-app.js';
import { createTestDatabase } from '../test-database.js';

/**
 * The application as `main.ts` serves it, live-event hub included, so its OpenAPI document has
 * every operation a client can call (GET /api/events is only served with a hub).
 */
export async function createServedApp(overrides: Record<string, string>, opts: { now?: () => Date } = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const events = createEventHub({ connectionString: database.url, db: database.db, log: silentLog, applicationName: 'openapi-test-hub' });
  await events.ready;
  const t = await createTestApp(overrides, { ...opts, events, database });
  return {
    ...t,
    close: async () => {
      await t.close();
      await events.close();
      await database.close();
    },
  };
}
