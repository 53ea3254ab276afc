import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAIL_PAGE_SIZE, type Trail } from '@trailbuddy/shared/contracts/trail';
import { trails } from '../../db/schema/index.js';
import { createTestApp, signUp, TEST_ADMIN, type TestApp, type TestUser } from '../../test/test-app.js';

// Wednesday 2026-11-18 09:00 UTC: the listed sessions are that weekend's.
const NOW = new Date('2026-11-18T09:00:00Z');
const SATURDAY = new Date('2026-11-21T10:00:00Z');

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ TRAIL_TIME_ZONE: 'Europe/Lisbon' }, { now: () => NOW });
  admin = await signUp(t, TEST_ADMIN);
});
afterAll(async () => t.close());

const PLACES = [
  ['Setúbal, Portugal', 'Portugal'],
  ['Sintra, Portugal', 'Portugal'],
  ['Barcelona, Spain', 'Spain'],
  ['Annecy, France', 'France'],
  ['Zermatt, Switzerland', 'Switzerland'],
] as const;
const ACTIVITIES = ['hiking', 'running', 'biking'] as const;
const NAMES = ['Arrábida Ridge', 'Palace Loop', 'Camí de Ronda', 'Lac d’Annecy Lakeside', 'Five Lakes Walk', 'Riverside Run'];

