import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unavailablePersonName } from '@trailbuddy/shared/contracts/safety';
import { mailDueNotifications } from '../../notifications/mail-batch.js';
import { unsubscribeKey } from '../../notifications/unsubscribe-token.js';
import { api, createMatchWorld, registeredUser, WEDNESDAY, type MatchWorld } from '../../test/match-fixtures.js';
import { queuedMail } from '../../test/queued-jobs.js';
import type { TestUser } from '../../test/test-app.js';

// Issue 22, finding 6 (ADR 0038): a block closes profiles both ways on every route that shows a
// person. Ingrid and Sofia hiked together and wrote to each other; then Ingrid blocks Sofia. Each
// route is walked for both of them, before the block (it shows the other's profile, so the check
// can fail) and after (a first name and "no longer available", nothing else).

interface Person {
  user: TestUser;
  fullName: string;
  surname: string;
  bio: string;
  instagram: string;
  age: number;
  city: string;
}

let w: MatchWorld;
let ingrid: Person;
let sofia: Person;
let hikeId: string;
let requestId: string;

async function person(email: string, fullName: string, details: Omit<Person, 'user' | 'fullName' | 'surname'>): Promise<Person> {
  const user = await registeredUser(w.t, email, {
    fullName,
    bio: details.bio,
    instagram: details.instagram,
    age: details.age,
    country: 'Portugal',
    city: details.city,
    skills: { hiking: 'advanced', running: 'advanced' },
  });
  return { user, fullName, surname: fullName.split(' ')[1]!, ...details };
}

beforeAll(async () => {
  w = await createMatchWorld();
  ingrid = await person('ingrid@example.com', 'Ingrid Halvorsen', {
    bio: 'Fjord runner who collects ridgelines.',
    instagram: '@ingrid.ridges',
    age: 37,
    city: 'Braga',
  });
  sofia = await person('sofia@example.com', 'Sofia Quaresma', {
    bio: 'Early starts, long coastal walks, good coffee.',
    instagram: '@sofia.coast',
    age: 29,
    city: 'Faro',
  });

  // A Saturday hike, confirmed, walked (check-in and check-out complete it), with messages both ways.
  w.clock.now = WEDNESDAY;
  const invitation = await api(w.t, ingrid.user).post('/api/matches/invite', {
    userId: sofia.user.id,
    trailId: w.trailId,
    day: 'saturday',
  });
  hikeId = invitation.json().id;
  expect((await api(w.t, sofia.user).post(`/api/matches/${hikeId}/accept`)).json()).toMatchObject({ status: 'confirmed' });
  for (const [who, body] of [
    [sofia, 'See you at the trailhead!'],
    [ingrid, 'Bring a jacket, it gets windy.'],
  ] as const) {
    const sent = await api(w.t, who.user).post(`/api/matches/${hikeId}/messages`, { clientId: randomUUID(), body });
    expect(sent.statusCode).toBeLessThan(300);
  }
  // A Sunday request of Sofia's to Ingrid's search, open when the block comes.
  const search = await api(w.t, ingrid.user).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' });
  requestId = search.json().match.id;
  expect((await api(w.t, sofia.user).post(`/api/matches/${requestId}/request`)).statusCode).toBe(200);

  w.clock.now = new Date('2026-11-21T09:30:00Z');
  for (const who of [ingrid, sofia]) expect((await api(w.t, who.user).post(`/api/matches/${hikeId}/check-in`)).statusCode).toBe(200);
  w.clock.now = new Date('2026-11-21T13:10:00Z');
  for (const who of [ingrid, sofia]) expect((await api(w.t, who.user).post(`/api/matches/${hikeId}/check-out`)).statusCode).toBe(200);
  expect((await api(w.t, ingrid.user).get(`/api/matches/${hikeId}`)).json().status).toBe('completed');
});
afterAll(async () => w.t.close());

/** Every route that may name the other person, as `viewer` sees it. */
async function routesSeenBy(viewer: Person): Promise<Record<string, { status: number; body: string }>> {
  const paths = [
    '/api/matches/partners',
    '/api/matches/mine',
    `/api/matches/${hikeId}`,
    `/api/matches/${requestId}`,
    '/api/matches/changed-plans',
    `/api/matches/${hikeId}/messages`,
    '/api/notifications',
    `/api/calendar/matches/${hikeId}`,
  ];
  const seen: Record<string, { status: number; body: string }> = {};
  for (const path of paths) {
    const res = await api(w.t, viewer.user).get(path);
    expect(res.statusCode, `${path} ${res.body}`).toBeLessThan(500);
    seen[path] = { status: res.statusCode, body: res.body };
  }
  return seen;
}

