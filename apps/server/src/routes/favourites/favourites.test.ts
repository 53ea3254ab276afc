import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createMatchWorld, type MatchWorld } from '../../test/match-fixtures.js';
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
});
