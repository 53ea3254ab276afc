import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, trails } from '../../db/schema/index.js';
import { anaBrunoCarla, api, createMatchWorld, type MatchWorld } from '../../test/match-fixtures.js';
import type { TestUser } from '../../test/test-app.js';

// Issue 24, "one honest number": a pair's compatibility is fixed when they are first shown to each
// other as a pair and is the same on every route that shows them.
let w: MatchWorld;
let ana: TestUser;
let bruno: TestUser;
let carla: TestUser;
beforeAll(async () => {
  w = await createMatchWorld();
  ({ ana, bruno, carla } = await anaBrunoCarla(w.t));
});
afterAll(async () => w.t.close());

const mine = async (user: TestUser, matchId: string) =>
  (await api(w.t, user).get('/api/matches/mine')).json().matches.find((m: { id: string }) => m.id === matchId);

describe('a searched pair: Best Matches, the request, Pending, Upcoming, Completed, past partners', () => {
  // hiking advanced vs intermediate: skill 50; same pace and adventure: 50 + 20 + 15 = 85 → round(67.5) = 68.
  const ANA_BRUNO = 68;
  let searchId: string;

  it('shows the figure and why on Best Matches (the data the profile dialog opens with)', async () => {
    searchId = (await api(w.t, ana).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' })).json().match.id;
    const page = (await api(w.t, bruno).get(`/api/trails/${w.trailId}/best-matches?day=saturday`)).json();
    expect(page.candidates.find((c: { profile: { id: string } }) => c.profile.id === ana.id)).toMatchObject({
      compatibility: ANA_BRUNO,
      reasons: ['both like a moderate pace', 'same sense of adventure'],
      searchingMatchId: searchId,
    });
  });

  it('stores it with the request: the requester’s and the answerer’s Pending cards show it, no default', async () => {
    const sent = await api(w.t, bruno).post(`/api/matches/${searchId}/request`);
    expect(sent.json()).toMatchObject({ status: 'pending', compatibility: ANA_BRUNO });
    expect(await mine(ana, searchId)).toMatchObject({ status: 'pending', awaitingMyAnswer: true, compatibility: ANA_BRUNO });
    expect(await mine(bruno, searchId)).toMatchObject({ status: 'pending', compatibility: ANA_BRUNO });
  });

  it('keeps the number fixed at the request when a profile changes before the answer (Upcoming)', async () => {
    // Same communication now as well: recomputed, the pair would score 75.
    await w.t.database.db.update(profiles).set({ communication: 'quiet' }).where(eq(profiles.userId, ana.id));
    const confirmed = await api(w.t, ana).post(`/api/matches/${searchId}/accept`);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', compatibility: ANA_BRUNO });
    expect(confirmed.json().people).toEqual([expect.objectContaining({ compatibility: ANA_BRUNO })]);
    expect(await mine(bruno, searchId)).toMatchObject({ status: 'confirmed', compatibility: ANA_BRUNO });
    expect((await mine(bruno, searchId)).people).toEqual([expect.objectContaining({ compatibility: ANA_BRUNO })]);
  });

  it('shows the same number once Completed and among past partners, to both', async () => {
    w.clock.now = new Date('2026-11-21T14:00:00Z');
    await api(w.t, ana).post(`/api/matches/${searchId}/feedback`, { attended: true, rating: 5 });
    await api(w.t, bruno).post(`/api/matches/${searchId}/feedback/skip`);
    expect(await mine(ana, searchId)).toMatchObject({ status: 'completed', compatibility: ANA_BRUNO });
    for (const [viewer, partner] of [
      [ana, bruno],
      [bruno, ana],
    ] as const) {
      const partners = (await api(w.t, viewer).get('/api/matches/partners')).json().partners;
      expect(partners).toEqual([
        expect.objectContaining({ profile: expect.objectContaining({ id: partner.id }), compatibility: ANA_BRUNO }),
      ]);
    }
  });
});

describe('an invitation from a profile', () => {
  it('carries the number Best Matches showed the inviter, on both sides', async () => {
    w.clock.now = new Date('2026-11-18T09:00:00Z');
    // beginner vs intermediate: skill 50; only communication equal: 50 + 15 = 65 → round(57.5) = 58.
    const CARLA_BRUNO = 58;
    const page = (await api(w.t, carla).get(`/api/trails/${w.trailId}/best-matches?day=sunday`)).json();
    expect(page.candidates.find((c: { profile: { id: string } }) => c.profile.id === bruno.id)).toMatchObject({
      compatibility: CARLA_BRUNO,
      reasons: ['both quiet'],
    });
    const invited = await api(w.t, carla).post('/api/matches/invite', { userId: bruno.id, trailId: w.trailId, day: 'sunday' });
    expect(invited.json()).toMatchObject({ status: 'pending', compatibility: CARLA_BRUNO });
    expect(await mine(bruno, invited.json().id)).toMatchObject({ status: 'pending', awaitingMyAnswer: true, compatibility: CARLA_BRUNO });
  });
});

describe('distance on Best Matches', () => {
  it('gives each candidate’s distance from their city to the trailhead, marking those beyond the viewer’s travel distance', async () => {
    // The Arrábida trailhead; Bruno in Lisbon (31 km), Ana in London (about 1,600 km); Carla travels the default 150 km.
    await w.t.database.db.update(trails).set({ trailheadLatitude: 38.48, trailheadLongitude: -8.98 }).where(eq(trails.id, w.trailId));
    await w.t.database.db.update(profiles).set({ country: 'Portugal', city: 'Lisbon' }).where(eq(profiles.userId, bruno.id));
    await w.t.database.db.update(profiles).set({ country: 'United Kingdom', city: 'London' }).where(eq(profiles.userId, ana.id));
    const page = (await api(w.t, carla).get(`/api/trails/${w.trailId}/best-matches?day=saturday`)).json();
    const of = (id: string) => page.candidates.find((c: { profile: { id: string } }) => c.profile.id === id).trailhead;
    expect(of(bruno.id)).toEqual({ km: 31, beyond: false });
    expect(of(ana.id).km).toBeGreaterThan(1500);
    expect(of(ana.id).beyond).toBe(true);
    // Carla will now travel 2,000 km: London is within.
    await w.t.database.db.update(profiles).set({ maxTravelKm: 2000 }).where(eq(profiles.userId, carla.id));
    const wider = (await api(w.t, carla).get(`/api/trails/${w.trailId}/best-matches?day=saturday`)).json();
    expect(wider.candidates.find((c: { profile: { id: string } }) => c.profile.id === ana.id).trailhead.beyond).toBe(false);
  });
});
