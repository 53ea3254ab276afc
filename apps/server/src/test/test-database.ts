import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import pg from 'pg';
import { connectDatabase, type Database } from '../db/client.js';
import { withDatabase } from './global-setup.js';

export interface TestDatabase extends Database {
  /** A direct URL of this database: for LISTEN (event hubs), session locks and extra sessions. */
  url: string;
  /** What `db` and `pool` connect through: a transaction-pooling PgBouncer in CI's pooled pass. */
  pooledUrl: string;
}

/**
 * A database of its own for one test file, cloned from the migrated template: tests are
 * isolated without truncation scripts, and run against real PostgreSQL.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  const template = inject('pgTemplateDb');
  const name = `tb_test_${template.replace('tb_template_', '')}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (err) {
        // Two files cloning the template at the same instant: PostgreSQL refuses one; retry.
        if (attempt > 20 || !String(err).includes('is being accessed by other users')) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const pooledUrl = withDatabase(inject('pgPooledUrl'), name);
  // As main.ts: named statements unless the suite runs through a pooler (CI's PgBouncer, ADR 0069).
  return { url, pooledUrl, ...connectDatabase(pooledUrl, { namedStatements: pooledUrl === url }) };
}
