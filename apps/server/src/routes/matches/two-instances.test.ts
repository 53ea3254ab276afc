import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, registeredUser, WEDNESDAY } from '../../test/match-fixtures.js';
import { signUp, TEST_ADMIN, type TestApp, type TestUser } from '../../test/test-app.js';
import { createTwoInstances, type TwoInstances } from '../../test/two-instances.js';
import { connectSse, type SseConnection } from '../../test/sse-client.js';

let instances: TwoInstances;
let a: TestApp;
let b: TestApp;
let owner: TestUser;
let partner: TestUser;
let trailId: string;
let stream: SseConnection | undefined;

beforeAll(async () => {
  instances = await createTwoInstances({ TRAIL_TIME_ZONE: 'Europe/Lisbon' }, () => WEDNESDAY);
  ({ a, b } = instances);
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
  await instances.close();
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
    // The partner hears the confirmation.
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
