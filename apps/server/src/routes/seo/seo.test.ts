import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARRABIDA_RIDGE, WEDNESDAY } from '../../test/match-fixtures.js';
import { createTestApp, signUp, TEST_ADMIN, type TestApp, type TestUser } from '../../test/test-app.js';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp({ APP_URL: 'https://trails.example.org/' }, { now: () => WEDNESDAY });
  admin = await signUp(t, TEST_ADMIN);
});
afterAll(() => t.close());

async function addTrail(name: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trails',
    headers: { cookie: admin.cookie },
    payload: { ...ARRABIDA_RIDGE, name },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: string }>().id;
}

interface Sitemap {
  urlset: { url: { loc: string; lastmod?: string } | { loc: string; lastmod?: string }[] };
}
const sitemapUrls = (xml: string) => {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false }).parse(xml) as Sitemap & { urlset: { '@_xmlns': string } };
  expect(parsed.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return [parsed.urlset.url].flat();
};

describe('GET /sitemap.xml', () => {
  it('lists only the home page when there are no trails', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemapUrls(res.body)).toEqual([{ loc: 'https://trails.example.org/' }]);
  });

  it('lists the home page and every trail, with absolute URLs and when each was added', async () => {
    const ids = [await addTrail('First & Best'), await addTrail('Second'), await addTrail('Third')];
    const urls = sitemapUrls((await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body);
    expect(urls.map((url) => url.loc)).toEqual([
      'https://trails.example.org/',
      ...ids.map((id) => `https://trails.example.org/trails/${id}`),
    ]);
    for (const url of urls.slice(1)) expect(new Date(url.lastmod!).toISOString()).toBe(url.lastmod);
  });

  it('drops a deleted trail', async () => {
    const id = await addTrail('Gone Soon');
    const del = await t.app.inject({ method: 'DELETE', url: `/api/trails/${id}`, headers: { cookie: admin.cookie } });
    expect(del.statusCode).toBe(204);
    const body = (await t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body;
    expect(body).not.toContain(id);
  });
});

describe('GET /robots.txt', () => {
  it('allows public pages and trail images, keeps crawlers out of the API and member-only views, and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Allow: /api/files/',
        'Disallow: /api/',
        'Disallow: /people',
        'Disallow: /me',
        'Disallow: /matches',
        'Disallow: /agenda',
        'Disallow: /admin',
        '',
        'Sitemap: https://trails.example.org/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});
