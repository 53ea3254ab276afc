import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SAMPLE_ACTIVITIES, synthTrack } from '../../../../../tools/activity-samples.mjs';
import { activityConnections, activityFigures } from '../../db/schema/index.js';
import { createStravaStandIn, type StravaStandIn } from '../../test/strava-stand-in.js';
import { cookieHeader, createTestApp, signUp, TEST_ORIGIN, type TestApp, type TestUser } from '../../test/test-app.js';

// Strava cannot be reached from the tests: a local server speaking its OAuth and API v3 stands in.
let strava: StravaStandIn;
let t: TestApp;
let ana: TestUser;
let rui: TestUser;
let now = new Date();

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3600 * 1000);

beforeAll(async () => {
  strava = await createStravaStandIn([
    { id: 101, sport_type: 'Hike', points: synthTrack({ seed: 1, startTime: daysAgo(20), ...SAMPLE_ACTIVITIES.hike }) },
    { id: 102, sport_type: 'TrailRun', points: synthTrack({ seed: 2, startTime: daysAgo(40), ...SAMPLE_ACTIVITIES.run }) },
    { id: 103, sport_type: 'Swim', points: synthTrack({ seed: 3, startTime: daysAgo(50), ...SAMPLE_ACTIVITIES.run }) },
    // Over a year ago: not asked for (the list is requested "after" 12 months ago).
    { id: 104, sport_type: 'Hike', points: synthTrack({ seed: 4, startTime: daysAgo(400), ...SAMPLE_ACTIVITIES.hike }) },
  ]);
  t = await createTestApp(
    { STRAVA_CLIENT_ID: strava.clientId, STRAVA_CLIENT_SECRET: strava.clientSecret, STRAVA_BASE_URL: strava.url },
    { now: () => now },
  );
  ana = await signUp(t, 'ana@example.com');
  rui = await signUp(t, 'rui@example.com');
});
afterAll(async () => {
  await t.close();
  await strava.close();
});
beforeEach(async () => {
  now = new Date();
  await t.database.db.delete(activityFigures);
  await t.database.db.delete(activityConnections);
  strava.requests.length = 0;
});

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

/**
 * The whole round trip as a browser makes it: our connect redirect (with its state cookie), the
 * stand-in's consent page redirecting back with a code, and our callback in the same browser.
 */
