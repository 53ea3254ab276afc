import { ACTIVITIES, ADVENTURE_LEVELS, COMMUNICATION_STYLES, PACES, SKILL_LEVELS } from '@trailbuddy/shared/contracts/enums';
import { compatibility } from '@trailbuddy/shared/domain/compatibility';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, profiles, trails, users } from '../db/schema/index.js';
import { api, createMatchWorld, registeredUser, WEDNESDAY, type MatchWorld } from '../test/match-fixtures.js';
import { signUp, type TestUser } from '../test/test-app.js';
import { bestMatches } from './best-matches.js';

let w: MatchWorld;
let viewer: TestUser;
const viewerTraits = {
  skills: { hiking: 'intermediate', running: 'advanced' },
  preferences: { pace: 'moderate', communication: 'chatty', adventureLevel: 'cautious' },
} as const;
const candidates: {
  user: TestUser;
  traits: { skills: { hiking: string; running: string }; preferences: { pace: string; communication: string; adventureLevel: string } };
}[] = [];
const trailIds: Record<string, string> = {};

beforeAll(async () => {
  w = await createMatchWorld();
  trailIds.hiking = w.trailId;
  for (const activity of ['running', 'biking']) {
    const res = await api(w.t, w.admin).post('/api/trails', {
      name: `${activity} trail`,
      location: 'Porto, Portugal',
      length: '20 km',
      hours: 2,
      difficulty: 'Easy',
      activity,
      description: 'Along the river.',
      linkmap: 'https://www.openstreetmap.org/',
    });
    trailIds[activity] = res.json().id;
  }
  viewer = await registeredUser(w.t, 'viewer@example.com', viewerTraits);
  // Every skill pair crossed with rotating preferences: 9 candidates covering each level and value.
  let i = 0;
  for (const hiking of SKILL_LEVELS) {
    for (const running of SKILL_LEVELS) {
      const traits = {
        skills: { hiking, running },
        preferences: {
          pace: PACES[i % 3]!,
          communication: COMMUNICATION_STYLES[(i + 1) % 3]!,
          adventureLevel: ADVENTURE_LEVELS[(i * 2) % 3]!,
        },
      };
      candidates.push({ user: await registeredUser(w.t, `c${i}@example.com`, traits), traits });
      i++;
    }
  }
});
afterAll(async () => w.t.close());

