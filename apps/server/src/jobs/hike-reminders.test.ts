import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, notifications } from '../db/schema/index.js';
import { api, ARRABIDA_RIDGE, createMatchWorld, registeredUser, type MatchWorld } from '../test/match-fixtures.js';
import { raceTask, worldJobRunner } from '../test/queued-jobs.js';
import type { TestUser } from '../test/test-app.js';
import { TASKS } from './queue.js';
import type { JobRunner } from './runner.js';

let w: MatchWorld;
let ana: TestUser;
let rui: TestUser;
beforeAll(async () => {
  w = await createMatchWorld();
  ana = await registeredUser(w.t, 'ana@example.com', { fullName: 'Ana Ribeiro' });
  rui = await registeredUser(w.t, 'rui@example.com', { fullName: 'Rui Santos' });
});
afterAll(async () => w.t.close());

/** One server instance's job worker, on the world's database and (movable) clock. */
const instance = () => worldJobRunner(w);

/** Runs the reminder task `times` times at once, spread over the runners, and waits for all of them. */
const runReminders = (runners: JobRunner[], times: number) => raceTask(w.t.database.db, runners, TASKS.remindHikes, times);

const reminders = () =>
  w.t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.kind, 'hike-reminder'))
    .then((rows) => rows.map((n) => ({ to: n.recipientId, actor: n.actorId, matchId: n.matchId, params: n.params })));

async function confirmedHike(day: 'saturday' | 'sunday', inviter: TestUser = ana, invitee: TestUser = rui) {
  const invitation = (await api(w.t, inviter).post('/api/matches/invite', { userId: invitee.id, trailId: w.trailId, day })).json();
  const accepted = await api(w.t, invitee).post(`/api/matches/${invitation.id}/accept`);
  expect(accepted.json()).toMatchObject({ status: 'confirmed' });
  return accepted.json() as { id: string };
}

describe('the day-before reminder, with two instances on one database', () => {
  it('reminds each participant of each confirmed hike once, however many runs race', async () => {
    // One hike at a time (ADR 0054): the cancelled one is called off before the next is made.
    const cancelled = await confirmedHike('saturday');
    await api(w.t, ana).post(`/api/matches/${cancelled.id}/cancellation`, { reason: 'Double booked' });
    const saturday = await confirmedHike('saturday');
    const sunday = await confirmedHike('sunday');

    const runners = await Promise.all([instance(), instance()]);
    try {
      // Friday 20th 12:00 UTC: Saturday's 10:00 hike (Lisbon = UTC in November) is 22 hours away,
      // Sunday's 46: only Saturday's is due.
      w.clock.now = new Date('2026-11-20T12:00:00Z');
      await runReminders(runners, 6);
      const friday = await reminders();
      expect(friday.map((r) => `${r.to}→${r.matchId}`).sort()).toEqual([`${ana.id}→${saturday.id}`, `${rui.id}→${saturday.id}`].sort());
      expect(friday.find((r) => r.to === ana.id)).toMatchObject({
        actor: rui.id,
        params: { actorName: 'Rui Santos', trailName: ARRABIDA_RIDGE.name, meetingPoint: ARRABIDA_RIDGE.location },
      });
      expect(friday.find((r) => r.to === ana.id)!.params.startTime).toBe('Saturday, 21 November 2026 at 10:00');
      expect(friday.find((r) => r.to === rui.id)).toMatchObject({ actor: ana.id, params: { actorName: 'Ana Ribeiro' } });

      // A day later the Sunday hike is due; Saturday's is not reminded again.
      w.clock.now = new Date('2026-11-21T12:00:00Z');
      await runReminders(runners, 6);
      const all = await reminders();
      expect(all).toHaveLength(4);
      expect(
        all
          .filter((r) => r.matchId === sunday.id)
          .map((r) => r.to)
          .sort(),
      ).toEqual([ana.id, rui.id].sort());
      expect(all.some((r) => r.matchId === cancelled.id)).toBe(false);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    const [row] = await w.t.database.db
      .select()
      .from(matches)
      .where(and(eq(matches.id, saturday.id)));
    expect(row?.remindedAt).toEqual(new Date('2026-11-20T12:00:00Z'));
  });

  it('skips a hike confirmed less than two hours before its start', async () => {
    // Saturday 21st 08:30 UTC: the 10:00 session is an hour and a half away.
    w.clock.now = new Date('2026-11-21T08:30:00Z');
    // Ana and Rui are on Saturday's hike already: two others make this one (ADR 0054).
    const lastMinute = await confirmedHike(
      'saturday',
      await registeredUser(w.t, 'carla@example.com'),
      await registeredUser(w.t, 'dora@example.com'),
    );
    const runners = await Promise.all([instance(), instance()]);
    try {
      await runReminders(runners, 2);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    expect((await reminders()).some((r) => r.matchId === lastMinute.id)).toBe(false);
  });
});
