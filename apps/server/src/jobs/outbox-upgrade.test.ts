import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations, type Database } from '../db/client.js';
import { outgoingMessages } from '../db/schema/index.js';
import { databaseBefore } from '../test/database-before.js';
import { queuedMail, queuedSms } from '../test/queued-jobs.js';
import { installJobQueue } from './install.js';

/** The migration that replaced the outboxes with the job queue (ADR 0011). */
const OUTBOX_REPLACED = '0009_jobs_on_graphile_worker';

let url: string;
let database: Database;
let olderMigrations: string;
let close: () => Promise<void>;

beforeAll(async () => {
  // The release before the job queue: the journal stops before 0009.
  ({ url, database, olderMigrations, close } = await databaseBefore(OUTBOX_REPLACED));
});
afterAll(async () => close());

describe('upgrading from the outbox tables', () => {
  it('moves what the outboxes still had to send into the queue, and every key into the ledger', async () => {
    await migrate(database.db, { migrationsFolder: olderMigrations });
    await database.db.execute(sql`
      INSERT INTO mail_outbox (template, to_email, params, idempotency_key, status, attempts, last_error, sent_at) VALUES
        ('welcome', 'pending@example.com', '{"to_email":"pending@example.com","to_name":"Pat"}', 'welcome:pending', 'pending', 2, 'ECONNREFUSED', NULL),
        ('welcome', 'sent@example.com', '{"to_email":"sent@example.com","to_name":"Sam"}', 'welcome:sent', 'sent', 1, NULL, now())
    `);
    await database.db.execute(sql`
      INSERT INTO sms_outbox (to_phone, body, idempotency_key, status, attempts) VALUES
        ('+351912000001', '123456 is your TrailBuddy verification code.', 'phone-code:pending', 'pending', 0),
        ('+351912000002', '654321 is your TrailBuddy verification code.', 'phone-code:failed', 'failed', 5)
    `);

    // What main.ts does at boot: the queue's schema, then the application's migrations.
    await installJobQueue({ connectionString: url });
    await runMigrations(url);

    expect(await queuedMail(database.db)).toEqual([
      {
        template: 'welcome',
        to: 'pending@example.com',
        params: { to_email: 'pending@example.com', to_name: 'Pat' },
        idempotencyKey: 'welcome:pending',
      },
    ]);
    expect(await queuedSms(database.db)).toEqual([
      { to: '+351912000001', body: '123456 is your TrailBuddy verification code.', idempotencyKey: 'phone-code:pending' },
    ]);
    const ledger = await database.db.select().from(outgoingMessages).orderBy(outgoingMessages.idempotencyKey);
    expect(ledger.map((r) => [r.channel, r.idempotencyKey, r.status, r.attempts])).toEqual([
      ['sms', 'phone-code:failed', 'failed', 5],
      ['sms', 'phone-code:pending', 'queued', 0],
      ['mail', 'welcome:pending', 'queued', 2],
      ['mail', 'welcome:sent', 'sent', 1],
    ]);
    const { rows } = await database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name IN ('mail_outbox', 'sms_outbox')`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
