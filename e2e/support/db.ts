import pg from 'pg';
import { inject } from 'vitest';

/** A short connection to the e2e server's own database, for what no screen can do (moving time). */
export async function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
