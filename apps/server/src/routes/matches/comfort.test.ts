import { NO_COMFORT_PREFERENCES, RELIABLE_MIN_HIKES, type ComfortPreferences } from '@trailbuddy/shared/contracts/comfort';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { matchFeedback, matches, profiles } from '../../db/schema/index.js';
import { api, createMatchWorld, registeredUser, WEDNESDAY, type MatchWorld } from '../../test/match-fixtures.js';
import type { TestUser } from '../../test/test-app.js';

// Matching that respects comfort (ADR 0031), through the real routes on real PostgreSQL.
let w: MatchWorld;
let ana: TestUser; // Female, 30
let rui: TestUser; // Male, 35
let eva: TestUser; // Female, 52
let everyone: TestUser[];
const SAME_TRAITS = { skills: { hiking: 'intermediate', running: 'beginner' } } as const;

beforeAll(async () => {
  w = await createMatchWorld();
  ana = await registeredUser(w.t, 'ana@example.com', { gender: 'Female', age: 30, ...SAME_TRAITS });
  rui = await registeredUser(w.t, 'rui@example.com', { gender: 'Male', age: 35, ...SAME_TRAITS });
  eva = await registeredUser(w.t, 'eva@example.com', { gender: 'Female', age: 52, ...SAME_TRAITS });
  everyone = [ana, rui, eva];
});
afterAll(async () => w.t.close());

