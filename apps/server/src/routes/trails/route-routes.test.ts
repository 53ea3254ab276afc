import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_FILE_MAX_BYTES } from '@trailbuddy/shared/contracts/trail-route';
import { locationPoint } from '@trailbuddy/shared/data/city-points';
import { distanceMeters } from '@trailbuddy/shared/domain/distance';
import { routeFacts, suggestDifficulty } from '@trailbuddy/shared/domain/route-facts';
import { DEMO_TRAILS, demoRouteFile } from '../../db/seed/demo-trails.js';
import { seedRoutesDir } from '../../paths.js';
import { readGpxPoints } from '../../trails/gpx.js';
import { trails } from '../../db/schema/index.js';
import { ARRABIDA_RIDGE, WEDNESDAY } from '../../test/match-fixtures.js';
import { multipartFile } from '../../test/multipart.js';
import { createTestApp, signUp, TEST_ADMIN, type TestApp, type TestUser } from '../../test/test-app.js';
import { distanceOrder } from '../../trails/trail-distance.js';

let t: TestApp;
let admin: TestUser;
let member: TestUser;
let trailId: string;
beforeAll(async () => {
  t = await createTestApp({ TRAIL_TIME_ZONE: 'Europe/Lisbon' }, { now: () => WEDNESDAY });
  admin = await signUp(t, TEST_ADMIN);
  member = await signUp(t, 'walker@example.com');
  trailId = (await addTrail(ARRABIDA_RIDGE.name, 'Setúbal, Portugal')).id;
});
afterAll(async () => t.close());

async function addTrail(name: string, location: string): Promise<{ id: string }> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trails',
    headers: { cookie: admin.cookie },
    payload: { ...ARRABIDA_RIDGE, name, location },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json();
}

/** A track due north from Arrábida: `elevations` one every 100 m. */
function gpxTrack(elevations: readonly (number | null)[]): string {
  const points = elevations.map((ele, i) => {
    const lat = (38.48 + (i * 100) / 111_195).toFixed(6);
    return `<trkpt lat="${lat}" lon="-8.98">${ele === null ? '' : `<ele>${ele}</ele>`}</trkpt>`;
  });
  return `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>${points.join('')}</trkseg></trk></gpx>`;
}

const upload = (cookie: string | undefined, id: string, content: string | Buffer, field = 'file') => {
  const body = multipartFile(field, 'route.gpx', Buffer.isBuffer(content) ? content : Buffer.from(content), 'application/gpx+xml');
  return t.app.inject({
    method: 'PUT',
    url: `/api/trails/${id}/route`,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
};

const storedRoute = async (id: string) =>
  (await t.database.db.select({ file: trails.routeFile, distance: trails.routeDistanceM }).from(trails).where(eq(trails.id, id)))[0];

describe('PUT /api/trails/:id/route', () => {
  it('refuses a visitor (401) and a member who is not an administrator (403), storing nothing', async () => {
    expect((await upload(undefined, trailId, gpxTrack([10, 20]))).statusCode).toBe(401);
    const res = await upload(member.cookie, trailId, gpxTrack([10, 20]));
    expect(res.statusCode).toBe(403);
    expect(await storedRoute(trailId)).toEqual({ file: null, distance: null });
  });

  it.each([
    ['not XML at all', 'hello, this is not a route'],
    ['XML that is not GPX', '<?xml version="1.0"?><kml><Document/></kml>'],
    ['a GPX file with a single point', gpxTrack([10])],
    ['a GPX file with a DOCTYPE', `<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaa">]>${gpxTrack([10, 20]).slice(21)}`],
    ['a GPX file whose points have no elevation', gpxTrack([null, null, null])],
    ['a point off the globe', gpxTrack([10, 20]).replace('lon="-8.98"', 'lon="-198.98"')],
  ])('answers 400 naming the file for %s, and keeps the trail as it was', async (_, content) => {
    const res = await upload(admin.cookie, trailId, content);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('file');
    expect(await storedRoute(trailId)).toEqual({ file: null, distance: null });
  });

  it('answers 400 naming the field when the file comes in another field, and 413 past 5 MB', async () => {
    const wrongField = await upload(admin.cookie, trailId, gpxTrack([10, 20]), 'gpx');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.fields).toHaveProperty('file');
    const huge = await upload(admin.cookie, trailId, Buffer.alloc(ROUTE_FILE_MAX_BYTES + 1, 0x20));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.fields).toHaveProperty('file');
  });

  it('stores the route and its facts: distance, gain and loss through the dead band, highest point, profile, suggested difficulty', async () => {
    // 2.6 km due north: up 300 m, a level stretch with ±2 m of jitter, down 100 m.
    const elevations = [...Array.from({ length: 16 }, (_, i) => 100 + i * 20), 402, 398, 401, 399, 402, 400, 380, 360, 340, 320, 300];
    const res = await upload(admin.cookie, trailId, gpxTrack(elevations));
    expect(res.statusCode).toBe(200);
    const route = res.json();
    expect(route.distanceMeters).toBeGreaterThan(2_590);
    expect(route.distanceMeters).toBeLessThan(2_610);
    // The jitter on the level stretch is not climbing: a plain sum would add 3 + 2 + 3 m.
    expect(route.elevationGainMeters).toBe(300);
    expect(route.elevationLossMeters).toBe(100);
    expect(route.highestPointMeters).toBe(402);
    expect(route.lowestPointMeters).toBe(100);
    expect(route.profile).toHaveLength(elevations.length);
    expect(route.suggestedDifficulty).toBe('Easy');

    expect(await storedRoute(trailId)).toEqual({ file: `trailRoutes/${trailId}.gpx`, distance: route.distanceMeters });
    const read = await t.app.inject({ method: 'GET', url: `/api/trails/${trailId}/route` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(route);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/trails' })).json().trails.find((x: { id: string }) => x.id === trailId);
    expect(listed.route).toEqual({
      distanceMeters: route.distanceMeters,
      elevationGainMeters: route.elevationGainMeters,
      elevationLossMeters: 100,
      highestPointMeters: 402,
      lowestPointMeters: 100,
    });
    // The list carries the facts, never the profile.
    expect(listed).not.toHaveProperty('profile');
    expect(listed.route).not.toHaveProperty('profile');
  });

  it('takes a demo route as generated, and a second upload replaces the first', async () => {
    const file = await readFile(join(seedRoutesDir, 'sintra-palaces-loop.gpx'));
    const res = await upload(admin.cookie, trailId, file);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ suggestedDifficulty: 'Moderate' });
    expect(res.json().distanceMeters).toBeGreaterThan(10_000);
    expect(res.json().profile.length).toBeLessThanOrEqual(200);
  });

  it('parses every demo trail’s bundled route, which suggests the trail’s listed difficulty', async () => {
    for (const trail of DEMO_TRAILS) {
      const points = readGpxPoints(await readFile(join(seedRoutesDir, demoRouteFile(trail))), 'file');
      const facts = routeFacts(points)!;
      expect(suggestDifficulty(facts, trail.activity), trail.name).toBe(trail.difficulty);
      expect(facts.distanceMeters / 1000, trail.name).toBeCloseTo(Number.parseFloat(trail.length), 0);
      expect(distanceMeters(points[0]!, trail.trailhead), trail.name).toBeLessThan(1);
    }
  });

  it('answers 404 for an unknown trail, and for the route of a trail without one', async () => {
    expect((await upload(admin.cookie, '00000000-0000-4000-8000-000000000000', gpxTrack([1, 2]))).statusCode).toBe(404);
    const bare = await addTrail('Bare Trail', 'Porto, Portugal');
    expect((await t.app.inject({ method: 'GET', url: `/api/trails/${bare.id}/route` })).statusCode).toBe(404);
  });
});

