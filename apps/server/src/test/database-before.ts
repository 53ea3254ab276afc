import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { connectDatabase, type Database } from '../db/client.js';
import { migrationsDir } from '../paths.js';
import { withDatabase } from './global-setup.js';

/**
 * An empty database of its own (not the migrated template) and the migrations folder as it was
 * before `tag`, for upgrade tests: migrate it with `olderMigrations`, write what an older release
 * left, then run today's migrations and look.
 */
export async function databaseBefore(tag: string) {
  const name = `tb_upgrade_${inject('pgTemplateDb').replace('tb_template_', '')}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(inject('pgAdminUrl'), name);
  const database: Database = connectDatabase(url, { max: 2 });

  const olderMigrations = mkdtempSync(join(tmpdir(), 'trailbuddy-migrations-'));
  cpSync(migrationsDir, olderMigrations, { recursive: true });
  const journalPath = join(olderMigrations, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((e) => e.tag === tag);
  expect(cut).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));

  return {
    url,
    database,
    olderMigrations,
    close: async () => {
      await database.close();
      rmSync(olderMigrations, { recursive: true, force: true });
    },
  };
}
