import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, count, eq, inArray, isNull, ne } from 'drizzle-orm';
import { FORMER_MEMBER } from '@trailbuddy/shared/contracts/account';
import { hashPassword } from 'better-auth/crypto';
import { PRESET_AVATARS } from '@trailbuddy/shared/data/avatars';
import { findCountry } from '@trailbuddy/shared/data/locations';
import { nextWeekendSession } from '@trailbuddy/shared/domain/schedule';
import { createUser, type UserCreatorContext } from '../../auth/create-user.js';
import { seedImagesDir, seedRoutesDir } from '../../paths.js';
import { storageKeys } from '../../storage/images.js';
import type { FileStorage } from '../../storage/storage.js';
import type { Db } from '../client.js';
import { accounts, profiles, trails, users } from '../schema/index.js';
import { keepDemoMatchesCurrent } from './demo-matches.js';
import { DEMO_TRAILS, demoRouteFile } from './demo-trails.js';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users.js';

export interface SeedResult {
  /** Whether the database was empty and got the demo trails and users. */
  seeded: boolean;
  trails: number;
  users: number;
  /** Demo matches between demo users, brought up to date on this start. */
  demoMatches: number;
}

export interface SeedOptions {
  now: Date;
  timeZone: string;
  /** Keep the demo users' matches current (SEED_DEMO_MATCHES); default true. */
  matches?: boolean;
  /**
   * Stores a demo trail's bundled GPX route as an administrator's upload would (the route
   * service, which the db layer does not import); without it the demo trails get no route.
   */
  saveRoute?: (trailId: string, file: Buffer) => Promise<unknown>;
  /**
   * Better Auth's context, through which the demo users are created like every other user
   * (auth/create-user.ts, ADR 0061). Asked for only when the database is empty: a start that
   * seeds nothing does not wait for Better Auth to be built.
   */
  authContext: () => Promise<UserCreatorContext>;
}

/**
 * Demo data, on every start: an empty database gets the demo trails and users; demo users still
 * on a preset avatar get their own picture; the demo matches are rebuilt relative to `now`
 * (demo-matches.ts). Nothing real users created is touched, and running it again adds nothing.
 */
export async function seedDemoData(db: Db, storage: FileStorage, opts: SeedOptions): Promise<SeedResult> {
  const base = await seedEmptyDatabase(db, storage, opts);
  await givePortraits(db);
  await giveDemoRoutes(db, opts.saveRoute);
  const demoMatches = opts.matches === false ? 0 : await keepDemoMatchesCurrent(db, opts);
  return { ...base, demoMatches };
}

/**
 * Demo users seeded before they had pictures of their own shared six presets, so Best Matches
 * looked cloned. Those on a preset get their portrait back on each start; an uploaded picture is kept.
 */
async function givePortraits(db: Db) {
  for (const u of DEMO_USERS) {
    const [demo] = await db.select({ id: users.id }).from(users).where(eq(users.email, u.email));
    if (!demo) continue;
    await db
      .update(profiles)
      .set({ image: u.portrait })
      .where(and(eq(profiles.userId, demo.id), inArray(profiles.image, [...PRESET_AVATARS])));
  }
}

/**
 * Demo trails seeded before they had trailheads and routes get them (ADR 0057): each seeded
 * session of a demo trail (no creator) without a route, recurring copies included, through the
 * same code as an administrator's upload. A route an administrator uploaded is kept.
 */
async function giveDemoRoutes(db: Db, saveRoute: SeedOptions['saveRoute']) {
  for (const t of DEMO_TRAILS) {
    const sessions = await db
      .select({ id: trails.id, routeFile: trails.routeFile, latitude: trails.trailheadLatitude })
      .from(trails)
      .where(and(eq(trails.name, t.name), isNull(trails.createdBy)));
    for (const session of sessions) {
      if (session.latitude === null)
        await db
          .update(trails)
          .set({ trailheadLatitude: t.trailhead.latitude, trailheadLongitude: t.trailhead.longitude })
          .where(eq(trails.id, session.id));
      if (session.routeFile !== null || !saveRoute) continue;
      await saveRoute(session.id, await readFile(join(seedRoutesDir, demoRouteFile(t))));
    }
  }
}

/**
 * Fills an empty database with demo trails (their bundled images stored through the storage
 * interface, like an admin upload) and demo users with complete profiles. A database that
 * already has trails or users is left alone, so a restart never duplicates anything.
 */
async function seedEmptyDatabase(db: Db, storage: FileStorage, opts: SeedOptions) {
  const [trailCount] = await db.select({ n: count() }).from(trails);
  // The "Former member" placeholder (migration 0016, ADR 0034) is in every database: it is nobody.
  const [userCount] = await db.select({ n: count() }).from(users).where(ne(users.id, FORMER_MEMBER.id));
  if ((trailCount?.n ?? 0) > 0 || (userCount?.n ?? 0) > 0) return { seeded: false, trails: 0, users: 0 };

  const trailRows: (typeof trails.$inferInsert)[] = [];
  for (const [index, t] of DEMO_TRAILS.entries()) {
    const image = storageKeys.trailImage(t.name, `${t.art}.jpg`);
    const map = storageKeys.mapImage(t.name, `${t.art}.jpg`);
    await storage.put(image, await readFile(join(seedImagesDir, 'places', `${t.art}.jpg`)), 'image/jpeg');
    await storage.put(map, await readFile(join(seedImagesDir, 'maps', `${t.art}.jpg`)), 'image/jpeg');
    const session = nextWeekendSession(t.weekendDay, opts.now, { hours: t.hours, timeZone: opts.timeZone });
    const countryPart = t.location.split(',').pop()!.trim();
    trailRows.push({
      name: t.name,
      location: t.location,
      country: findCountry(countryPart)?.name ?? countryPart,
      length: t.length,
      hours: t.hours,
      difficulty: t.difficulty,
      activity: t.activity,
      description: t.description,
      linkmap: t.linkmap,
      image,
      map,
      startTime: session.start,
      endTime: session.end,
      weekendDay: t.weekendDay,
      order: index + 1,
      trailheadLatitude: t.trailhead.latitude,
      trailheadLongitude: t.trailhead.longitude,
    });
  }

  const [passwordHash, auth] = await Promise.all([hashPassword(DEMO_PASSWORD), opts.authContext()]);
  await db.transaction(async (tx) => {
    await tx.insert(trails).values(trailRows);
    for (const u of DEMO_USERS) {
      const id = randomUUID();
      await createUser(auth, tx, { id, name: u.name, email: u.email, emailVerified: true, tenantId: null }, { method: 'email-password' });
      await tx.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
      const p = u.profile;
      await tx.insert(profiles).values({
        userId: id,
        fullName: p.fullName,
        image: u.portrait,
        age: p.age,
        gender: p.gender,
        country: p.country,
        city: p.city,
        bio: p.bio,
        instagram: p.instagram,
        skillHiking: p.skills.hiking,
        skillRunning: p.skills.running,
        skillBiking: p.skills.biking,
        pace: p.preferences.pace,
        communication: p.preferences.communication,
        adventureLevel: p.preferences.adventureLevel,
        hasSeenOnboarding: true,
        registrationCompletedAt: opts.now,
      });
    }
  });
  return { seeded: true, trails: trailRows.length, users: DEMO_USERS.length };
}

export { DEMO_PASSWORD, DEMO_USERS };
