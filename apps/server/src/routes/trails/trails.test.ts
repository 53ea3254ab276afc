import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trails } from '../../db/schema/index.js';
import { multipartFile } from '../../test/multipart.js';
import { createTestApp, signUp, TEST_ADMIN, type TestApp, type TestUser } from '../../test/test-app.js';

// Wednesday 2026-11-18 09:00 UTC: the next Saturday is the 21st, the next Sunday the 22nd.
const NOW = new Date('2026-11-18T09:00:00Z');

let t: TestApp;
let admin: TestUser;
let user: TestUser;
let curatorWrongCase: TestUser;
beforeAll(async () => {
  t = await createTestApp({ TRAIL_TIME_ZONE: 'Europe/Lisbon' }, { now: () => NOW });
  admin = await signUp(t, TEST_ADMIN);
  user = await signUp(t, 'walker@example.com');
  curatorWrongCase = await signUp(t, 'curator@example.com');
});
afterAll(async () => t.close());

const validTrail = () => ({
  name: 'Arrábida Ridge',
  location: 'Setúbal, Portugal',
  length: '12.4 km',
  hours: 4,
  difficulty: 'Moderate',
  activity: 'hiking',
  description: 'Limestone ridge above the sea with views of Troia.',
  linkmap: 'https://www.openstreetmap.org/#map=13/38.48/-8.98',
});

