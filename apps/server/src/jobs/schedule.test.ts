import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Job } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveEvents, matches, trails } from '../db/schema/index.js';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../test/match-fixtures.js';
import { silentLog } from './log.js';
import { TASKS } from './queue.js';
import { startJobRunner, type JobRunner } from './runner.js';

let w: MatchWorld;
beforeAll(async () => {
  w = await createMatchWorld();
});
afterAll(async () => w.t.close());

/** Saturday 21 November, noon in Lisbon: that day's 10:00 session has started. */
const SATURDAY_NOON = new Date('2026-11-21T12:00:00Z');

/** One server instance's job worker, on the world's database, with the test's clock. */
const instance = () =>
  startJobRunner({
    connectionString: w.t.database.url,
    db: w.t.database.db,
    log: silentLog,
    timeZone: 'Europe/Lisbon',
    now: () => SATURDAY_NOON,
    pollIntervalMs: 200,
  });

describe('the schedule across two instances on one database', () => {
  it('runs each cron tick once, so each match expires once and each session recurs once', async () => {
    const ana = await registeredUser(w.t, 'ana@example.com');
    const bruno = await registeredUser(w.t, 'bruno@example.com');
    const search = (await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' })).json().match;
    const pending = (await api(w.t, bruno).post('/api/matches/invite', { userId: ana.id, trailId: w.trailId, day: 'saturday' })).json();
    const sunday = (await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' })).json().match;

    // First start: graphile-worker records the crontab's identifiers as known from now on.
    await Promise.all([instance(), instance()]).then((runners) => Promise.all(runners.map((r) => r.stop())));
    // Pretend both instances were down for two and a half minutes: on start they backfill the
    // ticks they missed (jobs/schedule.ts backfills two minutes), racing each other to do so.
    await w.t.database.db.execute(sql`
      UPDATE graphile_worker._private_known_crontabs
      SET known_since = now() - interval '150 seconds', last_execution = NULL
    `);

    const ran: { task: string; tick: string }[] = [];
    const record = (runner: JobRunner) =>
      runner.events.on('job:success', ({ job }: { job: Job }) => {
        const tick = (job.payload as { _cron?: { ts: string } })._cron?.ts;
        if (tick) ran.push({ task: job.task_identifier, tick });
      });
    const runners = await Promise.all([instance(), instance()]);
    runners.forEach(record);
    try {
      await expect
        .poll(() => ran.filter((r) => r.task === TASKS.recurTrails).length, { timeout: 10_000, interval: 50 })
        .toBeGreaterThanOrEqual(2);
      await expect.poll(() => ran.filter((r) => r.task === TASKS.expireMatches).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }

    for (const task of [TASKS.expireMatches, TASKS.recurTrails]) {
      const ticks = ran.filter((r) => r.task === task).map((r) => r.tick);
      expect(ticks.length).toBeGreaterThanOrEqual(2);
      expect(new Set(ticks).size, `${task} ran twice for one tick: ${ticks.join(', ')}`).toBe(ticks.length);
    }

    const byId = new Map((await w.t.database.db.select().from(matches)).map((m) => [m.id, m]));
    expect(byId.get(search.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect(byId.get(pending.id)).toMatchObject({ status: 'cancelled', cancelReason: 'expired' });
    expect(byId.get(sunday.id)?.status).toBe('searching');
    // Each participant heard of each expiry once.
    const expiryEvents = await w.t.database.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.type, 'match.changed'), sql`${liveEvents.payload}->>'status' = 'cancelled'`));
    expect(expiryEvents.map((e) => (e.payload as { matchId: string }).matchId).sort()).toEqual([search.id, pending.id].sort());

    const copies = await w.t.database.db.select().from(trails).where(isNotNull(trails.recurredFromId));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toMatchObject({ recurredFromId: w.trailId, startTime: new Date('2026-11-28T10:00:00Z') });
    const open = await w.t.database.db
      .select()
      .from(matches)
      .where(and(inArray(matches.status, ['searching', 'pending']), eq(matches.trailId, w.trailId)));
    expect(open.map((m) => m.id)).toEqual([sunday.id]);
  }, 30_000);
});
