import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../db/schema/index.js';
import { TASKS } from '../jobs/queue.js';
import type { JobRunner } from '../jobs/runner.js';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../test/match-fixtures.js';
import { queuedMail, raceTask, worldJobRunner } from '../test/queued-jobs.js';
import type { TestUser } from '../test/test-app.js';
import { tripTokenKey } from './tokens.js';

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
const instance = () =>
  worldJobRunner(w, {
    schedule: false,
    trips: {
      appUrl: w.t.env.APP_URL,
      timeZone: 'Europe/Lisbon',
      // The key the app signs trip pages with (test-app.ts's auth secret), so the alert's link opens the page.
      tokenKey: tripTokenKey('test-secret-that-is-at-least-32-characters-long'),
      graceMs: 60 * 60_000,
    },
  });

const runAlerts = (runners: JobRunner[], times: number) => raceTask(w.t.database.db, runners, TASKS.alertOverdueTrips, times);
const overdueMails = () => queuedMail(w.t.database.db, { template: 'trip-overdue' });
const confirmMail = async () => (await queuedMail(w.t.database.db, { template: 'emergency-contact-confirm' }))[0]!;

describe('the overdue alert, with two instances on one database', () => {
  it('alerts the contact once, an hour after the expected return, with the trip card and the last check-in', async () => {
    await w.t.app.inject({
      method: 'PUT',
      url: '/api/me/emergency-contact',
      headers: { cookie: ana.cookie },
      payload: { name: 'Marta', email: 'marta@example.com' },
    });
    const confirm = await confirmMail();
    await w.t.app.inject({
      method: 'POST',
      url: new URL(confirm.params.link!).pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

    const invitation = (await api(w.t, ana).post('/api/matches/invite', { userId: rui.id, trailId: w.trailId, day: 'saturday' })).json();
    await api(w.t, rui).post(`/api/matches/${invitation.id}/accept`);
    expect((await api(w.t, ana).post(`/api/matches/${invitation.id}/trip/share`)).statusCode).toBe(200);
    // Rui shared nothing: he is never the subject of an alert.
    w.clock.now = new Date('2026-11-21T09:40:00Z');
    expect((await api(w.t, ana).post(`/api/matches/${invitation.id}/check-in`)).statusCode).toBe(200);

    const runners = await Promise.all([instance(), instance()]);
    try {
      // 13:59: the session ended at 13:00; the hour of grace is not over.
      w.clock.now = new Date('2026-11-21T13:59:00Z');
      await runAlerts(runners, 2);
      expect(await overdueMails()).toHaveLength(0);

      // 14:01: due. Six runs race on two instances; one alert.
      w.clock.now = new Date('2026-11-21T14:01:00Z');
      await runAlerts(runners, 6);
    } finally {
      await Promise.all(runners.map((r) => r.stop()));
    }
    const mails = await overdueMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      to: 'marta@example.com',
      params: {
        to_name: 'Marta',
        traveller_name: 'Ana Ribeiro',
        trail_name: 'Arrábida Ridge',
        expected_return: '13:00',
        buddy_first_name: 'Rui',
      },
    });
    expect(mails[0]!.params.last_check_in).toBe('21 Nov 2026, 09:40');
    // The alert's link opens the same trip page the card linked to.
    const pageRes = await w.t.app.inject({ method: 'GET', url: new URL(mails[0]!.params.trip_link!).pathname });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.body).toContain('checked in at 21 Nov 2026, 09:40 and has not checked out yet');

    const told = await w.t.database.db.select().from(notifications).where(eq(notifications.kind, 'trip-overdue'));
    expect(told.map((n) => [n.recipientId, n.matchId, n.params.contactName])).toEqual([[ana.id, invitation.id, 'Marta']]);
  });
});