const addTrail = (cookie: string | undefined, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/trails', headers: cookie ? { cookie } : {}, payload });

async function uploadImage(cookie: string, kind: 'image' | 'map', trailName: string) {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#e76f51' } })
    .png()
    .toBuffer();
  const body = multipartFile('file', 'view.png', png, 'image/png');
  return t.app.inject({
    method: 'POST',
    url: `/api/trail-images?kind=${kind}&trailName=${encodeURIComponent(trailName)}`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

describe('trails', () => {
  it('lists nothing on an empty database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/trails' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ trails: [], nextCursor: null });
  });

  it('lets an admin upload a trail image and a map to trailImages/ and mapImages/', async () => {
    const image = await uploadImage(admin.cookie, 'image', 'Arrábida Ridge');
    expect(image.statusCode).toBe(201);
    expect(image.json().key).toMatch(/^trailImages\/arrabida-ridge-\d+-view\.jpg$/);
    const map = await uploadImage(admin.cookie, 'map', 'Arrábida Ridge');
    expect(map.json().key).toMatch(/^mapImages\/arrabida-ridge-/);
    const file = await t.app.inject({ method: 'GET', url: image.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses image uploads from non-admins and visitors', async () => {
    expect((await uploadImage(user.cookie, 'image', 'X')).statusCode).toBe(403);
    expect((await uploadImage(curatorWrongCase.cookie, 'image', 'X')).statusCode).toBe(403);
  });

  it('adds a trail as the coming Saturday 10:00 session, at the end of the list', async () => {
    const image = (await uploadImage(admin.cookie, 'image', 'Arrábida Ridge')).json().key as string;
    const map = (await uploadImage(admin.cookie, 'map', 'Arrábida Ridge')).json().key as string;
    const res = await addTrail(admin.cookie, { ...validTrail(), image, map });
    expect(res.statusCode).toBe(201);
    const trail = res.json();
    expect(trail).toMatchObject({
      name: 'Arrábida Ridge',
      country: 'Portugal',
      weekendDay: 'saturday',
      hours: 4,
      order: 1,
      // 10:00 in Lisbon in November is 10:00 UTC.
      startTime: '2026-11-21T10:00:00.000Z',
      endTime: '2026-11-21T14:00:00.000Z',
      image: `/api/files/${image}`,
      map: `/api/files/${map}`,
    });
    const sunday = await addTrail(admin.cookie, {
      ...validTrail(),
      name: 'Sunday Run',
      activity: 'running',
      weekendDay: 'sunday',
      location: 'Madrid, Spain',
    });
    expect(sunday.json()).toMatchObject({ order: 2, startTime: '2026-11-22T10:00:00.000Z', endTime: '2026-11-22T14:00:00.000Z' });
  });

  it.each([
    ['name', { name: '' }],
    ['location', { location: undefined }],
    ['length', { length: ' ' }],
    ['hours', { hours: 'three' }],
    ['difficulty', { difficulty: 'Extreme' }],
    ['activity', { activity: 'swimming' }],
    ['description', { description: '' }],
    ['linkmap', { linkmap: 'not a url' }],
    // It becomes an href on the trail page: web addresses only.
    ['linkmap', { linkmap: 'javascript:alert(document.cookie)' }],
  ])('refuses a trail without a valid %s, naming it', async (field, change) => {
    const res = await addTrail(admin.cookie, { ...validTrail(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty(field);
  });

  it('refuses a location without a country and an image key that was never uploaded', async () => {
    const noCountry = await addTrail(admin.cookie, { ...validTrail(), location: 'Somewhere' });
    expect(noCountry.json().error.fields.location).toBe('Location must be written as "City, Country".');
    const fakeImage = await addTrail(admin.cookie, { ...validTrail(), image: 'trailImages/never-uploaded.jpg' });
    expect(fakeImage.json().error.fields.image).toBe('The uploaded image was not found; upload it again.');
    const wrongPrefix = await addTrail(admin.cookie, { ...validTrail(), image: 'profilePictures/x/y.jpg' });
    expect(wrongPrefix.statusCode).toBe(400);
    const rows = await t.database.db.select().from(trails);
    expect(rows).toHaveLength(2);
  });

  it('refuses adding to visitors (401), users (403) and a wrongly-cased admin address (403)', async () => {
    expect((await addTrail(undefined, validTrail())).statusCode).toBe(401);
    expect((await addTrail(user.cookie, validTrail())).statusCode).toBe(403);
    expect((await addTrail(curatorWrongCase.cookie, validTrail())).statusCode).toBe(403);
  });

  it('lists trails by order and filters by activity and country', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/trails' })).json().trails;
    expect(all.map((x: { name: string }) => x.name)).toEqual(['Arrábida Ridge', 'Sunday Run']);
    const running = (await t.app.inject({ method: 'GET', url: '/api/trails?activity=running' })).json().trails;
    expect(running.map((x: { name: string }) => x.name)).toEqual(['Sunday Run']);
    const portugal = (await t.app.inject({ method: 'GET', url: '/api/trails?country=portugal' })).json().trails;
    expect(portugal.map((x: { name: string }) => x.name)).toEqual(['Arrábida Ridge']);
    const bad = await t.app.inject({ method: 'GET', url: '/api/trails?activity=swimming' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('activity');
  });

  it('sends the list compressed as the request accepts, with a tag per representation and 304s', async () => {
    const get = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/trails', headers });
    const plain = await get();
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['cache-control']).toBe('no-cache');
    const etag = plain.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);

    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true);
    const gzip = await get({ 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect(new Set([etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);

    const unchanged = await get({ 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);
    expect((await get({ 'accept-encoding': 'br', 'if-none-match': br.headers.etag as string })).statusCode).toBe(304);
    // Another representation's tag, or an old one, gets the whole list.
    expect((await get({ 'accept-encoding': 'br', 'if-none-match': etag })).statusCode).toBe(200);
    expect((await get({ 'if-none-match': '"an-older-list"' })).statusCode).toBe(200);

    // A changed list has a new tag: the browser's copy is no longer current.
    const added = await addTrail(admin.cookie, { ...validTrail(), name: 'Changed List Trail' });
    const changed = await get({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    await t.app.inject({ method: 'DELETE', url: `/api/trails/${added.json().id}`, headers: { cookie: admin.cookie } });
  });

  it('gives the JSON list the headers that protect a JSON body, and pages and other routes the document ones', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/trails' });
    expect(list.headers['x-content-type-options']).toBe('nosniff');
    expect(list.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(list.headers['content-security-policy']).toBeUndefined();
    expect(list.headers['x-frame-options']).toBeUndefined();
    const other = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(other.headers['x-content-type-options']).toBe('nosniff');
  });

  it('parses multipart bodies on the upload routes only', async () => {
    const body = multipartFile('file', 'view.png', Buffer.from('not really'), 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trails',
      headers: { ...body.headers, cookie: admin.cookie },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBeDefined();
  });

  it('returns one trail, 404 for a missing one and 400 for a malformed id', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/trails' })).json().trails;
    const one = await t.app.inject({ method: 'GET', url: `/api/trails/${first.id}` });
    expect(one.json()).toEqual(first);
    expect((await t.app.inject({ method: 'GET', url: '/api/trails/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/trails/not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('id');
  });

  it('lets an admin edit a trail: its details and a new image change, its day and start stay (issue 23)', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/trails' })).json().trails;
    const put = (cookie: string | undefined, payload: object, id = first.id) =>
      t.app.inject({ method: 'PUT', url: `/api/trails/${id}`, headers: cookie ? { cookie } : {}, payload });
    const edit = { ...validTrail(), name: 'Arrábida Coast Ride', activity: 'biking', hours: 5, location: 'Sesimbra, Portugal' };
    expect((await put(undefined, edit)).statusCode).toBe(401);
    expect((await put(user.cookie, edit)).statusCode).toBe(403);
    expect((await put(curatorWrongCase.cookie, edit)).statusCode).toBe(403);
    expect((await put(admin.cookie, edit, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const bad = await put(admin.cookie, { ...edit, linkmap: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('linkmap');
    expect((await t.app.inject({ method: 'GET', url: `/api/trails/${first.id}` })).json()).toEqual(first);

    const image = (await uploadImage(admin.cookie, 'image', 'Arrábida Coast Ride')).json().key as string;
    const res = await put(admin.cookie, { ...edit, image, weekendDay: 'sunday' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: first.id,
      name: 'Arrábida Coast Ride',
      activity: 'biking',
      location: 'Sesimbra, Portugal',
      hours: 5,
      weekendDay: first.weekendDay,
      startTime: first.startTime,
      endTime: new Date(new Date(first.startTime).getTime() + 5 * 3_600_000).toISOString(),
      image: `/api/files/${image}`,
      // No new map: the current one stays.
      map: first.map,
    });
    // The old image goes with the edit; the list shows the edited trail.
    expect((await t.app.inject({ method: 'GET', url: first.image })).statusCode).toBe(404);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/trails' })).json().trails;
    expect(listed.find((trail: { id: string }) => trail.id === first.id).name).toBe('Arrábida Coast Ride');
  });

  it('deletes a trail for admins only, with its files', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/trails' })).json().trails;
    const del = (cookie?: string) => t.app.inject({ method: 'DELETE', url: `/api/trails/${first.id}`, headers: cookie ? { cookie } : {} });
    expect((await del()).statusCode).toBe(401);
    expect((await del(user.cookie)).statusCode).toBe(403);
    expect((await del(admin.cookie)).statusCode).toBe(204);
    expect((await del(admin.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: first.image })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/trails' })).json().trails).toHaveLength(1);
  });

  it('refuses path traversal in file keys', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/files/trailImages/..%2F..%2Fetc%2Fpasswd' });
    expect(res.statusCode).toBe(400);
  });
});
