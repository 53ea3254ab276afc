import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations, type Database } from '../db/client.js';
import { oneTimeRecords, phoneCodeSends, verifications } from '../db/schema/index.js';
import { installJobQueue } from '../jobs/install.js';
import { databaseBefore } from '../test/database-before.js';
import { recordKey } from './one-time-records.js';

let url: string;
let database: Database;
let olderMigrations: string;
let close: () => Promise<void>;

beforeAll(async () => {
  // The release that kept these records in Better Auth's verification table.
  ({ url, database, olderMigrations, close } = await databaseBefore('0024_phone_code_sends'));
});
afterAll(async () => close());

const HOUR = 60 * 60_000;
const sha = (s: string) => recordKey('email-link', s).slice('email-link:'.length);

describe('upgrading from records of ours in Better Auth’s verification table', () => {
  it('moves live links, tokens and counted texts to our tables, where today’s code finds them', async () => {
    // What main.ts does at boot: the queue's schema, then the application's migrations.
    await installJobQueue({ connectionString: url });
    await migrate(database.db, { migrationsFolder: olderMigrations });
    const soon = new Date(Date.now() + HOUR);
    const sentAt = new Date(Date.now() - 60_000);
    const link = { email: 'ann@example.com', tenantId: 'acme', accountEmail: 'tenant-1@tenant.invalid' };
    const old = (identifier: string, value: string, expiresAt = soon) => ({
      id: randomUUID(),
      identifier,
      value,
      expiresAt,
      createdAt: sentAt,
    });
    await database.db.insert(verifications).values([
      old(`email-link:${sha('mailed-code')}`, JSON.stringify(link)),
      old('email-link-latest:tenant:acme:ann@example.com', sha('mailed-code')),
      old(`identity-merge:${sha('merge-token')}`, JSON.stringify({ anonymousUserId: 'g', existingUserId: 'u' })),
      old(`identity-federated-pending:${sha('pending-token')}`, JSON.stringify({ providerId: 'google.com' })),
      old(`identity-federated-post:${sha('resume')}`, JSON.stringify({ RelayState: 'r' })),
      old(`identity-merge:${sha('expired-token')}`, '{}', new Date(Date.now() - HOUR)),
      old('trailbuddy-phone-send-+351912000001', 'acme'),
      old('trailbuddy-phone-send-+351912000002', ''),
      // Better Auth's own rows stay.
      old('reset-password:abc', 'user-1'),
    ]);

    await runMigrations(url);

    const records = Object.fromEntries((await database.db.select().from(oneTimeRecords)).map((r) => [r.key, r.value]));
    expect(records).toEqual({
      [recordKey('email-link', 'mailed-code')]: link,
      [recordKey('email-link-latest', 'tenant:acme:ann@example.com')]: recordKey('email-link', 'mailed-code'),
      [recordKey('guest-merge', 'merge-token')]: { anonymousUserId: 'g', existingUserId: 'u' },
      [recordKey('federated-pending', 'pending-token')]: { providerId: 'google.com' },
      [recordKey('federated-post', 'resume')]: { RelayState: 'r' },
    });
    const sends = await database.db.select().from(phoneCodeSends).orderBy(phoneCodeSends.phoneNumber);
    expect(sends.map((s) => [s.phoneNumber, s.tenantId, s.sentAt.getTime()])).toEqual([
      ['+351912000001', 'acme', sentAt.getTime()],
      ['+351912000002', null, sentAt.getTime()],
    ]);
    const left = await database.db.execute<{ identifier: string }>(sql`SELECT identifier FROM verifications`);
    expect(left.rows.map((r) => r.identifier)).toEqual(['reset-password:abc']);
  });
});