describe('Best Matches', () => {
  it.each(ACTIVITIES)('computes in SQL exactly what the domain rule computes, for a %s trail', async (activity) => {
    const ranked = await bestMatches(w.t.database.db, viewer.id, trailIds[activity]!, 'saturday', 'Europe/Lisbon');
    expect(ranked).toHaveLength(candidates.length);
    for (const c of candidates) {
      const found = ranked.find((r) => r.profile.id === c.user.id);
      expect(found?.compatibility, `${c.user.email} on ${activity}`).toBe(compatibility(viewerTraits, c.traits as never, activity));
    }
    const scores = ranked.map((r) => r.compatibility);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('puts users searching the same trail and day first, and leaves out incomplete profiles', async () => {
    await signUp(w.t, 'incomplete@example.com');
    const lowest = (await bestMatches(w.t.database.db, viewer.id, trailIds.hiking!, 'saturday', 'Europe/Lisbon')).at(-1)!;
    const search = (
      await api(w.t, candidates.find((c) => c.user.id === lowest.profile.id)!.user).post('/api/matches/search', {
        trailId: trailIds.hiking,
        day: 'saturday',
      })
    ).json().match;
    const ranked = await bestMatches(w.t.database.db, viewer.id, trailIds.hiking!, 'saturday', 'Europe/Lisbon');
    expect(ranked[0]).toMatchObject({ profile: { id: lowest.profile.id }, searchingMatchId: search.id });
    expect(ranked.map((r) => r.profile.name)).not.toContain('incomplete');
    // Another day's search does not count for Saturday.
    const sunday = await bestMatches(w.t.database.db, viewer.id, trailIds.hiking!, 'sunday', 'Europe/Lisbon');
    expect(sunday.every((r) => r.searchingMatchId === null)).toBe(true);
  });

  it('leaves out anyone already paired with the viewer for that slot', async () => {
    const partner = candidates[0]!.user;
    await api(w.t, viewer).post('/api/matches/invite', { userId: partner.id, trailId: trailIds.hiking, day: 'saturday' });
    const ranked = await bestMatches(w.t.database.db, viewer.id, trailIds.hiking!, 'saturday', 'Europe/Lisbon');
    expect(ranked.map((r) => r.profile.id)).not.toContain(partner.id);
    const sunday = await bestMatches(w.t.database.db, viewer.id, trailIds.hiking!, 'sunday', 'Europe/Lisbon');
    expect(sunday.map((r) => r.profile.id)).toContain(partner.id);
  });

  it('shows the default 85% to a viewer whose profile is incomplete', async () => {
    const newcomer = await signUp(w.t, 'newcomer@example.com');
    const res = await api(w.t, newcomer).get(`/api/trails/${trailIds.running}/best-matches?day=sunday`);
    expect(res.statusCode).toBe(200);
    expect(new Set(res.json().candidates.map((c: { compatibility: number }) => c.compatibility))).toEqual(new Set([85]));
  });
});

describe('Best Matches against a brute-force ranking of every candidate', () => {
  let world: MatchWorld;
  let trail: { id: string; startTime: Date; endTime: Date };
  const VIEWER = 'bulk-viewer';
  const kinds = SKILL_LEVELS.flatMap((hiking) =>
    SKILL_LEVELS.flatMap((running) =>
      PACES.flatMap((pace) =>
        COMMUNICATION_STYLES.flatMap((communication) =>
          ADVENTURE_LEVELS.map((adventureLevel) => ({ skills: { hiking, running }, preferences: { pace, communication, adventureLevel } })),
        ),
      ),
    ),
  );
  type Traits = (typeof kinds)[number];
  const traitsOf = new Map<string, Traits>();
  const viewerTraits: Traits = kinds[121]!;

  const toRow = (userId: string, t: Traits) => ({
    userId,
    fullName: userId,
    skillHiking: t.skills.hiking,
    skillRunning: t.skills.running,
    pace: t.preferences.pace,
    communication: t.preferences.communication,
    adventureLevel: t.preferences.adventureLevel,
    registrationCompletedAt: WEDNESDAY,
  });

  beforeAll(async () => {
    world = await createMatchWorld();
    const db = world.t.database.db;
    const [row] = await db.select().from(trails).where(eq(trails.id, world.trailId));
    if (!row) throw new Error('the world has no trail');
    trail = row;
    // 80 people over few kinds (so many tie on score and the user id decides), ids that sort the
    // same in PostgreSQL and in JavaScript.
    const ids = Array.from({ length: 80 }, (_, i) => `bulk-${String(i).padStart(3, '0')}`);
    await db.insert(users).values([VIEWER, ...ids].map((id) => ({ id, name: id, email: `${id}@example.com`, emailVerified: true })));
    ids.forEach((id, i) => traitsOf.set(id, kinds[(i * 37) % 11 === 0 ? 121 : (i * 53) % 243]!));
    await db.insert(profiles).values([toRow(VIEWER, viewerTraits), ...ids.map((id) => toRow(id, traitsOf.get(id)!))]);
  });
  afterAll(async () => world.t.close());

  const search = (userIds: string[]) =>
    world.t.database.db.insert(matches).values(
      userIds.map((id1) => ({
        trailId: trail.id,
        status: 'searching' as const,
        startTime: trail.startTime,
        endTime: trail.endTime,
        id1,
        participants: [id1],
      })),
    );

  /** The rule of ARCHITECTURE §5 applied to every candidate, in JavaScript. */
  async function expected() {
    const open = await world.t.database.db
      .select({ userId: matches.id1, status: matches.status, participants: matches.participants })
      .from(matches)
      .where(and(eq(matches.trailId, trail.id), eq(matches.startTime, trail.startTime)));
    const searching = new Set(open.filter((m) => m.status === 'searching').map((m) => m.userId));
    const paired = new Set(
      open.filter((m) => ['pending', 'confirmed'].includes(m.status) && m.participants.includes(VIEWER)).flatMap((m) => m.participants),
    );
    return [...traitsOf]
      .filter(([id]) => !paired.has(id))
      .map(([id, traits]) => ({ id, searching: searching.has(id), compatibility: compatibility(viewerTraits, traits, 'hiking') }))
      .sort((a, b) => Number(b.searching) - Number(a.searching) || b.compatibility - a.compatibility || (a.id < b.id ? -1 : 1))
      .slice(0, 20)
      .map(({ id, searching, compatibility }) => ({ id, searching, compatibility }));
  }
  const actual = async () =>
    (await bestMatches(world.t.database.db, VIEWER, trail.id, 'saturday', 'Europe/Lisbon')).map((r) => ({
      id: r.profile.id,
      searching: r.searchingMatchId !== null,
      compatibility: r.compatibility,
    }));

  it('ranks everyone when nobody searches, ties broken by user id', async () => {
    const ranked = await actual();
    expect(ranked).toEqual(await expected());
    expect(new Set(ranked.map((r) => r.compatibility)).size).toBeLessThan(ranked.length);
  });

  it('puts a few searchers first and fills the rest of the list with the others, leaving out the paired', async () => {
    await search(['bulk-003', 'bulk-011', 'bulk-040', 'bulk-041', 'bulk-079']);
    const top = (await expected()).find((r) => !r.searching)!.id;
    await world.t.database.db.insert(matches).values({
      trailId: trail.id,
      status: 'pending',
      startTime: trail.startTime,
      endTime: trail.endTime,
      id1: VIEWER,
      id2: top,
      participants: [VIEWER, top],
      requestedBy: VIEWER,
    });
    const ranked = await actual();
    expect(ranked.filter((r) => r.searching)).toHaveLength(5);
    expect(ranked.map((r) => r.id)).not.toContain(top);
    expect(ranked).toEqual(await expected());
  });

  it('shows only searchers when more than the limit search, and follows a searcher changing profile', async () => {
    await search(Array.from({ length: 30 }, (_, i) => `bulk-${String(i * 2 + 12).padStart(3, '0')}`).filter((id) => id !== 'bulk-040'));
    let ranked = await actual();
    expect(ranked.every((r) => r.searching)).toBe(true);
    expect(ranked).toEqual(await expected());

    // The last one shown becomes the viewer's twin: the copy of its traits on the search follows.
    const last = ranked.at(-1)!.id;
    await world.t.database.db.update(profiles).set(toRow(last, viewerTraits)).where(eq(profiles.userId, last));
    traitsOf.set(last, viewerTraits);
    const before = ranked.findIndex((r) => r.id === last);
    ranked = await actual();
    expect(ranked.find((r) => r.id === last)).toMatchObject({ compatibility: 100, searching: true });
    expect(ranked.findIndex((r) => r.id === last)).toBeLessThan(before);
    expect(ranked).toEqual(await expected());
  });

  it('ranks a searcher whose profile was created after the search', async () => {
    const late = 'bulk-late';
    const db = world.t.database.db;
    await db.insert(users).values({ id: late, name: late, email: `${late}@example.com`, emailVerified: true });
    await search([late]);
    await db.insert(profiles).values(toRow(late, viewerTraits));
    traitsOf.set(late, viewerTraits);
    const ranked = await actual();
    expect(ranked.find((r) => r.id === late)).toMatchObject({ searching: true, compatibility: 100 });
    expect(ranked).toEqual(await expected());
  });
});
