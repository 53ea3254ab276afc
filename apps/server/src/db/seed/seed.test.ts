import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { FORMER_MEMBER } from '@trailbuddy/shared/contracts/account';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPresetAvatar, PRESET_AVATARS } from '@trailbuddy/shared/data/avatars';
import { daysWithSessions } from '@trailbuddy/shared/domain/agenda';
import { addZonedDays } from '@trailbuddy/shared/domain/schedule';
import { AUTH_TABLES } from '../../auth/create-user.js';
import { createLocalStorage } from '../../storage/local-storage.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { matchFeedback, matches, profiles, trails, users } from '../schema/index.js';
import { DEMO_USERS, seedDemoData } from './seed.js';

const TZ = 'Europe/Lisbon';
/** A Wednesday morning; the second start is a week later. */
const FIRST_START = new Date('2026-11-18T09:00:00Z');
const A_WEEK_LATER = addZonedDays(FIRST_START, 7, TZ);
const DEMO_ID = sql`${matches.id}::text LIKE '5eed0000-%'`;

let database: TestDatabase;
const storageDir = mkdtempSync(join(tmpdir(), 'trailbuddy-seed-'));
const storage = createLocalStorage(storageDir);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  rmSync(storageDir, { recursive: true, force: true });
});

const db = () => database.db;
const savedRoutes = new Map<string, string>();
/** The addresses Better Auth's user hook was shown: the seed creates its users through Better Auth. */
const createdThroughBetterAuth: string[] = [];
const authContext = () =>
  betterAuth({
    secret: 'test-secret-that-is-at-least-32-characters-long',
    baseURL: 'http://localhost:3000',
    database: drizzleAdapter(db(), { provider: 'pg', schema: AUTH_TABLES }),
    telemetry: { enabled: false },
    databaseHooks: { user: { create: { before: async (user) => void createdThroughBetterAuth.push(user.email) } } },
  }).$context;
const seed = (now: Date) =>
  seedDemoData(db(), storage, {
    now,
    timeZone: TZ,
    authContext,
    // The route service is the server's (routes/trails/route-routes.test.ts parses every demo
    // route); here, which trail gets which file.
    saveRoute: async (trailId, file) => void savedRoutes.set(trailId, file.toString('utf8')),
  });
const demoMatchCount = async () => (await db().select({ n: count() }).from(matches).where(DEMO_ID))[0]!.n;
const snapshot = () =>
  db()
    .select({ id: matches.id, status: matches.status, start: matches.startTime, id1: matches.id1, id2: matches.id2 })
    .from(matches)
    .orderBy(matches.id);

async function demoIds() {
  const rows = await db().select({ id: users.id, email: users.email }).from(users);
  return new Map(rows.filter((r) => DEMO_USERS.some((u) => u.email === r.email)).map((r) => [r.email, r.id]));
}

