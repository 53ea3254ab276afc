import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations, type Database } from '../db/client.js';
import { installJobQueue } from '../jobs/install.js';
import { databaseBefore } from '../test/database-before.js';

/** The migration that made a hike the unit people join, one at a time (ADR 0054). */
const HIKES = '0028_hikes';

let url: string;
let database: Database;
let olderMigrations: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ url, database, olderMigrations, close } = await databaseBefore(HIKES));
});
afterAll(async () => close());

const SUNDAY = '2026-11-22T10:00:00Z';
const SUNDAY_END = '2026-11-22T13:00:00Z';
const SATURDAY = '2026-11-21T10:00:00Z';
const SATURDAY_END = '2026-11-21T13:00:00Z';

describe('upgrading matches to hikes', () => {
  it('merges pairs sharing a person, a trail and a start; keeps clashing hikes and tells both people of each; ends overlapping searches', async () => {
    await installJobQueue({ connectionString: url });
    await migrate(database.db, { migrationsFolder: olderMigrations });
    const db = database.db;
    for (const id of ['sofia', 'miguel', 'noah', 'camille', 'ana', 'lucas', 'giulia']) {
      await db.execute(sql`INSERT INTO users (id, name, email, email_verified) VALUES (${id}, ${id}, ${`${id}@example.com`}, true)`);
    }
    const trail = async (name: string, start: string, end: string) =>
      (
        await db.execute<{ id: string }>(sql`
          INSERT INTO trails (name, location, country, length, difficulty, activity, description, linkmap, start_time, end_time, weekend_day)
          VALUES (${name}, 'Somewhere', 'Portugal', '10 km', 'Easy', 'hiking', 'A trail.', 'https://www.openstreetmap.org/', ${start}, ${end}, 'saturday')
          RETURNING id`)
      ).rows[0]!.id;
    const geres = await trail('Gerês Waterfalls Circuit', SUNDAY, SUNDAY_END);
    const calanques = await trail('Calanques', SATURDAY, SATURDAY_END);
    const sintra = await trail('Sintra', SATURDAY, SATURDAY_END);
    const match = async (trailId: string, status: string, start: string, end: string, people: string[], confirmedAt: string | null) =>
      (
        await db.execute<{ id: string }>(sql`
          INSERT INTO matches (trail_id, status, start_time, end_time, id1, id2, participants, requested_by, confirmed_at, compatibility)
          VALUES (${trailId}, ${status}, ${start}, ${end}, ${people[0]}, ${people[1] ?? null}, ${sql.param(people)}::text[], ${people[1] ?? null}, ${confirmedAt}, 80)
          RETURNING id`)
      ).rows[0]!.id;
    // Sofia double-booked on one hike: Miguel first, then Noah.
    const withMiguel = await match(geres, 'confirmed', SUNDAY, SUNDAY_END, ['miguel', 'sofia'], '2026-11-10T09:00:00Z');
    const withNoah = await match(geres, 'confirmed', SUNDAY, SUNDAY_END, ['noah', 'sofia'], '2026-11-11T09:00:00Z');
    for (const [matchId, sender, body] of [
      [withMiguel, 'miguel', 'See you at the car park'],
      [withNoah, 'noah', 'I will bring snacks'],
    ] as const) {
      await db.execute(
        sql`INSERT INTO messages (match_id, sender_id, client_id, body, created_at) VALUES (${matchId}, ${sender}, gen_random_uuid(), ${body}, now())`,
      );
    }
    // Camille on two trails at one hour.
    const calanquesHike = await match(calanques, 'confirmed', SATURDAY, SATURDAY_END, ['ana', 'camille'], '2026-11-09T09:00:00Z');
    const sintraHike = await match(sintra, 'confirmed', SATURDAY, SATURDAY_END, ['lucas', 'camille'], '2026-11-12T09:00:00Z');
    // Giulia searching two trails at one hour: the later search ends.
    const firstSearch = await match(calanques, 'searching', SATURDAY, SATURDAY_END, ['giulia'], null);
    await db.execute(sql`UPDATE matches SET created_at = now() - interval '1 day' WHERE id = ${firstSearch}`);
    const laterSearch = await match(sintra, 'searching', SATURDAY, SATURDAY_END, ['giulia'], null);

    await runMigrations(url);

    const row = async (id: string) =>
      (
        await db.execute<{ status: string; participants: string[]; capacity: number; cancel_reason: string | null }>(
          sql`SELECT status, participants, capacity, cancel_reason FROM matches WHERE id = ${id}`,
        )
      ).rows[0]!;
    expect(await row(withMiguel)).toMatchObject({ status: 'confirmed', participants: ['miguel', 'noah', 'sofia'], capacity: 3 });
    expect(await row(withNoah)).toMatchObject({ status: 'cancelled', cancel_reason: 'merged' });
    const thread = await db.execute<{ body: string }>(sql`SELECT body FROM messages WHERE match_id = ${withMiguel} ORDER BY seq`);
    expect(thread.rows.map((m) => m.body)).toEqual(['See you at the car park', 'I will bring snacks']);

    expect(await row(calanquesHike)).toMatchObject({ status: 'confirmed' });
    expect(await row(sintraHike)).toMatchObject({ status: 'confirmed' });
    const told = await db.execute<{ recipient_id: string; match_id: string }>(
      sql`SELECT recipient_id, match_id FROM notifications WHERE kind = 'hike-clash' ORDER BY recipient_id, match_id`,
    );
    expect(told.rows).toEqual(
      expect.arrayContaining([
        { recipient_id: 'ana', match_id: calanquesHike },
        { recipient_id: 'camille', match_id: calanquesHike },
        { recipient_id: 'camille', match_id: sintraHike },
        { recipient_id: 'lucas', match_id: sintraHike },
      ]),
    );
    expect(told.rows).toHaveLength(4);

    expect(await row(firstSearch)).toMatchObject({ status: 'searching' });
    expect(await row(laterSearch)).toMatchObject({ status: 'cancelled', cancel_reason: 'superseded' });

    // From now on the database holds the rule: Sofia cannot search another trail at that hour.
    await expect(
      db.execute(sql`INSERT INTO matches (trail_id, status, start_time, end_time, id1, participants)
        VALUES (${calanques}, 'searching', ${'2026-11-22T09:00:00Z'}, ${'2026-11-22T12:00:00Z'}, 'sofia', ARRAY['sofia'])`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) });
  });
});
