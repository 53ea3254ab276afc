import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsDir } from '../paths.js';
import * as schema from './schema/index.js';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle: services accept `Db | Tx` so a caller can compose them atomically. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function connectDatabase(connectionString: string, opts: { max?: number } = {}): Database {
  // Named, so pg_stat_activity (and a pooler's SHOW CLIENTS) tells the app's connections apart.
  const pool = new pg.Pool({ connectionString, max: opts.max ?? 10, application_name: 'trailbuddy' });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}

const MIGRATION_LOCK = 0x5442_0000_0000n;

/**
 * Applies the committed drizzle-kit migrations. Instances starting together queue on an
 * advisory lock, so exactly one applies them and the others find them done.
 *
 * `connectionString` must reach PostgreSQL without a transaction-pooling PgBouncer in between
 * (DATABASE_DIRECT_URL, ADR 0014): the lock is session-level, because drizzle's migrator opens
 * its own transaction, and behind such a pooler the lock, the migration and the unlock could
 * each land on a different server connection. One client holds the lock and runs the migrations;
 * ending it releases the lock even when a migration fails.
 */
export async function runMigrations(connectionString: string): Promise<void> {
  const client = new pg.Client({ connectionString, application_name: 'trailbuddy-migrations' });
  // A connection lost mid-migration rejects the pending query; the event itself must not crash.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
    await migrate(drizzle(client, { schema, casing: 'snake_case' }), { migrationsFolder: migrationsDir });
  } finally {
    await client.end();
  }
}

export { schema };
