import { eq, sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations, type Database } from '../db/client.js';
import { notifications } from '../db/schema/index.js';
import { installJobQueue } from '../jobs/install.js';
import { TASKS, type TaskName } from '../jobs/queue.js';
import { presentNotification } from '../notifications/inbox.js';
import { mailDueNotifications } from '../notifications/mail-batch.js';
import { wakeDueBatchers } from '../notifications/mail-sweep.js';
import { unsubscribeKey } from '../notifications/unsubscribe-token.js';
import { sendWaitingNotifications } from '../notifications/waiting-channels.js';
import { queuedJobs, runDueJobs } from '../test/queued-jobs.js';
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
  it('merges pairs sharing a person, a trail and a start; keeps clashing hikes and tells both people of each, on every channel; ends overlapping searches', async () => {
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

    // The clash goes out on the other channels too (migration 0038, ADR 0067): the upgrade queued
    // the job that sends it, and the job sends each person's by mail and push as their kinds say.
    expect((await queuedJobs(db, TASKS.sendWaitingNotifications)).map((j) => j.payload)).toEqual([{ kind: 'hike-clash' }]);
    const clash = async (recipient: string, matchId: string) =>
      (
        await db.execute<{ id: string; mail_status: string }>(
          sql`SELECT id, mail_status FROM notifications WHERE kind = 'hike-clash' AND recipient_id = ${recipient} AND match_id = ${matchId}`,
        )
      ).rows[0]!;
    // Camille has a browser subscribed to push; Lucas has read his in the app already.
    await db.execute(sql`INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth)
      VALUES ('camille', 'https://push.example/camille', 'key', 'secret')`);
    await db.execute(sql`UPDATE notifications SET read_at = now() WHERE kind = 'hike-clash' AND recipient_id = 'lucas'`);
    // The queued job runs with the server's own tasks (mail and push stay queued: no transports here).
    await runDueJobs(url, { db });
    expect(await queuedJobs(db, TASKS.sendWaitingNotifications)).toEqual([]);
    const now = new Date();
    expect(await sendWaitingNotifications(db, 'hike-clash', now)).toBe(0);
    for (const [who, hike] of [
      ['ana', calanquesHike],
      ['camille', calanquesHike],
      ['camille', sintraHike],
    ] as const) {
      expect((await clash(who, hike)).mail_status).toBe('pending');
    }
    expect((await clash('lucas', sintraHike)).mail_status).toBe('skipped');
    const jobs = (task: TaskName) => queuedJobs<Record<string, unknown>>(db, task);
    // Their mail is the sweep's to wake: it has waited longer than any delay.
    expect(await jobs(TASKS.mailNotifications)).toEqual([]);
    await wakeDueBatchers(db, new Date(now.getTime() + 60 * 60 * 1000), 0);
    expect((await jobs(TASKS.mailNotifications)).map((j) => j.payload.recipientId).sort()).toEqual(['ana', 'camille']);
    // Camille's two clashes reach her browser, each opening its notification, which opens the hike.
    const pushes = (await jobs(TASKS.sendPush)).map((j) => j.payload.payload as { title: string; url: string; tag: string });
    const camilleCalanques = await clash('camille', calanquesHike);
    expect(pushes).toHaveLength(2);
    expect(pushes).toContainEqual({
      title: 'Two hikes at once',
      body: 'Your hike on Calanques overlaps another hike of someone on it. Check who can still come.',
      url: `/notifications/${camilleCalanques.id}`,
      tag: `hike-clash:${calanquesHike}`,
    });
    const [stored] = await db.select().from(notifications).where(eq(notifications.id, camilleCalanques.id));
    expect(presentNotification(stored!).view).toEqual({ name: 'match-accepted', matchId: calanquesHike });
    // Her mail carries both, each with the link that opens it.
    const settings = { delayMs: 0, appUrl: 'https://trailbuddy.example', unsubscribeKey: unsubscribeKey('x'.repeat(40)) };
    expect((await mailDueNotifications(database.db, 'camille', now, settings)).mailed).toBe(2);
    const [mail] = await jobs(TASKS.sendMail);
    const items = JSON.parse((mail!.payload.params as { items: string }).items) as { kind: string; link: string }[];
    expect(items).toContainEqual(
      expect.objectContaining({ kind: 'hike-clash', link: `https://trailbuddy.example/notifications/${camilleCalanques.id}` }),
    );

    // From now on the database holds the rule: Sofia cannot search another trail at that hour.
    await expect(
      db.execute(sql`INSERT INTO matches (trail_id, status, start_time, end_time, id1, participants)
        VALUES (${calanques}, 'searching', ${'2026-11-22T09:00:00Z'}, ${'2026-11-22T12:00:00Z'}, 'sofia', ARRAY['sofia'])`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) });
  });
});
