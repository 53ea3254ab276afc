import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import { PRESET_AVATARS } from '@trailbuddy/shared/data/avatars';
import { findCountry } from '@trailbuddy/shared/data/locations';
import { nextWeekendSession } from '@trailbuddy/shared/domain/schedule';
import { seedImagesDir } from '../../paths.js';
import { storageKeys } from '../../storage/images.js';
import type { FileStorage } from '../../storage/storage.js';
import type { Db } from '../client.js';
import { accounts, profiles, trails, users } from '../schema/index.js';
import { DEMO_TRAILS } from './demo-trails.js';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users.js';

export interface SeedResult {
  seeded: boolean;
  trails: number;
  users: number;
}

/**
 * Fills an empty database with demo trails (their bundled images stored through the storage
 * interface, like an admin upload) and demo users with complete profiles. A database that
 * already has trails or users is left alone, so a restart never duplicates anything.
 */
export async function seedDemoData(db: Db, storage: FileStorage, opts: { now: Date; timeZone: string }): Promise<SeedResult> {
  const [trailCount] = await db.select({ n: count() }).from(trails);
  const [userCount] = await db.select({ n: count() }).from(users);
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
    });
  }

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.insert(trails).values(trailRows);
    for (const u of DEMO_USERS) {
      const id = randomUUID();
      await tx.insert(users).values({ id, name: u.name, email: u.email, emailVerified: true });
      await tx.insert(accounts).values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: passwordHash });
      const p = u.profile;
      await tx.insert(profiles).values({
        userId: id,
        fullName: p.fullName,
        image: PRESET_AVATARS[u.avatar - 1]!,
        age: p.age,
        gender: p.gender,
        country: p.country,
        city: p.city,
        bio: p.bio,
        instagram: p.instagram,
        skillHiking: p.skills.hiking,
        skillRunning: p.skills.running,
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
