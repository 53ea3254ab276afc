import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityFigures } from '../db/schema/index.js';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../test/match-fixtures.js';
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

/** One imported hike's figures, as an import keeps them: 5 km on the flat at `secondsPerKm`, no climbing to speak of. */
const flatHike = (userId: string, secondsPerKm: number) => ({
  userId,
  source: 'file',
  sourceKey: `fixture-${userId}-${secondsPerKm}`,
  activity: 'hiking',
  startedOn: new Date('2026-10-03T00:00:00Z'),
  distanceMeters: 5000,
  elevationGainMeters: 20,
  flatMovingSeconds: 5 * secondsPerKm,
  flatMovingMeters: 5000,
  climbMovingSeconds: 0,
  climbAscentMeters: 0,
});

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
});
