import { CITY_COORDINATES } from '@trailbuddy/shared/data/city-coordinates';
import { countryName } from '@trailbuddy/shared/data/locations';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityPoints, matches, profiles, trails, users } from '../db/schema/index.js';
import { createMatchWorld, insertSearches, WEDNESDAY, type MatchWorld } from '../test/match-fixtures.js';
import { bestMatches, BEST_MATCHES_PAGE } from './best-matches.js';

/**
 * Distance ranks first (issue 24, ADR 0068): a Lisbon viewer looking at a trail near Lisbon sees
 * the searchers who live within their travel distance before those who do not, whatever the
 * score and however recent the far ones' searches, on every page.
 */
let world: MatchWorld;
let trail: { id: string; startTime: Date; endTime: Date };
const VIEWER = 'near-viewer';
const SINTRA = { latitude: 38.801, longitude: -9.3783 };
const traits = {
  skillHiking: 'intermediate',
  skillRunning: 'beginner',
  pace: 'moderate',
  communication: 'chatty',
  adventureLevel: 'moderate',
} as const;
const place = (code: 'PT' | 'GB', city: string) => ({ country: countryName(code), city });
const LISBON = place('PT', 'Lisbon');
const LONDON = place('GB', 'London');
// Twelve of each, more than a page together: the walk crosses a page inside each band.
const lisboners = Array.from({ length: 12 }, (_, i) => `lisbon-${String(i).padStart(2, '0')}`);
const londoners = Array.from({ length: 12 }, (_, i) => `london-${String(i).padStart(2, '0')}`);

async function addPeople(ids: string[], where: { country: string; city: string }, overrides: object = {}) {
  const db = world.t.database.db;
  await db.insert(users).values(ids.map((id) => ({ id, name: id, email: `${id}@example.com`, emailVerified: true })));
  await db
    .insert(profiles)
    .values(ids.map((userId) => ({ userId, fullName: userId, ...traits, ...where, ...overrides, registrationCompletedAt: WEDNESDAY })));
}

/** Searches of the slot, started at the given times (the most recent ranks first within a kind and band). */
const search = (ids: string[], startedAt: (i: number) => Date) => insertSearches(world.t, trail, ids, startedAt);