async function connect(user: TestUser, opts: { deny?: boolean; callbackAs?: TestUser; dropStateCookie?: boolean } = {}) {
  const start = await get('/api/me/ability/strava/connect', user.cookie);
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  if (opts.deny) authorize.searchParams.set('deny', '1');
  const consent = await fetch(authorize, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  const stateCookie = cookieHeader(start.headers['set-cookie']);
  const who = opts.callbackAs ?? user;
  return get(`${back.pathname}${back.search}`, opts.dropStateCookie ? who.cookie : `${who.cookie}; ${stateCookie}`);
}

describe('Strava: connect, import, disconnect (against a local stand-in)', () => {
  it('is offered on the profile when configured', async () => {
    const res = await get('/api/me/ability', ana.cookie);
    expect(res.json().providers).toEqual([{ id: 'strava', name: 'Strava', connected: false, lastImportAt: null }]);
  });

  it('sends the member to Strava for read access with our callback and a state', async () => {
    const res = await get('/api/me/ability/strava/connect', ana.cookie);
    const to = new URL(res.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe(`${strava.url}/oauth/authorize`);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      client_id: strava.clientId,
      redirect_uri: `${TEST_ORIGIN}/api/me/ability/strava/callback`,
      response_type: 'code',
      scope: 'activity:read_all',
    });
    expect(to.searchParams.get('state')).toMatch(/^[\w-]+\.\d+\.[\w-]+$/);
    expect(res.headers['set-cookie']).toMatch(/^tb_activity_oauth=[\w-]+; Path=\/api\/me\/ability; HttpOnly; SameSite=Lax; Max-Age=600/);
  });

  it('connects, imports the hikes and runs of the last 12 months from their streams, and comes back to the profile', async () => {
    const res = await connect(ana);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/me?ability=connected');

    const me = (await get('/api/me/ability', ana.cookie)).json();
    expect(me.providers[0]).toMatchObject({ id: 'strava', connected: true });
    expect(me.abilities.map((a: { activity: string; activityCount: number }) => [a.activity, a.activityCount])).toEqual([
      ['hiking', 1],
      ['running', 1],
    ]);
    const hiking = me.abilities[0];
    expect(hiking.flatPaceSecondsPerKm).toBeGreaterThan(680);
    expect(hiking.flatPaceSecondsPerKm).toBeLessThan(760);
    expect(hiking.climbRateMetersPerHour).toBeGreaterThan(380);
    expect(hiking.climbRateMetersPerHour).toBeLessThan(460);

    // Asked for the last 12 months only, and for streams without positions (no latlng).
    const list = strava.requests.find((r) => r.startsWith('GET /api/v3/athlete/activities'))!;
    const after = Number(new URL(list.slice(4), 'http://x').searchParams.get('after'));
    expect(Math.abs(after - (now.getTime() / 1000 - 365 * 24 * 3600))).toBeLessThan(5);
    const streams = strava.requests.filter((r) => r.includes('/streams'));
    expect(streams).toHaveLength(2); // the hike and the run; the swim is not fetched
    for (const s of streams) expect(s).toContain('keys=time,distance,altitude,moving&key_by_type=true');

    // The tokens are sealed at rest: neither appears in the table.
    const [row] = await t.database.db.select().from(activityConnections);
    const issued = strava.grants.at(-1)!;
    expect(row!.accessToken).not.toContain(issued.accessToken);
    expect(row!.refreshToken).not.toContain(issued.refreshToken);
    expect(JSON.stringify(me)).not.toContain(issued.accessToken);
  });

  it('imports again without counting an activity twice, and renews an expiring token first', async () => {
    await connect(ana);
    now = new Date(Date.now() + 6 * 3600 * 1000 - 60_000); // a minute before the token expires
    const before = strava.grants.length;
    const res = await t.app.inject({ method: 'POST', url: '/api/me/ability/strava/import', headers: { cookie: ana.cookie } });
    expect(res.statusCode).toBe(200);
    expect(strava.grants.length).toBe(before + 1);
    expect(res.json().outcomes.map((o: { file: string; status: string }) => [o.file, o.status])).toEqual([
      ['Strava 101', 'duplicate'],
      ['Strava 102', 'duplicate'],
      ['Strava 103', 'rejected'],
    ]);
    expect(res.json().abilities).toHaveLength(2);
  });

  it('disconnects: revokes the access at Strava and drops the tokens, keeping the figures', async () => {
    await connect(ana);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/me/ability/strava', headers: { cookie: ana.cookie } });
    expect(res.statusCode).toBe(204);
    expect(strava.requests).toContain('POST /oauth/deauthorize');
    expect(strava.grants.every((g) => g.revoked)).toBe(true);
    expect(await t.database.db.select().from(activityConnections)).toEqual([]);
    const me = (await get('/api/me/ability', ana.cookie)).json();
    expect(me.providers[0].connected).toBe(false);
    expect(me.abilities).toHaveLength(2);
    const again = await t.app.inject({ method: 'POST', url: '/api/me/ability/strava/import', headers: { cookie: ana.cookie } });
    expect(again.statusCode).toBe(404);
  });

  it('renews an expired access token to revoke it', async () => {
    await connect(ana);
    now = new Date(Date.now() + 7 * 3600 * 1000); // the access token has expired
    const res = await t.app.inject({ method: 'DELETE', url: '/api/me/ability/strava', headers: { cookie: ana.cookie } });
    expect(res.statusCode).toBe(204);
    expect(strava.requests.filter((r) => r.startsWith('POST /oauth/'))).toEqual([
      'POST /oauth/token',
      'POST /oauth/token',
      'POST /oauth/deauthorize',
    ]);
    expect(strava.grants.every((g) => g.revoked)).toBe(true);
  });

  it('comes back "denied" and keeps nothing when the member refuses at Strava', async () => {
    const res = await connect(ana, { deny: true });
    expect(res.headers.location).toBe('/me?ability=denied');
    expect(await t.database.db.select().from(activityConnections)).toEqual([]);
  });

  it('refuses a callback from another browser (no state cookie) or for another member', async () => {
    const noCookie = await connect(ana, { dropStateCookie: true });
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json().error.fields).toEqual({ state: 'Invalid or expired state.' });
    const otherMember = await connect(ana, { callbackAs: rui });
    expect(otherMember.statusCode).toBe(400);
    expect(await t.database.db.select().from(activityConnections)).toEqual([]);
    expect(strava.requests.some((r) => r.startsWith('POST /oauth/token'))).toBe(false);
  });

  it('refuses a state that has expired', async () => {
    const start = await get('/api/me/ability/strava/connect', ana.cookie);
    const state = new URL(start.headers.location as string).searchParams.get('state');
    now = new Date(Date.now() + 11 * 60 * 1000);
    const res = await get(
      `/api/me/ability/strava/callback?code=x&state=${state}`,
      `${ana.cookie}; ${cookieHeader(start.headers['set-cookie'])}`,
    );
    expect(res.statusCode).toBe(400);
  });

  it('comes back "failed" and keeps no connection when Strava refuses the code', async () => {
    const start = await get('/api/me/ability/strava/connect', ana.cookie);
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const res = await get(
      `/api/me/ability/strava/callback?code=forged&state=${encodeURIComponent(state)}`,
      `${ana.cookie}; ${cookieHeader(start.headers['set-cookie'])}`,
    );
    expect(res.headers.location).toBe('/me?ability=failed');
    expect(await t.database.db.select().from(activityConnections)).toEqual([]);
  });

  it('asks a visitor to sign in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/me/ability/strava/connect' });
    expect(res.statusCode).toBe(401);
  });

  it('is in the export without its tokens, and goes with the account', async () => {
    await connect(ana);
    const exported = (await get('/api/account/export', ana.cookie)).json();
    expect(exported.activityConnections).toEqual([
      { provider: 'strava', connectedAt: expect.any(String), lastImportAt: expect.any(String) },
    ]);
    expect(JSON.stringify(exported)).not.toContain(strava.grants.at(-1)!.accessToken);
  });
});

describe('without Strava configured', () => {
  it('offers no connection, and its routes are not found', async () => {
    const plain = await createTestApp();
    try {
      const eva = await signUp(plain, 'eva@example.com');
      const me = await plain.app.inject({ method: 'GET', url: '/api/me/ability', headers: { cookie: eva.cookie } });
      expect(me.json()).toEqual({ abilities: [], providers: [] });
      const connectRes = await plain.app.inject({ method: 'GET', url: '/api/me/ability/strava/connect', headers: { cookie: eva.cookie } });
      expect(connectRes.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