describe('trailheads and the distance order', () => {
  const setTrailhead = (cookie: string | undefined, id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/trails/${id}/trailhead`, headers: cookie ? { cookie } : {}, payload });

  it('lets an administrator set a trailhead, refuses others, and names a bad coordinate', async () => {
    expect((await setTrailhead(member.cookie, trailId, { latitude: 38.48, longitude: -8.98 })).statusCode).toBe(403);
    const bad = await setTrailhead(admin.cookie, trailId, { latitude: 95, longitude: -8.98 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('latitude');
    expect((await setTrailhead(admin.cookie, trailId, { latitude: 38.48, longitude: -8.98 })).statusCode).toBe(204);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/trails' })).json().trails.find((x: { id: string }) => x.id === trailId);
    expect(listed.trailhead).toEqual({ latitude: 38.48, longitude: -8.98 });
  });

  it('orders by distance from a city, nearest first and trails without a trailhead last, across pages', async () => {
    const places: [string, string, number, number][] = [
      ['Gerês Loop', 'Braga, Portugal', 41.73, -8.16],
      ['Sintra Hills', 'Sintra, Portugal', 38.79, -9.39],
      ['Thames Path', 'London, United Kingdom', 51.48, -0.3],
      ['Monsanto Run', 'Lisbon, Portugal', 38.73, -9.19],
    ];
    for (const [name, location, latitude, longitude] of places) {
      const { id } = await addTrail(name, location);
      await setTrailhead(admin.cookie, id, { latitude, longitude });
    }
    const from = 'Lisbon, Portugal';
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const query: URLSearchParams = new URLSearchParams({ sort: 'distance', from, limit: '2', ...(cursor ? { cursor } : {}) });
      const res = await t.app.inject({ method: 'GET', url: `/api/trails?${query.toString()}` });
      expect(res.statusCode).toBe(200);
      const page: { origin: unknown; trails: { name: string }[]; nextCursor: string | null } = res.json();
      expect(page.origin).toEqual(locationPoint(from));
      names.push(...page.trails.map((x) => x.name));
      cursor = page.nextCursor;
    } while (cursor);
    // Arrábida (38.48, -8.98) is ~32 km from Lisbon, Sintra ~22 km, Monsanto ~4 km.
    expect(names).toEqual(['Monsanto Run', 'Sintra Hills', ARRABIDA_RIDGE.name, 'Gerês Loop', 'Thames Path', 'Bare Trail']);
  });

  it('measures in SQL what packages/shared measures', async () => {
    const lisbon = locationPoint('Lisbon, Portugal')!;
    const rows = await t.database.db
      .select({ latitude: trails.trailheadLatitude, longitude: trails.trailheadLongitude, distance: sql<number>`${distanceOrder(lisbon)}` })
      .from(trails)
      .where(sql`${trails.trailheadLatitude} IS NOT NULL`);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const row of rows) {
      expect(Number(row.distance)).toBeCloseTo(distanceMeters(lisbon, { latitude: row.latitude!, longitude: row.longitude! }), 3);
    }
  });

  it('answers 400 naming `from` for a place outside the city list, a missing one, or one without the distance order', async () => {
    for (const query of ['sort=distance&from=Atlantis%2C%20Portugal', 'sort=distance', 'from=Lisbon%2C%20Portugal']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/trails?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields, query).toHaveProperty('from');
    }
  });
});