async function setComfort(user: TestUser, comfort: Partial<ComfortPreferences>) {
  const res = await w.t.app.inject({
    method: 'PATCH',
    url: '/api/me/profile',
    headers: { cookie: user.cookie },
    payload: { comfort: { ...NO_COMFORT_PREFERENCES, ...comfort } },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Who `user` sees in Best Matches for the Saturday session, by id. */
async function seenBy(user: TestUser): Promise<string[]> {
  const res = await api(w.t, user).get(`/api/trails/${w.trailId}/best-matches?day=saturday`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().candidates.map((c: { profile: { id: string } }) => c.profile.id);
}

async function search(user: TestUser): Promise<string> {
  const res = await api(w.t, user).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().match.id;
}

beforeEach(async () => {
  w.clock.now = WEDNESDAY;
  for (const user of everyone) await setComfort(user, {});
  await w.t.database.db.delete(matches);
});

describe('comfort preferences in Best Matches, both ways', () => {
  it('stores the preferences in the own profile only, and refuses a band upside down', async () => {
    const own = await setComfort(ana, { sameGenderOnly: true, ageMin: 25, ageMax: 45, languages: ['Portuguese', 'English'] });
    expect(own.comfort).toEqual({ sameGenderOnly: true, ageMin: 25, ageMax: 45, languages: ['Portuguese', 'English'] });
    const bad = await w.t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: ana.cookie },
      payload: { comfort: { ...NO_COMFORT_PREFERENCES, ageMin: 40, ageMax: 30 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty(['comfort.ageMax']);
    const unknown = await w.t.app.inject({
      method: 'PATCH',
      url: '/api/me/profile',
      headers: { cookie: ana.cookie },
      payload: { comfort: { ...NO_COMFORT_PREFERENCES, languages: ['Klingon'] } },
    });
    expect(unknown.statusCode).toBe(400);
    // Another person sees the badge field, never the preferences.
    const seen = (await api(w.t, rui).get(`/api/trails/${w.trailId}/best-matches?day=saturday`)).json();
    expect(JSON.stringify(seen)).not.toMatch(/sameGenderOnly|ageMin|languages/);
  });

  it('same gender only: hidden from the one who asked and from the people she excluded', async () => {
    expect(await seenBy(ana)).toEqual(expect.arrayContaining([rui.id, eva.id]));
    await setComfort(ana, { sameGenderOnly: true });
    expect(await seenBy(ana)).toEqual([eva.id]);
    expect(await seenBy(rui)).toEqual([eva.id]);
    expect(await seenBy(eva)).toEqual(expect.arrayContaining([ana.id, rui.id]));
  });

  it('an age band, on either side', async () => {
    await setComfort(ana, { ageMin: 25, ageMax: 40 });
    expect((await seenBy(ana)).sort()).toEqual([rui.id]);
    expect(await seenBy(eva)).toEqual([rui.id]);
    await setComfort(ana, {});
    await setComfort(eva, { ageMin: 33 });
    expect(await seenBy(eva)).toEqual([rui.id]);
    expect(await seenBy(ana)).toEqual([rui.id]);
  });

  it('languages: once both listed some, they must share one', async () => {
    await setComfort(ana, { languages: ['Portuguese'] });
    await setComfort(rui, { languages: ['German'] });
    expect(await seenBy(ana)).toEqual([eva.id]);
    expect(await seenBy(rui)).toEqual([eva.id]);
    await setComfort(rui, { languages: ['German', 'Portuguese'] });
    expect((await seenBy(ana)).sort()).toEqual([rui.id, eva.id].sort());
  });

  it('the slot’s searchers too, and a preference changed while a search is open applies at once', async () => {
    const anaSearch = await search(ana);
    const ruiSearch = await search(rui);
    expect(await seenBy(eva)).toHaveLength(2);
    await setComfort(ana, { sameGenderOnly: true });
    const evaSees = (await api(w.t, eva).get(`/api/trails/${w.trailId}/best-matches?day=saturday`)).json().candidates;
    expect(evaSees.map((c: { searchingMatchId: string }) => c.searchingMatchId).sort()).toEqual([anaSearch, ruiSearch].sort());
    expect(await seenBy(rui)).toEqual([eva.id]);
    expect(await seenBy(ana)).toEqual([eva.id]);
    // The copy on the open search follows the profile (the trigger of migration 0016).
    const [copy] = await w.t.database.db.select().from(matches).where(eq(matches.id, anaSearch));
    expect(copy).toMatchObject({ searcherSameGender: true, searcherGender: 'Female', searcherAge: 30 });
  });
});

describe('requests and invitations outside either person’s comfort', () => {
  it('a request to a search is answered as if the search did not exist', async () => {
    const anaSearch = await search(ana);
    await setComfort(ana, { sameGenderOnly: true });
    const refused = await api(w.t, rui).post(`/api/matches/${anaSearch}/request`);
    const missing = await api(w.t, rui).post('/api/matches/00000000-0000-4000-8000-000000000000/request');
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(missing.json());
    // The search is untouched, and nobody was notified.
    const [row] = await w.t.database.db.select().from(matches).where(eq(matches.id, anaSearch));
    expect(row?.status).toBe('searching');
    // And the requester's own preference refuses the same way.
    await setComfort(ana, {});
    await setComfort(rui, { ageMin: 40 });
    const own = await api(w.t, rui).post(`/api/matches/${anaSearch}/request`);
    expect(own.json()).toEqual(missing.json());
    await setComfort(rui, {});
    expect((await api(w.t, rui).post(`/api/matches/${anaSearch}/request`)).statusCode).toBe(200);
  });

  it('an invitation is answered as if the person did not exist', async () => {
    await setComfort(eva, { ageMin: 40 });
    const refused = await api(w.t, eva).post('/api/matches/invite', { userId: rui.id, trailId: w.trailId, day: 'saturday' });
    const nobody = await api(w.t, eva).post('/api/matches/invite', { userId: 'no-such-user', trailId: w.trailId, day: 'saturday' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual(nobody.json());
    // The other direction: Rui invites Eva, who only wants buddies of 40 or more.
    const back = await api(w.t, rui).post('/api/matches/invite', { userId: eva.id, trailId: w.trailId, day: 'saturday' });
    expect(back.json()).toEqual(nobody.json());
    const fine = await api(w.t, rui).post('/api/matches/invite', { userId: ana.id, trailId: w.trailId, day: 'saturday' });
    expect(fine.statusCode).toBe(200);
  });
});

describe('reliability from the structured feedback', () => {
  /** Each reported hike a week before the last: one person is on one hike at a time (ADR 0054). */
  let weeksBack = 0;
  const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
  /** A hike of `person` with a fresh partner that ended, and the partner's answers about it. */
  async function reportedHike(person: TestUser, answers: { showedUp: boolean; onTime?: boolean; paceAsDescribed?: boolean }) {
    const partner = await registeredUser(w.t, `p${Math.random().toString(36).slice(2)}@example.com`);
    const db = w.t.database.db;
    const [m] = await db
      .insert(matches)
      .values({
        trailId: w.trailId,
        status: 'confirmed',
        startTime: new Date(Date.parse('2026-11-14T10:00:00Z') - weeksBack * WEEK_MS),
        endTime: new Date(Date.parse('2026-11-14T13:00:00Z') - weeksBack++ * WEEK_MS),
        id1: person.id,
        id2: partner.id,
        participants: [person.id, partner.id],
        requestedBy: partner.id,
      })
      .returning();
    const res = await api(w.t, partner).post(`/api/matches/${m!.id}/feedback`, { attended: true, ...answers });
    expect(res.statusCode, res.body).toBe(200);
    return m!;
  }
  const badgeOf = async (user: TestUser) => (await w.t.database.db.select().from(profiles).where(eq(profiles.userId, user.id)))[0]!;

  it(`shows the badge after ${RELIABLE_MIN_HIKES} reported hikes that went well, and late cancellations count against it`, async () => {
    const joao = await registeredUser(w.t, 'joao@example.com');
    for (let i = 1; i < RELIABLE_MIN_HIKES; i++) await reportedHike(joao, { showedUp: true, onTime: true, paceAsDescribed: true });
    expect((await badgeOf(joao)).reliable).toBe(false);
    await reportedHike(joao, { showedUp: true });
    expect(await badgeOf(joao)).toMatchObject({ reliabilityReviews: 3, reliabilityGood: 3, reliable: true });
    // A late cancellation: 3 of 4 went well, 75% < 80%.
    const late = await reportedHike(joao, { showedUp: true });
    await w.t.database.db
      .update(matches)
      .set({ status: 'cancelled', cancelledBy: joao.id, lateCancel: true })
      .where(eq(matches.id, late.id));
    const after = await badgeOf(joao);
    expect(after).toMatchObject({ reliabilityReviews: 4, reliabilityGood: 4, lateCancels: 1, reliable: true });
    await w.t.database.db.update(profiles).set({ lateCancels: 2 }).where(eq(profiles.userId, joao.id));
    expect((await badgeOf(joao)).reliable).toBe(false);
  });

  it('counts a no-show or a late or mismatched pace as a hike that did not go well; a skip or a missed hike counts nothing', async () => {
    const lia = await registeredUser(w.t, 'lia@example.com');
    await reportedHike(lia, { showedUp: true, onTime: false });
    await reportedHike(lia, { showedUp: true, paceAsDescribed: false });
    await reportedHike(lia, { showedUp: false });
    expect(await badgeOf(lia)).toMatchObject({ reliabilityReviews: 3, reliabilityGood: 0, reliable: false });
    const m = await reportedHike(lia, { showedUp: true });
    // Lia's own answer about her partner counts for the partner, not for her.
    await api(w.t, lia).post(`/api/matches/${m.id}/feedback`, { attended: false });
    expect(await badgeOf(lia)).toMatchObject({ reliabilityReviews: 4, reliabilityGood: 1 });
    const refused = await api(w.t, lia).post(`/api/matches/${m.id}/feedback`, { attended: false, showedUp: true });
    expect(refused.statusCode).toBe(400);
  });

  it('ranks the badge after compatibility: of two equally compatible people, the reliable one first', async () => {
    const plain = await registeredUser(w.t, 'plain@example.com', { gender: 'Male', age: 30, ...SAME_TRAITS });
    const steady = await registeredUser(w.t, 'steady@example.com', { gender: 'Male', age: 30, ...SAME_TRAITS });
    for (let i = 0; i < RELIABLE_MIN_HIKES; i++) await reportedHike(steady, { showedUp: true });
    await w.t.database.db.delete(matchFeedback);
    await w.t.database.db.delete(matches);
    const res = (await api(w.t, ana).get(`/api/trails/${w.trailId}/best-matches?day=saturday`)).json();
    const ids = res.candidates.map((c: { profile: { id: string } }) => c.profile.id);
    const top = res.candidates[0];
    expect(ids.indexOf(steady.id)).toBeLessThan(ids.indexOf(plain.id));
    expect(res.candidates.find((c: { profile: { id: string } }) => c.profile.id === steady.id).profile.reliable).toBe(true);
    expect(top.compatibility).toBeGreaterThanOrEqual(res.candidates.at(-1).compatibility);
    // Searching, the same order.
    await search(plain);
    await search(steady);
    const searching = (await api(w.t, ana).get(`/api/trails/${w.trailId}/best-matches?day=saturday`)).json().candidates;
    expect(searching.slice(0, 2).map((c: { profile: { id: string } }) => c.profile.id)).toEqual([steady.id, plain.id]);
  });
});