describe('the demo seed, kept current on every start', () => {
  let firstCount = 0;
  const rita = randomUUID();
  let ritasMatch = '';
  let ownSearch = '';

  it('seeds an empty database with the demo trails, the demo people with pictures of their own, and their matches', async () => {
    const result = await seed(FIRST_START);
    expect(result).toMatchObject({ seeded: true, trails: 14, users: DEMO_USERS.length });
    expect(result.demoMatches).toBeGreaterThan(30);
    firstCount = await demoMatchCount();
    expect(firstCount).toBe(result.demoMatches);
    // Every demo trail has its trailhead, and its bundled route is handed to the route service (ADR 0057).
    const seeded = await db().select({ id: trails.id, name: trails.name, latitude: trails.trailheadLatitude }).from(trails);
    for (const trail of seeded) {
      expect(trail.latitude, trail.name).not.toBeNull();
      expect(savedRoutes.get(trail.id), trail.name).toContain(`<name>${trail.name.replace(/&/g, '&amp;')}</name>`);
    }
    // Who may match (ADR 0030): every demo person has a verified e-mail and a completed profile.
    const standing = await db()
      .select({ verified: users.emailVerified, completed: profiles.registrationCompletedAt })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id));
    expect(standing).toHaveLength(DEMO_USERS.length);
    expect(standing.every((s) => s.verified && s.completed !== null)).toBe(true);
    // One creator of users (ADR 0061): Better Auth's user hooks saw every demo person.
    expect(createdThroughBetterAuth.sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());

    const images = (await db().select({ image: profiles.image }).from(profiles)).map((p) => p.image);
    expect(images).toHaveLength(DEMO_USERS.length);
    expect(new Set(images).size).toBe(DEMO_USERS.length);
    expect(images.filter((image) => isPresetAvatar(image))).toEqual([]);
  });

  it('a week later, brings the matches up to date without duplicating anything or touching what people created', async () => {
    const ids = await demoIds();
    const miguel = ids.get('miguel@trailbuddy.app')!;
    const [trail] = await db().select().from(trails).limit(1);
    // A real member's request to a demo user, made through the app (a random id, not the seed's).
    await db().insert(users).values({ id: rita, name: 'Rita', email: 'rita@example.com', emailVerified: true });
    const start = addZonedDays(A_WEEK_LATER, 3, TZ);
    const [request] = await db()
      .insert(matches)
      .values({
        trailId: trail!.id,
        status: 'pending',
        startTime: start,
        endTime: new Date(start.getTime() + 3 * 3600_000),
        id1: rita,
        id2: miguel,
        participants: [rita, miguel],
        requestedBy: rita,
      })
      .returning();
    ritasMatch = request!.id;
    // Someone signed in as a demo user opened a search on the session the plan would search next week.
    const [planned] = await db()
      .select()
      .from(matches)
      .where(and(DEMO_ID, eq(matches.status, 'searching')))
      .orderBy(sql`${matches.startTime} DESC`)
      .limit(1);
    const [own] = await db()
      .insert(matches)
      .values({
        trailId: planned!.trailId,
        status: 'searching',
        startTime: addZonedDays(planned!.startTime, 7, TZ),
        endTime: addZonedDays(planned!.endTime, 7, TZ),
        id1: planned!.id1,
        participants: [planned!.id1],
      })
      .returning();
    ownSearch = own!.id;
    // One demo user picked a preset, another uploaded a photo.
    const noah = ids.get('noah@trailbuddy.app')!;
    const camille = ids.get('camille@trailbuddy.app')!;
    await db().update(profiles).set({ image: PRESET_AVATARS[2] }).where(eq(profiles.userId, noah));
    await db().update(profiles).set({ image: '/api/files/profilePictures/x/profile_x_1.jpg' }).where(eq(profiles.userId, camille));

    const result = await seed(A_WEEK_LATER);
    expect(result.seeded).toBe(false);
    // The same plan, minus the one search the person already had.
    expect(await demoMatchCount()).toBe(firstCount - 1);
    // The demo people and Rita; the "Former member" placeholder (ADR 0034) is nobody.
    expect((await db().select({ n: count() }).from(users).where(ne(users.id, FORMER_MEMBER.id)))[0]!.n).toBe(DEMO_USERS.length + 1);
    expect((await db().select({ n: count() }).from(trails))[0]!.n).toBe(14);

    const [kept] = await db().select().from(matches).where(eq(matches.id, ritasMatch));
    expect(kept).toMatchObject({ status: 'pending', id1: rita, id2: miguel, startTime: start });
    const searches = await db()
      .select({ id: matches.id })
      .from(matches)
      .where(and(eq(matches.id1, own!.id1), eq(matches.trailId, own!.trailId), eq(matches.startTime, own!.startTime)));
    expect(searches).toEqual([{ id: ownSearch }]);

    // No session is doubled: one row per person, trail, start and status.
    const doubled = await db()
      .select({ n: count() })
      .from(matches)
      .groupBy(matches.id1, matches.id2, matches.trailId, matches.startTime, matches.status)
      .having(sql`count(*) > 1`);
    expect(doubled).toEqual([]);

    const images = new Map(
      (await db().select({ userId: profiles.userId, image: profiles.image }).from(profiles)).map((p) => [p.userId, p.image]),
    );
    expect(images.get(noah)).toBe('/people/noah.png');
    expect(images.get(camille)).toBe('/api/files/profilePictures/x/profile_x_1.jpg');
  });

  it('gives every demo login something in every tab of My Matches, past partners and the agenda', async () => {
    const now = A_WEEK_LATER.getTime();
    const ids = await demoIds();
    expect(ids.size).toBe(DEMO_USERS.length);
    for (const [email, id] of ids) {
      const mine = await db()
        .select()
        .from(matches)
        .where(sql`${id} = ANY(${matches.participants})`);
      const future = (m: (typeof mine)[number]) => m.startTime.getTime() > now;
      const past = (m: (typeof mine)[number]) => m.endTime.getTime() <= now;
      const partner = (m: (typeof mine)[number]) => (m.id1 === id ? m.id2 : m.id1);
      const tabs = {
        upcoming: mine.filter((m) => m.status === 'confirmed' && future(m)),
        pending: mine.filter((m) => m.status === 'pending' && future(m)),
        completed: mine.filter((m) => m.status === 'completed' && past(m)),
        searching: mine.filter((m) => m.status === 'searching' && future(m)),
      };
      for (const [tab, list] of Object.entries(tabs)) expect(list.length, `${email}: ${tab}`).toBeGreaterThan(0);
      expect(new Set(tabs.completed.map(partner)).size, `${email}: past partners`).toBeGreaterThan(0);
      expect(
        mine.filter((m) => m.status === 'cancelled'),
        `${email}: nothing expired`,
      ).toEqual([]);
      const comingDays = daysWithSessions(mine.filter(future), TZ);
      expect(comingDays.size, `${email}: agenda`).toBeGreaterThanOrEqual(2);
    }
  });

  it('has both people’s feedback on every completed demo match', async () => {
    const completed = await db()
      .select({ id: matches.id, answers: count(matchFeedback.userId) })
      .from(matches)
      .leftJoin(matchFeedback, eq(matchFeedback.matchId, matches.id))
      .where(and(DEMO_ID, eq(matches.status, 'completed')))
      .groupBy(matches.id);
    expect(completed.length).toBeGreaterThan(0);
    expect(completed.every((m) => m.answers === 2)).toBe(true);
  });

  it('shows confirmed hikes of two and of three, one of them with room for a fourth (ADR 0054)', async () => {
    const confirmed = await db()
      .select({ participants: matches.participants, capacity: matches.capacity })
      .from(matches)
      .where(and(DEMO_ID, eq(matches.status, 'confirmed')));
    const sizes = confirmed.map((m) => m.participants.length);
    expect(sizes).toContain(2);
    expect(sizes).toContain(3);
    expect(confirmed.some((m) => m.participants.length === 3 && m.capacity === 4)).toBe(true);
  });

  it('changes nothing when started again the same day', async () => {
    const before = await snapshot();
    const result = await seed(new Date(A_WEEK_LATER.getTime() + 3600_000));
    expect(result.demoMatches).toBe(firstCount - 1);
    expect(await snapshot()).toEqual(before);
  });

  it('leaves the demo matches alone when SEED_DEMO_MATCHES is off', async () => {
    const before = await snapshot();
    const result = await seedDemoData(db(), storage, { now: addZonedDays(A_WEEK_LATER, 7, TZ), timeZone: TZ, matches: false, authContext });
    expect(result.demoMatches).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});
