import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, ARRABIDA_RIDGE, createMatchWorld, type MatchWorld } from '../../test/match-fixtures.js';
import { signUp, type TestUser } from '../../test/test-app.js';

let w: MatchWorld;
let user: TestUser;
let other: TestUser;
beforeAll(async () => {
  w = await createMatchWorld();
  user = await signUp(w.t, 'fan@example.com');
  other = await signUp(w.t, 'other@example.com');
});
afterAll(async () => w.t.close());

describe('favourites', () => {
  it('adds (idempotently), lists per user and removes a favourite trail', async () => {
    expect((await api(w.t, user).get('/api/me/favourites')).json()).toEqual({ trailIds: [] });
    expect(
      (await w.t.app.inject({ method: 'PUT', url: `/api/me/favourites/${w.trailId}`, headers: { cookie: user.cookie } })).statusCode,
    ).toBe(204);
    expect(
      (await w.t.app.inject({ method: 'PUT', url: `/api/me/favourites/${w.trailId}`, headers: { cookie: user.cookie } })).statusCode,
    ).toBe(204);
    expect((await api(w.t, user).get('/api/me/favourites')).json()).toEqual({ trailIds: [w.trailId] });
    expect((await api(w.t, other).get('/api/me/favourites')).json()).toEqual({ trailIds: [] });
    expect((await api(w.t, user).delete(`/api/me/favourites/${w.trailId}`)).statusCode).toBe(204);
    expect((await api(w.t, user).get('/api/me/favourites')).json()).toEqual({ trailIds: [] });
  });

  it('refuses visitors, unknown trails and malformed ids', async () => {
    expect((await api(w.t, undefined).get('/api/me/favourites')).statusCode).toBe(401);
    const missing = await w.t.app.inject({
      method: 'PUT',
      url: '/api/me/favourites/00000000-0000-4000-8000-000000000000',
      headers: { cookie: user.cookie },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await w.t.app.inject({ method: 'PUT', url: '/api/me/favourites/nope', headers: { cookie: user.cookie } });
    expect(bad.statusCode).toBe(400);
  });

  it('lists only my favourite trails on the home list when asked, and only for a signed-in person (issue 23)', async () => {
    const second = await w.t.app.inject({
      method: 'POST',
      url: '/api/trails',
      headers: { cookie: w.admin.cookie },
      payload: { ...ARRABIDA_RIDGE, name: 'Sintra Forest Loop', location: 'Sintra, Portugal' },
    });
    const sintra = second.json().id as string;
    await w.t.app.inject({ method: 'PUT', url: `/api/me/favourites/${sintra}`, headers: { cookie: user.cookie } });
    const names = async (who: TestUser | undefined, url: string) =>
      (await api(w.t, who).get(url)).json().trails.map((t: { name: string }) => t.name);

    expect(await names(user, '/api/trails')).toEqual(['Arrábida Ridge', 'Sintra Forest Loop']);
    expect(await names(user, '/api/me/favourites/trails')).toEqual(['Sintra Forest Loop']);
    expect(await names(other, '/api/me/favourites/trails')).toEqual([]);
    // The home list's other filters apply too: an activity none of them has.
    expect(await names(user, '/api/me/favourites/trails?activity=running')).toEqual([]);
    expect(await names(user, '/api/me/favourites/trails?q=sintra')).toEqual(['Sintra Forest Loop']);
    // Authenticated before it is validated.
    expect((await api(w.t, undefined).get('/api/me/favourites/trails?activity=swimming')).statusCode).toBe(401);
    const bad = await api(w.t, user).get('/api/me/favourites/trails?activity=swimming');
    expect([bad.statusCode, Object.keys(bad.json().error.fields)]).toEqual([400, ['activity']]);
  });
});
