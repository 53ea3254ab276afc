import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { api, createMatchWorld, registeredUser, type MatchWorld } from '../../test/match-fixtures.js';
import { verifyEmail, type TestUser } from '../../test/test-app.js';

/**
 * A person's public profile opens only for someone with a reason to see it (ADR 0030): a match
 * partner, the searcher whose Best Matches list them, an administrator, themselves. Everyone
 * else gets the same 404 as for an id that does not exist.
 */
let w: MatchWorld;
let rita: TestUser;
let joao: TestUser;
let searcher: TestUser;
let stranger: TestUser;

const profileOf = (viewer: TestUser | undefined, id: string) => api(w.t, viewer).get(`/api/users/${id}`);

beforeAll(async () => {
  w = await createMatchWorld();
  rita = await registeredUser(w.t, 'rita@example.com', { fullName: 'Rita Sousa' });
  joao = await registeredUser(w.t, 'joao@example.com', { fullName: 'João Pinto' });
  searcher = await registeredUser(w.t, 'searcher@example.com', { fullName: 'Sara Lopes' });
  stranger = await registeredUser(w.t, 'stranger@example.com', { fullName: 'Tiago Reis' });
  await w.t.database.db.update(users).set({ phoneNumber: '+351912000111', phoneNumberVerified: true }).where(eq(users.id, rita.id));
});
afterAll(async () => w.t.close());

describe('who may see a public profile', () => {
  it('no endpoint lists the members', async () => {
    for (const viewer of [rita, w.admin]) expect((await api(w.t, viewer).get('/api/users')).statusCode).toBe(404);
  });

  it('a stranger gets 404, exactly as for an id that does not exist', async () => {
    const hidden = await profileOf(stranger, rita.id);
    const missing = await profileOf(stranger, 'nobody');
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    expect(hidden.json().error.message).toBe('Profile not found.');
  });

  it('a visitor is asked to sign in', async () => {
    expect((await profileOf(undefined, rita.id)).statusCode).toBe(401);
  });

  it('each person sees their own', async () => {
    expect((await profileOf(rita, rita.id)).statusCode).toBe(200);
  });

  it('an administrator sees anyone’s, without the e-mail or phone', async () => {
    await verifyEmail(w.t, w.admin);
    const res = await profileOf(w.admin, rita.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: rita.id, name: 'Rita Sousa', location: 'Lisbon, Portugal' });
    expect(res.body).not.toContain('rita@example.com');
    expect(res.body).not.toContain('+351912000111');
  });

  it('the searcher sees the Best Matches of an open search, and no longer once it is cancelled', async () => {
    const search = await api(w.t, searcher).post('/api/matches/search', { trailId: w.trailId, day: 'saturday' });
    expect(search.statusCode, search.body).toBe(200);
    const best = await api(w.t, searcher).get(`/api/trails/${w.trailId}/best-matches?day=saturday`);
    expect(best.json().candidates.map((c: { profile: { id: string } }) => c.profile.id)).toContain(rita.id);

    const res = await profileOf(searcher, rita.id);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('rita@example.com');
    expect(res.body).not.toContain('+351912000111');
    // Rita has no search of her own: being listed does not open the searcher's profile to her.
    expect((await profileOf(rita, searcher.id)).statusCode).toBe(404);

    expect((await api(w.t, searcher).post(`/api/matches/${search.json().match.id}/cancel`)).statusCode).toBe(200);
    expect((await profileOf(searcher, rita.id)).statusCode).toBe(404);
  });

  it('match partners see each other in any status, a cancelled match included', async () => {
    expect((await profileOf(joao, rita.id)).statusCode).toBe(404);
    const search = await api(w.t, rita).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' });
    const matchId = search.json().match.id as string;
    expect((await api(w.t, joao).post(`/api/matches/${matchId}/request`)).statusCode).toBe(200);
    expect((await profileOf(joao, rita.id)).statusCode).toBe(200);
    expect((await profileOf(rita, joao.id)).statusCode).toBe(200);
    expect((await api(w.t, rita).post(`/api/matches/${matchId}/reject`)).statusCode).toBe(200);
    // João has no search: only the match they shared, now ended, opens Rita's profile to him.
    expect((await profileOf(joao, rita.id)).statusCode).toBe(200);
    // Not a third person.
    expect((await profileOf(stranger, joao.id)).statusCode).toBe(404);
  });

  it('a blocked pair gets the 404 of a person who does not exist, both ways, whatever they shared; unblocking gives it back', async () => {
    // Rita and João shared a request (the test above) and Sara now searches Sunday with Rita among her Best Matches.
    const search = await api(w.t, searcher).post('/api/matches/search', { trailId: w.trailId, day: 'sunday' });
    expect(search.statusCode, search.body).toBe(200);
    for (const [viewer, target] of [
      [joao, rita],
      [rita, joao],
      [searcher, rita],
    ] as const)
      expect((await profileOf(viewer, target.id)).statusCode).toBe(200);

    expect((await api(w.t, rita).post('/api/blocks', { userId: joao.id })).statusCode).toBe(201);
    expect((await api(w.t, searcher).post('/api/blocks', { userId: rita.id })).statusCode).toBe(201);
    const missing = await profileOf(joao, 'nobody');
    // The one who blocked and the one blocked, in each pair, both get exactly the unknown id's answer.
    for (const [viewer, target] of [
      [joao, rita],
      [rita, joao],
      [searcher, rita],
      [rita, searcher],
    ] as const) {
      const res = await profileOf(viewer, target.id);
      expect([res.statusCode, res.body]).toEqual([404, missing.body]);
    }
    // Nobody else is affected, and an administrator still sees both.
    expect((await profileOf(joao, joao.id)).statusCode).toBe(200);
    expect((await profileOf(w.admin, rita.id)).statusCode).toBe(200);

    expect((await api(w.t, rita).delete(`/api/blocks/${joao.id}`)).statusCode).toBe(204);
    expect((await profileOf(joao, rita.id)).statusCode).toBe(200);
    expect((await profileOf(rita, joao.id)).statusCode).toBe(200);
  });
});
