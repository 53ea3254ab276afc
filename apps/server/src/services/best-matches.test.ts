import { ACTIVITIES, ADVENTURE_LEVELS, COMMUNICATION_STYLES, PACES, SKILL_LEVELS } from '@trailbuddy/shared/contracts/enums';
import { compatibility } from '@trailbuddy/shared/domain/compatibility';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../test/match-fixtures.js';
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
