import { matches } from '../db/schema/index.js';
import { createTestApp, signUp, TEST_ADMIN, validRegistration, verifyEmail, type TestApp, type TestUser } from './test-app.js';

/** Wednesday 2026-11-18 09:00 UTC: the coming Saturday is the 21st, Sunday the 22nd. */
export const WEDNESDAY = new Date('2026-11-18T09:00:00Z');

/** The hiking trail the match tests walk: a 3-hour session on the coming Saturday. */
export const ARRABIDA_RIDGE = {
  name: 'Arrábida Ridge',
  location: 'Setúbal, Portugal',
  length: '12.4 km',
  hours: 3,
  difficulty: 'Moderate',
  activity: 'hiking',
  description: 'Limestone ridge above the sea.',
  linkmap: 'https://www.openstreetmap.org/#map=13/38.48/-8.98',
} as const;

export interface MatchWorld {
  t: TestApp;
  clock: { now: Date };
  admin: TestUser;
  trailId: string;
}

/** The real app with a movable clock, an admin and one hiking trail on the coming Saturday. */
export async function createMatchWorld(overrides: Record<string, string> = {}): Promise<MatchWorld> {
  const clock = { now: WEDNESDAY };
  const t = await createTestApp({ TRAIL_TIME_ZONE: 'Europe/Lisbon', ...overrides }, { now: () => clock.now });
  const admin = await signUp(t, TEST_ADMIN);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trails',
    headers: { cookie: admin.cookie },
    payload: ARRABIDA_RIDGE,
  });
  if (res.statusCode !== 201) throw new Error(`trail: ${res.statusCode} ${res.body}`);
  return { t, clock, admin, trailId: res.json().id };
}

type Registration = ReturnType<typeof validRegistration>;

/** Verifies an existing account's e-mail and completes its registration: it may match now (ADR 0030). */
export async function letMatch(
  t: TestApp,
  user: TestUser,
  overrides: Partial<Registration> & { preferences?: object } = {},
): Promise<TestUser> {
  await verifyEmail(t, user);
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/me/registration',
    headers: { cookie: user.cookie },
    payload: { ...validRegistration(), fullName: user.email.split('@')[0], ...overrides },
  });
  if (res.statusCode !== 200) throw new Error(`registration: ${res.statusCode} ${res.body}`);
  return user;
}

/** A user who may match: signed up, e-mail verified, registration completed with any fields overridden. */
export async function registeredUser(
  t: TestApp,
  email: string,
  overrides: Partial<Registration> & { preferences?: object } = {},
): Promise<TestUser> {
  return letMatch(t, await signUp(t, email, 'secret123', email.split('@')[0]), overrides);
}

/**
 * Three members of known traits, one after the other: Ana and Bruno score 68 on hiking, Carla and
 * Bruno 58 (the journeys of matches.test.ts and one-number.test.ts).
 */
export async function anaBrunoCarla(t: TestApp): Promise<{ ana: TestUser; bruno: TestUser; carla: TestUser }> {
  const ana = await registeredUser(t, 'ana@example.com', {
    skills: { hiking: 'advanced', running: 'beginner' },
    preferences: { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' },
  });
  const bruno = await registeredUser(t, 'bruno@example.com', {
    skills: { hiking: 'intermediate', running: 'beginner' },
    bio: 'Weekend hiker who loves a good view.',
    preferences: { pace: 'moderate', communication: 'quiet', adventureLevel: 'moderate' },
  });
  const carla = await registeredUser(t, 'carla@example.com', {
    skills: { hiking: 'beginner', running: 'advanced' },
    preferences: { pace: 'fast', communication: 'quiet', adventureLevel: 'adventurous' },
  });
  return { ana, bruno, carla };
}

/** One imported hike's figures, as an import keeps them: 5 km on the flat at `secondsPerKm`, no climbing to speak of. */
export const flatHike = (userId: string, secondsPerKm: number, startedOn = new Date('2026-10-03T00:00:00Z')) => ({
  userId,
  source: 'file',
  sourceKey: `fixture-${userId}-${secondsPerKm}`,
  activity: 'hiking',
  startedOn,
  distanceMeters: 5000,
  elevationGainMeters: 20,
  flatMovingSeconds: 5 * secondsPerKm,
  flatMovingMeters: 5000,
  climbMovingSeconds: 0,
  climbAscentMeters: 0,
});

export function api(t: TestApp, user: TestUser | undefined) {
  const headers = user ? { cookie: user.cookie } : {};
  return {
    post: (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) }),
    get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
    delete: (url: string) => t.app.inject({ method: 'DELETE', url, headers }),
  };
}

/** Open searches of a trail's slot by these people, inserted as they are, started now or when `startedAt` says. */
export function insertSearches(
  t: TestApp,
  trail: { id: string; startTime: Date; endTime: Date },
  userIds: string[],
  startedAt?: (i: number) => Date,
) {
  return t.database.db.insert(matches).values(
    userIds.map((id1, i) => ({
      trailId: trail.id,
      status: 'searching' as const,
      startTime: trail.startTime,
      endTime: trail.endTime,
      id1,
      participants: [id1],
      ...(startedAt ? { createdAt: startedAt(i) } : {}),
    })),
  );
}
