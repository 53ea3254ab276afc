import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityFigures, matches } from '../db/schema/index.js';
import { api, createMatchWorld, flatHike, registeredUser, type MatchWorld } from '../test/match-fixtures.js';
import type { TestUser } from '../test/test-app.js';

/**
 * Measured ability in the ranking and in the stored number (issue 24, ADR 0068): where both people
 * have a measure for the trail's activity, Best Matches ranks and shows the measured figure, and
 * the request and the invitation store that very figure.
 */
let w: MatchWorld;
let viewer: TestUser;
let slowSearcher: TestUser;
let samePaceSearcher: TestUser;
let samePaceOther: TestUser;
const preferences = { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' } as const;

beforeAll(async () => {
  w = await createMatchWorld();
  viewer = await registeredUser(w.t, 'viewer@example.com', { skills: { hiking: 'intermediate', running: 'beginner' }, preferences });
  // Declared a level below the viewer's (declared: 75), but walks at the viewer's pace (measured: 100).
  samePaceSearcher = await registeredUser(w.t, 'same-pace@example.com', {
    skills: { hiking: 'beginner', running: 'beginner' },
    preferences,
  });
  // Declared the viewer's level (declared: 100), but 40% slower on the flat (measured: round((20 + 100) / 2) = 60).
  slowSearcher = await registeredUser(w.t, 'slow@example.com', { skills: { hiking: 'intermediate', running: 'beginner' }, preferences });
  // Not searching: among the others, declared a level above (75), the viewer's pace (100).
  samePaceOther = await registeredUser(w.t, 'other@example.com', { skills: { hiking: 'advanced', running: 'beginner' }, preferences });
  // The slow searcher's search is the more recent: by kind alone they would lead.
  for (const searcher of [samePaceSearcher, slowSearcher])
    expect((await api(w.t, searcher).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' })).statusCode).toBe(200);
});
afterAll(async () => w.t.close());

const page = async (day: 'saturday' | 'sunday') =>
  (await api(w.t, viewer).get(`/api/trails/${w.trailId}/best-matches?day=${day}`)).json().candidates as {
    profile: { id: string };
    compatibility: number | null;
    reasons: string[];
    searchingMatchId: string | null;
  }[];
const mine = async (user: TestUser, matchId: string) =>
  (await api(w.t, user).get('/api/matches/mine')).json().matches.find((m: { id: string }) => m.id === matchId);

describe('Best Matches on measured ability', () => {
  it('ranks by the declared level while the people have no measure', async () => {
    const ranked = await page('saturday');
    expect(ranked.map((c) => [c.profile.id, c.compatibility]).slice(0, 2)).toEqual([
      [slowSearcher.id, 100],
      [samePaceSearcher.id, 75],
    ]);
  });

  it('ranks two measured searchers by pace once both they and the viewer have imported hikes, and says why', async () => {
    await w.t.database.db
      .insert(activityFigures)
      .values([
        flatHike(viewer.id, 600),
        flatHike(samePaceSearcher.id, 600),
        flatHike(slowSearcher.id, 840),
        flatHike(samePaceOther.id, 600),
      ]);
    const ranked = await page('saturday');
    expect(ranked.map((c) => [c.profile.id, c.compatibility])).toEqual([
      [samePaceSearcher.id, 100],
      [slowSearcher.id, 60],
      [samePaceOther.id, 100],
    ]);
    expect(ranked[0]!.reasons).toEqual(['same pace', 'both like a moderate pace', 'both chatty', 'same sense of adventure']);
    // 40% apart is no "same pace"; the declared level they share is not the basis any more.
    expect(ranked[1]!.reasons).toEqual(['both like a moderate pace', 'both chatty', 'same sense of adventure']);
  });

  it('stores the measured figure with the request: both Pending cards show the number Best Matches showed', async () => {
    const searchId = (await page('saturday'))[0]!.searchingMatchId!;
    const sent = await api(w.t, viewer).post(`/api/matches/${searchId}/request`);
    expect(sent.json()).toMatchObject({ status: 'pending', compatibility: 100 });
    expect(await mine(samePaceSearcher, searchId)).toMatchObject({ status: 'pending', awaitingMyAnswer: true, compatibility: 100 });
    expect(await mine(viewer, searchId)).toMatchObject({ status: 'pending', compatibility: 100 });
  });

  it('stores the measured figure with an invitation to someone not searching', async () => {
    const other = (await page('sunday')).find((c) => c.profile.id === samePaceOther.id);
    expect(other?.compatibility).toBe(100);
    const invited = await api(w.t, viewer).post('/api/matches/invite', { userId: samePaceOther.id, trailId: w.trailId, day: 'sunday' });
    expect(invited.statusCode).toBe(200);
    expect(invited.json()).toMatchObject({ status: 'pending', compatibility: 100 });
    const matchId = invited.json().id;
    expect(await mine(samePaceOther, matchId)).toMatchObject({ status: 'pending', compatibility: 100 });
    expect(await mine(viewer, matchId)).toMatchObject({ status: 'pending', compatibility: 100 });
  });

  it('scores the people of a hike on measured ability too, so its average is theirs (hikePerson)', async () => {
    const db = w.t.database.db;
    const traits = { skills: { hiking: 'intermediate', running: 'beginner' }, preferences } as const;
    // All of the viewer's declared traits (declared: 100 each); measured, one walks at the newcomer's pace, one 40% slower, one has no figures.
    const newcomer = await registeredUser(w.t, 'newcomer@example.com', traits);
    const [samePace, slow, unmeasured] = [
      await registeredUser(w.t, 'hiker-same@example.com', traits),
      await registeredUser(w.t, 'hiker-slow@example.com', traits),
      await registeredUser(w.t, 'hiker-unmeasured@example.com', traits),
    ];
    await db.insert(activityFigures).values([flatHike(newcomer.id, 600), flatHike(samePace!.id, 600), flatHike(slow!.id, 840)]);
    const [slot] = await db.select().from(matches).where(eq(matches.id1, slowSearcher.id));
    const onHike = [samePace!.id, slow!.id, unmeasured!.id];
    const [hike] = await db
      .insert(matches)
      .values({
        trailId: w.trailId,
        status: 'confirmed',
        startTime: slot!.startTime,
        endTime: slot!.endTime,
        id1: onHike[0]!,
        id2: onHike[1]!,
        participants: onHike,
        requestedBy: onHike[1]!,
        capacity: 4,
        confirmedAt: w.clock.now,
      })
      .returning();
    const offered = (await api(w.t, newcomer).get(`/api/trails/${w.trailId}/best-matches?day=saturday`)).json().hikes as {
      matchId: string;
      compatibility: number;
      people: { profile: { id: string }; compatibility: number }[];
    }[];
    const seen = offered.find((h) => h.matchId === hike!.id);
    expect(seen?.people.map((p) => [p.profile.id, p.compatibility])).toEqual([
      [samePace!.id, 100],
      [slow!.id, 60],
      [unmeasured!.id, 100],
    ]);
    expect(seen?.compatibility).toBe(87);
    // The people on the hike see each other the same way (a hike of three: the live figure).
    expect((await mine(samePace!, hike!.id)).people.map((p: { compatibility: number }) => p.compatibility)).toEqual([60, 100]);
  });
});