async function walk() {
  const seen: Awaited<ReturnType<typeof bestMatches>>['candidates'] = [];
  const pages: number[] = [];
  let cursor: string | undefined;
  do {
    const page = await bestMatches(world.t.database.db, VIEWER, trail.id, { day: 'saturday', cursor }, 'Europe/Lisbon');
    seen.push(...page.candidates);
    pages.push(page.candidates.length);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { seen, pages };
}

beforeAll(async () => {
  world = await createMatchWorld();
  const db = world.t.database.db;
  const [row] = await db
    .update(trails)
    .set({ trailheadLatitude: SINTRA.latitude, trailheadLongitude: SINTRA.longitude })
    .where(eq(trails.id, world.trailId))
    .returning();
  trail = row!;
  await addPeople([VIEWER], LISBON);
  await addPeople(lisboners, LISBON);
  await addPeople(londoners, LONDON);
  // Every Londoner's search is more recent than every Lisboner's: without the band they would lead.
  await search(lisboners, (i) => new Date(WEDNESDAY.getTime() - (100 + i) * 60_000));
  await search(londoners, (i) => new Date(WEDNESDAY.getTime() - i * 60_000));
});
afterAll(async () => world.t.close());

describe('Best Matches lists the people within the viewer’s travel distance first (ADR 0068)', () => {
  it('holds the database’s city points equal to the shared table', async () => {
    const rows = await world.t.database.db.select().from(cityPoints);
    const shared = Object.entries(CITY_COORDINATES).flatMap(([code, cities]) =>
      Object.entries(cities).map(([city, [latitude, longitude]]) => ({ country: countryName(code), city, latitude, longitude })),
    );
    expect(rows).toHaveLength(shared.length);
    expect(rows).toEqual(expect.arrayContaining(shared));
  });

  it('ranks a Lisbon searcher above a London searcher with an identical profile, on the first page and across pages', async () => {
    const first = await bestMatches(world.t.database.db, VIEWER, trail.id, { day: 'saturday' }, 'Europe/Lisbon');
    expect(first.candidates).toHaveLength(BEST_MATCHES_PAGE);
    // The same figure for both: only where they live tells them apart.
    expect(new Set(first.candidates.map((c) => c.compatibility))).toEqual(new Set([100]));
    expect(first.candidates[0]!.profile.id).toBe('lisbon-00');
    const { seen, pages } = await walk();
    expect(pages.length).toBeGreaterThan(1);
    const ids = seen.map((c) => c.profile.id);
    // Everyone once, all of Lisbon (most recent first) before all of London (most recent first).
    expect(ids).toEqual([...lisboners, ...londoners]);
    for (const c of seen) {
      const fromLisbon = c.profile.id.startsWith('lisbon');
      expect(c.trailhead.beyond, c.profile.id).toBe(!fromLisbon);
      expect(c.trailhead.km, c.profile.id).toBe(fromLisbon ? 22 : 1585);
    }
  });

  it('ranks a near searcher above a far one who scores better', async () => {
    const db = world.t.database.db;
    // London's best fit scores 100 with the viewer; make every Lisboner a weaker fit (65: skill one level apart).
    await db.update(profiles).set({ skillHiking: 'advanced' }).where(eq(profiles.city, 'Lisbon'));
    await db.update(profiles).set({ skillHiking: 'intermediate' }).where(eq(profiles.userId, VIEWER));
    const { seen } = await walk();
    expect(seen.slice(0, lisboners.length).every((c) => c.profile.id.startsWith('lisbon') && c.compatibility! < 100)).toBe(true);
    expect(seen.slice(lisboners.length).every((c) => c.profile.id.startsWith('london') && c.compatibility === 100)).toBe(true);
    await db.update(profiles).set({ skillHiking: traits.skillHiking }).where(eq(profiles.city, 'Lisbon'));
  });

  it('follows a searcher who moves: their open search takes their new city’s point', async () => {
    const db = world.t.database.db;
    await db.update(profiles).set(LISBON).where(eq(profiles.userId, 'london-05'));
    const [moved] = await db.select().from(matches).where(eq(matches.id1, 'london-05'));
    expect([moved!.searcherLatitude, moved!.searcherLongitude]).toEqual(CITY_COORDINATES.PT!.Lisbon);
    const { seen } = await walk();
    // london-05's search is more recent than every Lisboner's: first of the near band now.
    expect(seen[0]!.profile.id).toBe('london-05');
    expect(seen[0]!.trailhead).toEqual({ km: 22, beyond: false });
    await db.update(profiles).set(LONDON).where(eq(profiles.userId, 'london-05'));
  });

  it('offers a hike to join with its figure as an average, why, and its nearest person’s distance', async () => {
    const db = world.t.database.db;
    const onHike = ['hiker-a', 'hiker-b', 'hiker-c'];
    await addPeople(onHike.slice(0, 2), LONDON);
    await addPeople(onHike.slice(2), LISBON, { communication: 'quiet' });
    await db.insert(matches).values({
      trailId: trail.id,
      status: 'confirmed',
      startTime: trail.startTime,
      endTime: trail.endTime,
      id1: onHike[0]!,
      id2: onHike[1]!,
      participants: onHike,
      requestedBy: onHike[1]!,
      capacity: 4,
      confirmedAt: WEDNESDAY,
    });
    const page = await bestMatches(db, VIEWER, trail.id, { day: 'saturday' }, 'Europe/Lisbon');
    expect(page.hikes).toHaveLength(1);
    const [hike] = page.hikes;
    expect(hike!.people.map((p) => p.compatibility)).toEqual([100, 100, 93]);
    expect(hike!.compatibility).toBe(98);
    // What the viewer shares with all three; the quiet one leaves out "chatty".
    expect(hike!.reasons).toEqual(['same hiking level', 'all like a moderate pace', 'same sense of adventure']);
    expect(hike!.trailhead).toEqual({ km: 22, beyond: false });
  });
});
