import { sql, type Query, type SQL } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { PgDialect } from 'drizzle-orm/pg-core';
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

const CASING = 'snake_case';

export interface DatabaseOptions {
  max?: number;
  /**
   * Whether the hot statements may be prepared once per connection (`executeNamed`, ADR 0069).
   * Only on a connection to PostgreSQL itself: behind PgBouncer in transaction mode (1.18 in CI;
   * carrying prepared statements across server connections came with 1.21's
   * `max_prepared_statements`) a statement prepared on one server connection is unknown on the
   * next, so ADR 0014's rule (no named statements through the pooler) holds there. Default off.
   */
  namedStatements?: boolean;
}

/** The databases whose connections may hold named statements (DatabaseOptions.namedStatements). */
const namedStatementDbs = new WeakSet<DbOrTx>();

export function connectDatabase(connectionString: string, opts: DatabaseOptions = {}): Database {
  // Named, so pg_stat_activity (and a pooler's SHOW CLIENTS) tells the app's connections apart.
  const pool = new pg.Pool({ connectionString, max: opts.max ?? 10, application_name: 'trailbuddy' });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema, casing: CASING });
  if (opts.namedStatements) namedStatementDbs.add(db);
  return { db, pool, close: () => pool.end() };
}

/** Whether `db`'s connections may hold named statements (DatabaseOptions.namedStatements). */
export const namedStatementsAllowed = (db: DbOrTx) => namedStatementDbs.has(db);

/**
 * A drizzle query built with placeholders and named once per database whose connections may hold
 * named statements; `undefined` for the others, which build the query with its values each time.
 * For the reads a member makes on every view (ADR 0069).
 */
export function preparedPerDatabase<P>(name: string, build: (db: Db, name: string) => P): (db: DbOrTx) => P | undefined {
  const prepared = new WeakMap<DbOrTx, P>();
  return (db) => {
    // A transaction is never in the set: its statements are built with their values.
    if (!namedStatementsAllowed(db)) return undefined;
    let query = prepared.get(db);
    if (query === undefined) prepared.set(db, (query = build(db as Db, name)));
    return query;
  };
}

/** Compiles `sql` templates to text and parameters as the app's drizzle instance does. */
const dialect = new PgDialect({ casing: CASING });
/** One name per statement text: node-pg refuses one name for two texts on a connection. */
const statementNames = new Map<string, string>();
/** Texts differ only by their shape (how many recipients); more than this is not worth naming. */
const MAX_NAMED_STATEMENTS = 64;

/** The name of a statement text, or undefined past MAX_NAMED_STATEMENTS texts (it then runs unnamed). */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `tb_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** A value of a statement built once per shape (statementPerShape): filled in on each run from `values[name]`. */
export const param = (name: string): SQL => sql`${sql.placeholder(name)}`;

/** Shapes kept per statement (statementPerShape). */
const MAX_SHAPES = 256;

interface CompiledStatement {
  query: Query;
  name: string | undefined;
}

/**
 * A statement a hot path runs on every call (a message's send, ADR 0069), built by drizzle once
 * per shape instead of on every call: `build(shape)` writes it with `param(name)` for every value
 * that changes from call to call (anything else it embeds is part of the shape and must follow
 * from `key(shape)`), and each run fills in the values. Compiling the nested templates to text
 * was a fifth of a send's server time. Run as a named statement where the connection allows it
 * (namedStatementsAllowed), else unnamed (PostgreSQL parses it again, drizzle does not).
 */
export function statementPerShape<S>(key: (shape: S) => string, build: (shape: S) => SQL) {
  const compiled = new Map<string, CompiledStatement>();
  return async <T extends Record<string, unknown>>(
    tx: DbOrTx,
    named: boolean,
    shape: S,
    values: Record<string, unknown>,
  ): Promise<{ rows: T[] }> => {
    const k = key(shape);
    let statement = compiled.get(k);
    if (statement === undefined) {
      const query = dialect.sqlToQuery(build(shape));
      statement = { query, name: statementName(query.sql) };
      // Shapes are few (the number of people on a hike and their channels); past the bound they
      // are built per call, as before.
      if (compiled.size < MAX_SHAPES) compiled.set(k, statement);
    }
    const prepared = tx._.session.prepareQuery(statement.query, undefined, named ? statement.name : undefined, false);
    return (await prepared.execute(values)) as { rows: T[] };
  };
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