/** `count` trails straight into the table, spread over places, activities and names; some share an order. */
async function insertTrails(count: number, from = 0) {
  const rows = Array.from({ length: count }, (_, k) => {
    const i = from + k;
    const [location, country] = PLACES[i % PLACES.length]!;
    return {
      name: `${NAMES[i % NAMES.length]} ${i}`,
      location,
      country,
      length: '10 km',
      hours: 3,
      difficulty: 'Moderate' as const,
      activity: ACTIVITIES[i % ACTIVITIES.length]!,
      description: `Trail number ${i}.`,
      linkmap: 'https://www.openstreetmap.org/',
      // Pairs of trails share an order and a start: the id decides between them.
      order: Math.floor(i / 2),
      startTime: SATURDAY,
      endTime: new Date(SATURDAY.getTime() + 3 * 3600_000),
      weekendDay: 'saturday' as const,
    };
  });
  await t.database.db.insert(trails).values(rows);
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const names = (list: Trail[]) => list.map((trail) => trail.name);

/** Every page of a query, following nextCursor. */
async function walk(query: string, between?: (page: number) => Promise<void>): Promise<Trail[][]> {
  const pages: Trail[][] = [];
  let cursor: string | null = null;
  do {
    const res = await get(`/api/trails?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { trails: Trail[]; nextCursor: string | null };
    pages.push(body.trails);
    cursor = body.nextCursor;
    await between?.(pages.length);
  } while (cursor);
  return pages;
}

describe('GET /api/trails, page by page', () => {
  let all: Trail[];

  beforeAll(async () => {
    await insertTrails(60);
    all = (await walk('limit=50')).flat();
  });

  it('walks every trail exactly once, in order, while trails are being added', async () => {
    expect(all).toHaveLength(60);
    const added: string[] = [];
    const pages = await walk('limit=7', async (page) => {
      if (page > 3) return;
      // An administrator adds a trail between pages: it goes to the end of the order.
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trails',
        headers: { cookie: admin.cookie },
        payload: {
          name: `Added while walking ${page}`,
          location: 'Porto, Portugal',
          length: '5 km',
          hours: 2,
          difficulty: 'Easy',
          activity: 'running',
          description: 'Added during the walk.',
          linkmap: 'https://www.openstreetmap.org/',
        },
      });
      expect(res.statusCode).toBe(201);
      added.push(res.json().name);
    });
    const seen = pages.flat();
    expect(pages.slice(0, -1).every((page) => page.length === 7)).toBe(true);
    expect(new Set(seen.map((trail) => trail.id)).size).toBe(seen.length);
    expect(names(seen)).toEqual([...names(all), ...added]);
    // The order is total: by order, then start, then id.
    const key = (trail: Trail) => [trail.order, trail.startTime, trail.id].join('|');
    expect(seen.slice(0, 60).map(key)).toEqual(
      [...all].sort((a, b) => a.order - b.order || a.startTime.localeCompare(b.startTime) || a.id.localeCompare(b.id)).map(key),
    );
  });

  it('serves the unfiltered first page from the cache, with the cursor of the second', async () => {
    const first = (await get('/api/trails')).json();
    expect(first.trails).toHaveLength(TRAIL_PAGE_SIZE);
    const wider = (await get(`/api/trails?limit=${TRAIL_PAGE_SIZE + 5}`)).json();
    expect(first.trails).toEqual(wider.trails.slice(0, TRAIL_PAGE_SIZE));
    const second = (await get(`/api/trails?cursor=${encodeURIComponent(first.nextCursor)}&limit=5`)).json();
    expect(second.trails).toEqual(wider.trails.slice(TRAIL_PAGE_SIZE));
  });

  it('combines the activity, country, place and text filters, on every page', async () => {
    const current = (await walk('limit=50')).flat();
    const cases: [string, (trail: Trail) => boolean][] = [
      ['activity=hiking', (x) => x.activity === 'hiking'],
      ['country=portugal', (x) => x.country === 'Portugal'],
      ['activity=biking&country=Spain', (x) => x.activity === 'biking' && x.country === 'Spain'],
      ['location=sintra%2C%20portugal', (x) => x.location === 'Sintra, Portugal'],
      ['activity=running&q=lakes', (x) => x.activity === 'running' && /Five Lakes/.test(x.name)],
      ['country=France&q=annecy', (x) => x.country === 'France'],
    ];
    for (const [query, expected] of cases) {
      const found = (await walk(`${query}&limit=4`)).flat();
      expect(names(found), query).toEqual(names(current.filter(expected)));
      expect(found.length, query).toBeGreaterThan(0);
    }
    expect((await get('/api/trails?activity=biking&location=Nowhere%2C%20Atlantis')).json()).toEqual({ trails: [], nextCursor: null });
  });

  it('finds trails by words of the name or the place, by their beginnings, with or without accents', async () => {
    const search = async (q: string) => names((await walk(`q=${encodeURIComponent(q)}&limit=50`)).flat());
    const current = (await walk('limit=50')).flat();
    const arrabida = names(current.filter((x) => x.name.startsWith('Arrábida')));
    expect(await search('arrabida')).toEqual(arrabida);
    expect(await search('ARRÁB')).toEqual(arrabida);
    expect(await search('Arrábida Ridge')).toEqual(arrabida);
    // By place: "Setúbal", typed without its accent.
    expect(await search('setubal')).toEqual(names(current.filter((x) => x.location === 'Setúbal, Portugal')));
    // Every word must match: a name and a place together.
    expect(await search('palace sintra')).toEqual(
      names(current.filter((x) => x.name.startsWith('Palace') && x.location.startsWith('Sintra'))),
    );
    // An apostrophe splits words: "d" and "annecy", each the start of a word of the name or the place.
    const dAnnecy = (x: Trail) => /(^|[^\p{L}])d/iu.test(`${x.name} ${x.location}`) && /annecy/i.test(`${x.name} ${x.location}`);
    expect(await search('d’Annecy')).toEqual(names(current.filter(dAnnecy)));
    expect(await search('d’Annecy')).toContain('Camí de Ronda 8');
    expect(await search('zzzz')).toEqual([]);
    // Punctuation alone is no search, and reaches the database as nothing it could misread.
    expect(await search(`'&|!():*`)).toEqual(names(current));
  });

  it('answers 400 naming the field for a bad cursor, limit or filter', async () => {
    const forged = (key: unknown) => Buffer.from(JSON.stringify(key)).toString('base64url');
    const badCursors = [
      'not-a-cursor',
      forged({ order: 1 }),
      forged([1, 2, 'not-a-uuid']),
      forged([1.5, 0, '00000000-0000-4000-8000-000000000000']),
      forged([1, 1e300, '00000000-0000-4000-8000-000000000000']),
      forged([2 ** 40, 0, '00000000-0000-4000-8000-000000000000']),
      'x'.repeat(500),
    ];
    for (const cursor of badCursors) {
      const res = await get(`/api/trails?cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.fields, cursor).toHaveProperty('cursor');
    }
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=51', 'limit'],
      ['limit=ten', 'limit'],
      ['activity=swimming', 'activity'],
      [`q=${'a'.repeat(101)}`, 'q'],
      ['country=', 'country'],
    ] as const) {
      const res = await get(`/api/trails?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.fields, query).toHaveProperty(field);
    }
  });

  it('lists the places that have trails, grouped by country, from a cached aggregate', async () => {
    const res = await get('/api/trails/places');
    expect(res.statusCode).toBe(200);
    const current = (await walk('limit=50')).flat();
    expect(res.json().total).toBe(current.length);
    expect(res.json().countries).toEqual([
      { country: 'France', places: ['Annecy, France'] },
      { country: 'Portugal', places: ['Porto, Portugal', 'Setúbal, Portugal', 'Sintra, Portugal'] },
      { country: 'Spain', places: ['Barcelona, Spain'] },
      { country: 'Switzerland', places: ['Zermatt, Switzerland'] },
    ]);
    const etag = res.headers.etag as string;
    expect((await t.app.inject({ method: 'GET', url: '/api/trails/places', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
  });
});
