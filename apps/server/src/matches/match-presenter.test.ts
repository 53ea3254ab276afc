import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityFigures, matches } from '../db/schema/index.js';
import { api, createMatchWorld, flatHike, registeredUser, type MatchWorld } from '../test/match-fixtures.js';
import type { TestUser } from '../test/test-app.js';

/**
 * A hike's card reads the people's measured ability as of the route's clock, not the wall clock's
 * (presentMatches → peopleById): the summary counts the figures of the 12 months before `now`
 * (ADR 0056), so a card must agree with the clock every other part of the answer uses.
 */
let w: MatchWorld;
let viewer: TestUser;
let slow: TestUser;
let third: TestUser;
let hikeId: string;
const traits = {
  skills: { hiking: 'intermediate', running: 'beginner' },
  preferences: { pace: 'moderate', communication: 'chatty', adventureLevel: 'moderate' },
} as const;

/** The route's clock, a year before the test world's Wednesday: the hike is still ahead of it. */
const A_YEAR_EARLIER = new Date('2025-11-19T09:00:00Z');
/**
 * A day inside the 12 months before that clock and more than 12 months before any wall clock this
 * test runs under (2026-11-28 onwards): counted only when the route's clock is the one used.
 */
const WALKED_ON = new Date('2025-06-01T00:00:00Z');

beforeAll(async () => {
  w = await createMatchWorld();
  // The same declared traits (declared compatibility: 100 each).
  viewer = await registeredUser(w.t, 'viewer@example.com', traits);
  slow = await registeredUser(w.t, 'slow@example.com', traits);
  third = await registeredUser(w.t, 'third@example.com', traits);
  const people = [viewer.id, slow.id, third.id];
  const [hike] = await w.t.database.db
    .insert(matches)
    .values({
      trailId: w.trailId,
      status: 'confirmed',
      startTime: new Date('2026-11-21T10:00:00Z'),
      endTime: new Date('2026-11-21T13:00:00Z'),
      id1: viewer.id,
      id2: slow.id,
      participants: people,
      requestedBy: slow.id,
      capacity: 3,
      confirmedAt: w.clock.now,
    })
    .returning();
  hikeId = hike!.id;
  // Measured, the slow one is 40% slower on the flat than the viewer: 60 instead of the declared 100.
  await w.t.database.db.insert(activityFigures).values([flatHike(viewer.id, 600, WALKED_ON), flatHike(slow.id, 840, WALKED_ON)]);
  w.clock.now = A_YEAR_EARLIER;
});
afterAll(async () => w.t.close());

const compatibilityOf = (view: { people: { profile: { id: string }; compatibility: number | null }[] }, userId: string) =>
  view.people.find((p) => p.profile.id === userId)?.compatibility;

describe('a hike’s people on the route’s clock', () => {
  it('scores them on the figures the route’s clock counts, in the list and in the one match', async () => {
    const listed = (await api(w.t, viewer).get('/api/matches/mine')).json().matches.find((m: { id: string }) => m.id === hikeId);
    expect(compatibilityOf(listed, slow.id)).toBe(60);
    expect(compatibilityOf(listed, third.id)).toBe(100);

    const one = await api(w.t, viewer).get(`/api/matches/${hikeId}`);
    expect(one.statusCode).toBe(200);
    expect(compatibilityOf(one.json(), slow.id)).toBe(60);
  });

  it('drops them again once that clock has moved on past their 12 months', async () => {
    w.clock.now = new Date('2026-11-18T09:00:00Z');
    const listed = (await api(w.t, viewer).get('/api/matches/mine')).json().matches.find((m: { id: string }) => m.id === hikeId);
    expect(compatibilityOf(listed, slow.id)).toBe(100);
    w.clock.now = A_YEAR_EARLIER;
  });
});
