import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { runMigrations } from '../db/client.js';
import { startEmbeddedPostgres } from '../db/embedded.js';
import { installJobQueue } from '../jobs/install.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * A direct connection URL (no pooler in between) with rights to create databases; its
     * database part is replaced. Sessions (LISTEN, session locks) and admin work use it.
     */
    pgAdminUrl: string;
    /** The URL the suites' query pools use: a transaction-pooling PgBouncer, or pgAdminUrl. */
    pgPooledUrl: string;
    /** A migrated database each test file clones its own database from. */
    pgTemplateDb: string;
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Gives the database test suites a PostgreSQL: the one DATABASE_URL names (CI runs the suites
 * again against Debian's PostgreSQL 15 this way) or else an embedded one in a temp dir.
 * Migrates a template database (the job queue's schema included) once; each test file clones
 * it (see `test-database.ts`).
 *
 * Behind a pooler (ADR 0014), DATABASE_URL is the pooler and DATABASE_DIRECT_URL the server
 * itself: the pooler must reach every database by name (PgBouncer: `* = host=… port=…`), since
 * each test file creates its own. Databases are created, migrated and dropped directly.
 */
export default async function setup(project: TestProject) {
  let stopEmbedded: (() => Promise<void>) | undefined;
  let pooledUrl = process.env.DATABASE_URL || undefined;
  let adminUrl = process.env.DATABASE_DIRECT_URL || pooledUrl;
  if (!pooledUrl && adminUrl) throw new Error('DATABASE_DIRECT_URL is set without DATABASE_URL.');
  if (!pooledUrl || !adminUrl) {
    const dataDir = mkdtempSync(join(tmpdir(), 'trailbuddy-test-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort() });
    adminUrl = pooledUrl = embedded.url('postgres');
    stopEmbedded = async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const templateDb = `tb_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateDb}`);
  await admin.query(`CREATE DATABASE ${templateDb}`);
  const templateUrl = withDatabase(adminUrl, templateDb);
  // The job queue's schema too (as main.ts installs it), so every cloned database can add jobs.
  await installJobQueue({ connectionString: templateUrl });
  await runMigrations(templateUrl);

  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgPooledUrl', pooledUrl);
  project.provide('pgTemplateDb', templateDb);

  return async () => {
    // Drop what this run created, so a shared server (CI's) is left as it was found.
    const { rows } = await admin.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `tb_%_${process.pid}%`,
    ]);
    for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    await admin.end();
    await stopEmbedded?.();
  };
}
