import {
  ACTIVITIES,
  ADVENTURE_LEVELS,
  COMMUNICATION_STYLES,
  PACES,
  SKILL_LEVELS,
  type SkillLevel,
} from '@trailbuddy/shared/contracts/enums';
import { compatibility, preferenceCompatibility, SKILL_SCORES } from '@trailbuddy/shared/domain/compatibility';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches, profiles, trails, users } from '../db/schema/index.js';
import { api, createMatchWorld, insertSearches, registeredUser, WEDNESDAY, type MatchWorld } from '../test/match-fixtures.js';
import { signUp, type TestUser } from '../test/test-app.js';
import { bestMatches, OTHERS_SHOWN } from './best-matches.js';

let w: MatchWorld;
let viewer: TestUser;
const viewerTraits = {
  skills: { hiking: 'intermediate', running: 'advanced', biking: 'beginner' },
  preferences: { pace: 'moderate', communication: 'chatty', adventureLevel: 'cautious' },
} as const;
const candidates: {
  user: TestUser;
  traits: {
    skills: { hiking: string; running: string; biking: string };
    preferences: { pace: string; communication: string; adventureLevel: string };
  };
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
  // Every skill pair crossed with rotating preferences and biking levels: 9 candidates covering
  // each level and value.
  let i = 0;
  for (const hiking of SKILL_LEVELS) {
    for (const running of SKILL_LEVELS) {
      const traits = {
        skills: { hiking, running, biking: SKILL_LEVELS[(i + 2) % 3]! },
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

const rank = async (trailId: string, day: 'saturday' | 'sunday') =>
  (await bestMatches(w.t.database.db, viewer.id, trailId, { day }, 'Europe/Lisbon')).candidates;

describe('Best Matches', () => {
  it.each(ACTIVITIES)('computes in SQL exactly what the domain rule computes, for a %s trail', async (activity) => {
    const ranked = await rank(trailIds[activity]!, 'saturday');
    expect(ranked).toHaveLength(candidates.length);
    for (const c of candidates) {
      const found = ranked.find((r) => r.profile.id === c.user.id);
      expect(found?.compatibility, `${c.user.email} on ${activity}`).toBe(compatibility(viewerTraits, c.traits as never, activity));
    }
    const scores = ranked.map((r) => r.compatibility!);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('ranks a biking trail by the biking skill, not by hiking and running (issue 23)', async () => {
    const ranked = await rank(trailIds.biking!, 'saturday');
    for (const c of candidates) {
      const found = ranked.find((r) => r.profile.id === c.user.id)!;
      expect(found.profile.skills.biking).toBe(c.traits.skills.biking);
      // The viewer bikes as a beginner: the skill part is the biking levels' alone.
      const skill = 100 * (1 - Math.abs(SKILL_SCORES.beginner - SKILL_SCORES[c.traits.skills.biking as SkillLevel]) / 2);
      const preferences = preferenceCompatibility(viewerTraits.preferences, c.traits.preferences as never)!;
      expect(found.compatibility, c.user.email).toBe(Math.round((skill + preferences) / 2));
    }
  });

  it('ranks a biking trail’s searchers by the biking skill their search copied, and follows a change of it (migration 0030)', async () => {
    const cyclist = candidates.find((c) => c.traits.skills.biking === 'advanced')!;
    const search = (await api(w.t, cyclist.user).post('/api/matches/search', { trailId: trailIds.biking, day: 'sunday' })).json().match;
    const scoreOf = async () => (await rank(trailIds.biking!, 'sunday')).find((r) => r.searchingMatchId === search.id)?.compatibility;
    const preferences = preferenceCompatibility(viewerTraits.preferences, cyclist.traits.preferences as never)!;
    // Advanced against the viewer's beginner: skill part 0.
    expect(await scoreOf()).toBe(Math.round(preferences / 2));
    await w.t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: cyclist.user.cookie },
      payload: { skills: { ...cyclist.traits.skills, biking: 'beginner' } },
    });
    expect(await scoreOf()).toBe(Math.round((100 + preferences) / 2));
    await w.t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: cyclist.user.cookie },
      payload: { skills: cyclist.traits.skills },
    });
    await api(w.t, cyclist.user).post(`/api/matches/${search.id}/cancel`);
  });

  it('puts users searching the same trail and day first, and leaves out incomplete profiles', async () => {
    await signUp(w.t, 'incomplete@example.com');
    const lowest = (await rank(trailIds.hiking!, 'saturday')).at(-1)!;
    const search = (
      await api(w.t, candidates.find((c) => c.user.id === lowest.profile.id)!.user).post('/api/matches/search', {
        trailId: trailIds.hiking,
        day: 'saturday',
      })
    ).json().match;
    const ranked = await rank(trailIds.hiking!, 'saturday');
    expect(ranked[0]).toMatchObject({ profile: { id: lowest.profile.id }, searchingMatchId: search.id });
    expect(ranked.map((r) => r.profile.name)).not.toContain('incomplete');
    // Another day's search does not count for Saturday.
    const sunday = await rank(trailIds.hiking!, 'sunday');
    expect(sunday.every((r) => r.searchingMatchId === null)).toBe(true);
  });

  it('leaves out anyone already paired with the viewer for that slot', async () => {
    const partner = candidates[0]!.user;
    await api(w.t, viewer).post('/api/matches/invite', { userId: partner.id, trailId: trailIds.hiking, day: 'saturday' });
    const ranked = await rank(trailIds.hiking!, 'saturday');
    expect(ranked.map((r) => r.profile.id)).not.toContain(partner.id);
    const sunday = await rank(trailIds.hiking!, 'sunday');
    expect(sunday.map((r) => r.profile.id)).toContain(partner.id);
  });

  it('shows no figure and no reasons (not a default 85%) to a viewer whose profile is incomplete', async () => {
    const newcomer = await signUp(w.t, 'newcomer@example.com');
    // The route asks such a viewer to complete the profile first (ADR 0030); the rule still holds.
    const refused = await api(w.t, newcomer).get(`/api/trails/${trailIds.running}/best-matches?day=sunday`);
    expect(refused.statusCode).toBe(403);
    const page = await bestMatches(w.t.database.db, newcomer.id, trailIds.running!, { day: 'sunday' }, 'Europe/Lisbon');
    expect(page.candidates.length).toBeGreaterThan(0);
    expect(new Set(page.candidates.map((c) => c.compatibility))).toEqual(new Set([null]));
    expect(page.candidates.every((c) => c.reasons.length === 0)).toBe(true);
  });

  it('answers 400 naming the cursor for one it did not give out', async () => {
    const forged = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    for (const cursor of ['nonsense', forged(['s', 50, 1, 'not-a-uuid']), forged(['o', 101, 'x']), forged(['x', 1, 'y'])]) {
      const res = await api(w.t, viewer).get(
        `/api/trails/${trailIds.hiking}/best-matches?day=saturday&cursor=${encodeURIComponent(cursor)}`,
      );
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.fields, cursor).toHaveProperty('cursor');
    }
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

  /** Searches of the slot by these people, started now or when `startedAt` says. */
  const search = (userIds: string[], startedAt?: (i: number) => Date) => insertSearches(world.t, trail, userIds, startedAt);

  /**
   * The rule applied to every candidate, in JavaScript (ADR 0022): everyone searching the slot,
   * best score first, then the most recent search (then the match id); then the best
   * OTHERS_SHOWN others, by score and user id.
   */
  async function expected() {
    const open = await world.t.database.db
      .select({
        matchId: matches.id,
        userId: matches.id1,
        status: matches.status,
        participants: matches.participants,
        createdAt: matches.createdAt,
      })
      .from(matches)
      .where(and(eq(matches.trailId, trail.id), eq(matches.startTime, trail.startTime)));
    const searches = new Map(open.filter((m) => m.status === 'searching').map((m) => [m.userId, m]));
    const paired = new Set(
      open.filter((m) => ['pending', 'confirmed'].includes(m.status) && m.participants.includes(VIEWER)).flatMap((m) => m.participants),
    );
    const scored = [...traitsOf]
      .filter(([id]) => !paired.has(id))
      .map(([id, traits]) => ({ id, search: searches.get(id), compatibility: compatibility(viewerTraits, traits, 'hiking') }));
    const searching = scored
      .filter((r) => r.search)
      .sort(
        (a, b) =>
          b.compatibility - a.compatibility ||
          b.search!.createdAt.getTime() - a.search!.createdAt.getTime() ||
          (a.search!.matchId < b.search!.matchId ? 1 : -1),
      );
    const others = scored
      .filter((r) => !r.search)
      .sort((a, b) => b.compatibility - a.compatibility || (a.id < b.id ? -1 : 1))
      .slice(0, OTHERS_SHOWN);
    return [...searching, ...others].map(({ id, search, compatibility }) => ({ id, searching: search !== undefined, compatibility }));
  }

  /** Every page, following nextCursor; `between` runs after each page. */
  async function actual(between?: (page: number) => Promise<void>) {
    const all: { id: string; searching: boolean; compatibility: number | null }[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await bestMatches(world.t.database.db, VIEWER, trail.id, { day: 'saturday', cursor }, 'Europe/Lisbon');
      pages += 1;
      expect(page.candidates.length).toBeLessThanOrEqual(20);
      if (page.nextCursor) expect(page.candidates).toHaveLength(20);
      all.push(
        ...page.candidates.map((r) => ({ id: r.profile.id, searching: r.searchingMatchId !== null, compatibility: r.compatibility })),
      );
      cursor = page.nextCursor ?? undefined;
      await between?.(pages);
    } while (cursor);
    return all;
  }

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

  it('shows every searcher, page after page, before the others, and follows a searcher changing profile', async () => {
    await search(Array.from({ length: 30 }, (_, i) => `bulk-${String(i * 2 + 12).padStart(3, '0')}`).filter((id) => id !== 'bulk-040'));
    let ranked = await actual();
    expect(ranked.filter((r) => r.searching)).toHaveLength(34);
    expect(ranked.slice(0, 34).every((r) => r.searching)).toBe(true);
    expect(ranked).toEqual(await expected());

    // The last one shown becomes the viewer's twin: the copy of its traits on the search follows.
    const last = ranked.filter((r) => r.searching).at(-1)!.id;
    await world.t.database.db.update(profiles).set(toRow(last, viewerTraits)).where(eq(profiles.userId, last));
    traitsOf.set(last, viewerTraits);
    const before = ranked.findIndex((r) => r.id === last);
    expect(ranked[before]?.searching).toBe(true);
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

  it('walks hundreds of searchers exactly once, in order, while new searches start', async () => {
    const db = world.t.database.db;
    const many = Array.from({ length: 300 }, (_, i) => `many-${String(i).padStart(3, '0')}`);
    await db.insert(users).values(many.map((id) => ({ id, name: id, email: `${id}@example.com`, emailVerified: true })));
    // Five kinds only: sixty searchers of each, more than a page, so the order within a kind counts.
    many.forEach((id, i) => traitsOf.set(id, kinds[(i % 5) * 40]!));
    await db.insert(profiles).values(many.map((id) => toRow(id, traitsOf.get(id)!)));
    // Searches started over an hour, in an order unrelated to the ids; some at the same instant.
    await search(many, (i) => new Date(WEDNESDAY.getTime() + ((i * 7919) % 150) * 24_000));
    const before = await expected();
    const late: string[] = [];
    const walked = await actual(async (page) => {
      if (page > 3) return;
      // Someone starts a search while the viewer reads: it is the newest, so it may be shown on a
      // later page or not at all (its kind may already be behind), but never twice.
      const id = `late-${page}`;
      await db.insert(users).values({ id, name: id, email: `${id}@example.com`, emailVerified: true });
      await db.insert(profiles).values(toRow(id, kinds[page * 50]!));
      await search([id]);
      late.push(id);
    });
    expect(new Set(walked.map((r) => r.id)).size).toBe(walked.length);
    const searchersSeen = walked.filter((r) => r.searching && !late.includes(r.id));
    expect(searchersSeen).toEqual(before.filter((r) => r.searching));
    // Walked again, with nothing changing, the pages are exactly the ranking.
    late.forEach((id) => traitsOf.set(id, kinds[Number(id.slice(5)) * 50]!));
    expect(await actual()).toEqual(await expected());
  });
});
