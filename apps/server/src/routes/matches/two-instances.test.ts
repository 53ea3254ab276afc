import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventHub } from '../../events/hub.js';
import { silentLog } from '../../jobs/log.js';
import { api, registeredUser, WEDNESDAY } from '../../test/match-fixtures.js';
import { createTestApp, signUp, TEST_ADMIN, type TestApp, type TestUser } from '../../test/test-app.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { connectSse, type SseConnection } from '../../test/sse-client.js';

let database: TestDatabase;
let hubs: Awaited<ReturnType<typeof createEventHub>>[];
let a: TestApp;
let b: TestApp;
let owner: TestUser;
let partner: TestUser;
let trailId: string;
let stream: SseConnection | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  hubs = [0, 1].map(() => createEventHub({ connectionString: database.url, db: database.db, log: silentLog }));
  await Promise.all(hubs.map((h) => h.ready));
  // Two instances of the server on one PostgreSQL, each with its own LISTEN hub.
  a = await createTestApp({ TRAIL_TIME_ZONE: 'Europe/Lisbon' }, { database, events: hubs[0], now: () => WEDNESDAY });
  b = await createTestApp({ TRAIL_TIME_ZONE: 'Europe/Lisbon' }, { database, events: hubs[1], now: () => WEDNESDAY });
  const admin = await signUp(a, TEST_ADMIN);
  trailId = (
    await api(a, admin).post('/api/trails', {
      name: 'Two Towers Walk',
      location: 'Porto, Portugal',
      length: '8 km',
      hours: 2,
      difficulty: 'Easy',
      activity: 'hiking',
      description: 'Between the two bridges.',
      linkmap: 'https://www.openstreetmap.org/',
    })
  ).json().id;
  owner = await registeredUser(a, 'owner@example.com');
  partner = await registeredUser(a, 'partner@example.com');
});
afterAll(async () => {
  stream?.close();
  await a.close();
  await b.close();
  await Promise.all(hubs.map((h) => h.close()));
  await database.close();
});

describe('two instances on one PostgreSQL', () => {
  it('delivers a match accepted through instance A to the partner’s stream held by instance B', async () => {
    const search = (await api(a, owner).post('/api/matches/search', { trailId, day: 'saturday' })).json().match;
    await api(a, partner).post(`/api/matches/${search.id}/request`);

    const urlB = `${await b.app.listen({ port: 0, host: '127.0.0.1' })}/api/events`;
    stream = await connectSse(urlB, { cookie: partner.cookie });
    expect(stream.status).toBe(200);

    const accepted = await api(a, owner).post(`/api/matches/${search.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    // The accepter's new search is announced to the owner only; the partner hears the confirmation.
    const event = await stream.next('match.changed', 5_000);
    expect(event.data).toEqual({ matchId: search.id, status: 'confirmed' });
    // And the notification of the accept (ADR 0025), then its read, marked through instance A.
    const created = await stream.next('notification.created', 5_000);
    expect(created.data).toMatchObject({ kind: 'match-accepted' });
    const { notificationId } = created.data as { notificationId: string };
    expect(
      (await b.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: { cookie: partner.cookie } })).json(),
    ).toEqual({ unread: 1 });
    await a.app.inject({ method: 'POST', url: `/api/notifications/${notificationId}/read`, headers: { cookie: partner.cookie } });
    expect((await stream.next('notification.read', 5_000)).data).toEqual({ notificationId });
  });
});