/** What of `other`'s profile a body gives away. */
function profileOf(other: Person, body: string): string[] {
  const leaks = [other.surname, other.bio, other.instagram, `"age":${other.age}`, other.city, `/profilePictures/${other.user.id}`];
  return leaks.filter((leak) => body.includes(leak));
}

describe('a block closes profiles both ways (finding 6)', () => {
  it('before the block, the routes show the other person (so the walk below can fail)', async () => {
    for (const [viewer, other] of [
      [sofia, ingrid],
      [ingrid, sofia],
    ] as const) {
      const seen = await routesSeenBy(viewer);
      expect(profileOf(other, seen['/api/matches/partners']!.body)).toEqual(
        expect.arrayContaining([other.bio, other.instagram, other.city]),
      );
      expect(profileOf(other, seen[`/api/matches/${hikeId}`]!.body)).toContain(other.surname);
      expect(profileOf(other, seen['/api/notifications']!.body)).toContain(other.surname);
    }
  });

  it('after Ingrid blocks Sofia, each sees at most the other’s first name and "no longer available", on every route', async () => {
    w.clock.now = new Date('2026-11-21T15:00:00Z');
    expect((await api(w.t, ingrid.user).post('/api/blocks', { userId: sofia.user.id })).statusCode).toBe(201);

    for (const [viewer, other] of [
      [sofia, ingrid],
      [ingrid, sofia],
    ] as const) {
      const seen = await routesSeenBy(viewer);
      for (const [path, { body }] of Object.entries(seen)) {
        expect(profileOf(other, body), `${viewer.fullName} on ${path}`).toEqual([]);
      }
      const label = unavailablePersonName(other.fullName);
      expect(label).toBe(`${other.fullName.split(' ')[0]} (no longer available)`);
      // The partner entry and the match still name them, by the first name and the label.
      expect(seen['/api/matches/partners']!.body).toContain(label);
      const hike = JSON.parse(seen[`/api/matches/${hikeId}`]!.body) as { partner: Record<string, unknown> };
      expect(hike.partner).toMatchObject({
        id: other.user.id,
        name: label,
        age: null,
        location: null,
        bio: null,
        instagram: null,
        gender: null,
      });
      expect(seen['/api/notifications']!.body).toContain(label);
      // Their profile page stays closed, as before this change.
      expect((await api(w.t, viewer.user).get(`/api/users/${other.user.id}`)).statusCode).toBe(404);
    }
    // The request Ingrid's block cancelled is among Sofia's changed plans, naming Ingrid only so.
    const changed = JSON.parse((await routesSeenBy(sofia))['/api/matches/changed-plans']!.body) as {
      matches: { id: string; partner: { name: string } }[];
    };
    expect(changed.matches.find((m) => m.id === requestId)?.partner.name).toBe(unavailablePersonName(ingrid.fullName));
  });

  it('the notification mail that waited during the block names the other so too', async () => {
    const settings = {
      delayMs: 120_000,
      appUrl: w.t.env.APP_URL,
      unsubscribeKey: unsubscribeKey('test-secret-that-is-at-least-32-characters-long'),
    };
    for (const [viewer, other] of [
      [sofia, ingrid],
      [ingrid, sofia],
    ] as const) {
      // Notifications are stamped by the database's clock, not the world's: an hour after now, they are all due.
      const later = new Date(Date.now() + 60 * 60 * 1000);
      expect((await mailDueNotifications(w.t.database.db, viewer.user.id, later, settings)).mailed).toBeGreaterThan(0);
      const mail = (await queuedMail(w.t.database.db, { template: 'notifications', to: viewer.user.email })).at(-1)!;
      expect(mail.params.items).toContain(unavailablePersonName(other.fullName));
      expect(profileOf(other, mail.params.items!)).toEqual([]);
      expect(mail.params.items).not.toMatch(/partnerBio|partnerSkillLevel|buddyImage/);
    }
  });
});
