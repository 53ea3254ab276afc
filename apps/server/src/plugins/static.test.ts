import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTrail } from '../trails/trails.js';
import { addTrail as addTrailAs } from '../test/page-fixtures.js';
import { createTestApp, signUp, TEST_ADMIN, type TestApp, type TestUser } from '../test/test-app.js';
import { staticPlugin } from './static.js';

const NOW = new Date('2026-11-18T09:00:00Z');
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="TrailBuddy pairs you with a buddy." />
    <title>TrailBuddy</title>
    <script type="module" crossorigin src="/assets/index-abc123.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

let t: TestApp;
let admin: TestUser;
let root: string;
let web: FastifyInstance;
let trailsAvailable = true;

beforeAll(async () => {
  t = await createTestApp({ TRAIL_TIME_ZONE: 'Europe/Lisbon' }, { now: () => NOW });
  admin = await signUp(t, TEST_ADMIN);
  root = mkdtempSync(join(tmpdir(), 'trailbuddy-test-web-'));
  mkdirSync(join(root, 'assets'));
  mkdirSync(join(root, 'brand'));
  writeFileSync(join(root, 'index.html'), TEMPLATE);
  writeFileSync(join(root, 'assets', 'index-abc123.js'), 'console.log("app");');
  writeFileSync(join(root, 'brand', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The built web app served beside the real trail routes: its trails come from the test app's cache.
  web = Fastify();
  await web.register(staticPlugin, {
    root,
    trailList: () => (trailsAvailable ? t.app.trailList.get(NOW) : Promise.reject(new Error('the database is down'))),
    appUrl: t.env.APP_URL,
    findTrail: (id) => getTrail(t.database.db, id),
    timeZone: 'Europe/Lisbon',
  });
  await web.ready();
});
afterAll(async () => {
  await web.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const addTrail = (name: string, description: string, withImage: boolean) => addTrailAs(t, admin, { name, description, withImage });

const page = (headers: Record<string, string> = {}) => web.inject({ method: 'GET', url: '/', headers });
/** The JSON block's text, as the browser would hand it to JSON.parse. */
const dataBlock = (html: string) => /<script type="application\/json" id="initial-trails">([\s\S]*?)<\/script>/.exec(html)?.[1];

describe('index.html with the home page data', () => {
  it('carries an empty list when there are no trails, and no image preload', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(dataBlock(res.body)!)).toEqual({ trails: [], nextCursor: null });
    expect(res.body).not.toContain('rel="preload"');
  });

  it('inlines exactly what GET /api/trails answers and preloads the first trail image with its srcset', async () => {
    await addTrail('Sintra Palaces Loop', 'Shady forest loop.', true);
    await addTrail('Second Trail', 'No picture.', false);
    await addTrail('Third Trail', 'Below the fold.', true);
    const api = await t.app.inject({ method: 'GET', url: '/api/trails' });
    const res = await page();

    expect(JSON.parse(dataBlock(res.body)!)).toEqual(api.json());
    const first = api.json<{ trails: { image: string }[] }>().trails[0]!.image;
    expect(first).toMatch(/^\/api\/files\/trailImages\//);
    // Only the first two cards load their images at once; the second has none here.
    expect(res.body.match(/<link rel="preload"/g)).toHaveLength(1);
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(res.body)?.[0];
    expect(preload).toContain(`href="${first}"`);
    expect(preload).toContain('fetchpriority="high"');
    expect(preload).toContain(`imagesrcset="${first}?w=480 480w, ${first}?w=800 800w, ${first}?w=1200 1200w"`);
    expect(preload).toContain('imagesizes="(min-width: 768px) 358px, (min-width: 640px) calc(50vw - 26px), calc(100vw - 32px)"');
    // In the head, and the data block in the body: the rest of the page is untouched.
    expect(res.body.indexOf(preload!)).toBeLessThan(res.body.indexOf('</head>'));
    expect(res.body.indexOf('id="initial-trails"')).toBeGreaterThan(res.body.indexOf('<div id="root"></div>'));
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc123.js"></script>');
  });

  it('tells a visitor that nobody is signed in, and says nothing about it when a session cookie comes', async () => {
    const visitor = await page();
    expect(/<script type="application\/json" id="initial-me">null<\/script>/.test(visitor.body)).toBe(true);
    expect(visitor.headers.vary).toBe('accept-encoding, cookie');
    expect(admin.cookie).toContain('better-auth.session_token=');
    const member = await page({ cookie: `theme=dark; ${admin.cookie}` });
    expect(member.body).not.toContain('initial-me');
    expect(dataBlock(member.body)).toBe(dataBlock(visitor.body));
    expect(member.headers.etag).not.toBe(visitor.headers.etag);
  });

  it('escapes trail text so it cannot end the data block or run as a script', async () => {
    const nasty = 'Views </script><script>alert(1)</script> <!-- & "quotes" $& $1 \u2028 end';
    await addTrail('Tricky Trail', nasty, false);
    const res = await page();
    const block = dataBlock(res.body)!;
    expect(block).not.toMatch(/[<>]/);
    expect(res.body).not.toContain('<script>alert(1)</script>');
    const parsed = JSON.parse(block) as { trails: { name: string; description: string }[] };
    expect(parsed.trails.find((trail) => trail.name === 'Tricky Trail')?.description).toBe(nasty);
  });

  it('follows the trail list: a new trail shows in the next page served', async () => {
    const before = await page();
    await addTrail('Newest Trail', 'Just added.', false);
    const after = await page();
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(dataBlock(after.body)).toContain('Newest Trail');
    expect(dataBlock(before.body)).not.toContain('Newest Trail');
  });

  it('serves brotli or gzip as accepted, and 304 for an unchanged page', async () => {
    const plain = await page();
    const br = await page({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gz = await page({ 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const again = await page({ 'if-none-match': String(plain.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves the page for app paths (/admin, /auth?mode=…) and the plain page when trails cannot be had', async () => {
    for (const url of ['/admin', '/auth?mode=resetPassword&oobCode=x', '/index.html']) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(dataBlock(res.body), url).toBeDefined();
    }
    trailsAvailable = false;
    try {
      const res = await page();
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(TEMPLATE.replace('</body>', '<script type="application/json" id="initial-me">null</script></body>'));
    } finally {
      trailsAvailable = true;
    }
  });

  it('gives hashed assets a long immutable cache and other files a day; a missing file or API path is a 404', async () => {
    const asset = await web.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await web.inject({ method: 'GET', url: '/brand/logo.svg' });
    expect(logo.headers['cache-control']).toBe('public, max-age=86400');
    expect((await web.inject({ method: 'GET', url: '/assets/index-old999.js' })).statusCode).toBe(404);
    const api = await web.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'not-found', message: 'No route for GET /api/nothing.' } });
  });
});

/** The head as a robot without JavaScript reads it: the title, and every meta and link tag's attributes. */
function readHead(html: string) {
  const head = { title: '', meta: new Map<string, string>(), links: [] as Record<string, string>[], metaCount: new Map<string, number>() };
  let inTitle = false;
  let inHead = true;
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'title') inTitle = true;
        if (!inHead) return;
        if (name === 'meta') {
          const key = attrs.property ?? attrs.name;
          if (key) {
            head.meta.set(key, attrs.content ?? '');
            head.metaCount.set(key, (head.metaCount.get(key) ?? 0) + 1);
          }
        }
        if (name === 'link') head.links.push(attrs);
      },
      ontext(text) {
        if (inTitle) head.title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'head') inHead = false;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return head;
}

/** A page with the app's generic title and no preview: no Open Graph, Twitter or canonical tag. */
async function unpreviewedPage(url: string, headers: Record<string, string> = {}) {
  const res = await web.inject({ method: 'GET', url, headers });
  expect(res.statusCode, url).toBe(200);
  const head = readHead(res.body);
  expect(head.title, url).toBe('TrailBuddy');
  expect(
    [...head.meta.keys()].filter((key) => /^(og|twitter):/.test(key)),
    url,
  ).toEqual([]);
  expect(
    head.links.filter((link) => link.rel === 'canonical'),
    url,
  ).toEqual([]);
  return { head, body: res.body };
}

describe('addresses the app does not know', () => {
  const TRAIL_ID = '3f1c6a2e-8b5d-4c7e-9a10-2b3c4d5e6f70';
  const MATCH_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

  it('answers every view of the route table, member-only ones, /auth and /admin with 200', async () => {
    const known = [
      '/',
      `/trails/${TRAIL_ID}`,
      `/trails/${TRAIL_ID}?day=sunday`,
      `/trails/${TRAIL_ID}/buddies?day=saturday`,
      `/trails/${TRAIL_ID}/buddies/searches/${MATCH_ID}?day=sunday`,
      '/matches',
      '/matches/upcoming',
      '/matches/partners',
      `/matches/${MATCH_ID}/messages`,
      `/people/${admin.id}`,
      '/me',
      '/me/notifications',
      '/me/account',
      '/notifications',
      `/notifications/${MATCH_ID}`,
      '/agenda/2026-11?day=2026-11-28',
      '/auth?mode=resetPassword&oobCode=x',
      '/admin',
      '/admin/reports',
      '/index.html',
    ];
    for (const url of known) {
      for (const headers of [{}, { cookie: admin.cookie }]) {
        const res = await web.inject({ method: 'GET', url, headers });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      }
    }
  });

  it('answers an address that names no view with 404, and still with the app, which shows its not-found view', async () => {
    for (const url of [
      '/nowhere',
      '/meetups',
      `/trails/${TRAIL_ID}/reviews`,
      '/matches/archived',
      '/me/settings',
      '/agenda/2026-13',
      '/admin/other',
    ]) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<div id="root">');
      expect(dataBlock(res.body), url).toBeDefined();
      // Asked again with its ETag, it is still a 404 with the page, never a 304 that would make a cache keep it.
      const again = await web.inject({ method: 'GET', url, headers: { 'if-none-match': String(res.headers.etag) } });
      expect(again.statusCode, url).toBe(404);
    }
  });
});

describe('link previews and search engines', () => {
  const origin = () => t.env.APP_URL.replace(/\/$/, '');

  it("gives a trail's URL its title, description, Open Graph and Twitter tags and its canonical URL", async () => {
    const trail = await addTrail('Arrábida Ridge', 'Limestone ridge above the sea, with views of Troia.', true);
    expect(trail.image).toMatch(/^\/api\/files\/trailImages\//);
    const res = await web.inject({ method: 'GET', url: `/trails/${trail.id}?day=sunday` });
    expect(res.statusCode).toBe(200);
    const head = readHead(res.body);
    const url = `${origin()}/trails/${trail.id}`;
    const image = `${origin()}${trail.image}?w=1200`;
    const description = 'Sintra, Portugal · 10 km · Moderate. Limestone ridge above the sea, with views of Troia.';
    expect(head.title).toBe('Arrábida Ridge · TrailBuddy');
    expect(Object.fromEntries(head.meta)).toMatchObject({
      description,
      'og:type': 'website',
      'og:site_name': 'TrailBuddy',
      'og:title': 'Arrábida Ridge',
      'og:description': description,
      'og:url': url,
      'og:image': image,
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Arrábida Ridge',
      'twitter:description': description,
      'twitter:image': image,
    });
    // The template's generic description is replaced, not doubled.
    expect(head.metaCount.get('description')).toBe(1);
    expect(head.meta.has('robots')).toBe(false);
    expect(head.links.filter((link) => link.rel === 'canonical')).toEqual([{ rel: 'canonical', href: url }]);
    // The trail's own picture is preloaded at the detail's sizes, and the app still gets its data.
    expect(head.links.find((link) => link.rel === 'preload')).toMatchObject({
      href: trail.image,
      fetchpriority: 'high',
      imagesizes: '(min-width: 768px) 356px, calc(100vw - 32px)',
    });
    expect(dataBlock(res.body)).toContain(trail.id);

    // The image a robot is sent to exists, as a JPEG it can read.
    const picture = await t.app.inject({ method: 'GET', url: `${trail.image}?w=1200` });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
  });

  it('escapes what a trail says, so no tag or attribute can be closed by it', async () => {
    const name = 'Rock & "Roll" <Ridge> $&';
    const trail = await addTrail(name, 'Tom & Jerry\'s <b>loop</b> "quoted".', false);
    const res = await web.inject({ method: 'GET', url: `/trails/${trail.id}` });
    expect(res.body).not.toContain('<Ridge>');
    expect(res.body).not.toContain('<b>loop');
    expect(res.body).toContain('content="Rock &amp; &quot;Roll&quot; &lt;Ridge&gt; $&amp;"');
    const head = readHead(res.body);
    expect(head.title).toBe(`${name} · TrailBuddy`);
    expect(head.meta.get('og:title')).toBe(name);
    expect(head.meta.get('og:description')).toBe('Sintra, Portugal · 10 km · Moderate. Tom & Jerry\'s <b>loop</b> "quoted".');
    // Without a picture the card is the small one, and no image is named.
    expect(head.meta.get('twitter:card')).toBe('summary');
    expect(head.meta.has('og:image')).toBe(false);
  });

  it('previews a trail that has left the list from the database, and an unknown or malformed id gets the plain app', async () => {
    for (const url of ['/trails/00000000-0000-4000-8000-000000000000', '/trails/not-a-uuid', "/trails/1'%20or%201=1"]) {
      const { head, body } = await unpreviewedPage(url);
      expect(head.meta.get('description'), url).toBe('TrailBuddy pairs you with a buddy.');
      expect(head.meta.has('robots'), url).toBe(false);
      expect(dataBlock(body), url).toBeDefined();
    }
    trailsAvailable = false;
    try {
      const listed = await addTrail('Off the List', 'Read from the database.', false);
      const res = await web.inject({ method: 'GET', url: `/trails/${listed.id}` });
      expect(readHead(res.body).meta.get('og:title')).toBe('Off the List');
    } finally {
      trailsAvailable = true;
    }
  });

  it('keeps the home page generic, and never previews a profile or member-only view; those say noindex', async () => {
    const home = readHead((await page()).body);
    expect(home.title).toBe('TrailBuddy');
    expect(home.meta.has('og:title')).toBe(false);
    expect(home.meta.has('robots')).toBe(false);
    for (const url of [`/people/${admin.id}`, '/me', '/matches/upcoming', '/agenda/2026-11']) {
      const { head, body } = await unpreviewedPage(url, { cookie: admin.cookie });
      expect(head.meta.get('robots'), url).toBe('noindex');
      expect(body, url).not.toContain(TEST_ADMIN);
    }
    // Paths that only start like a member-only one are not member-only.
    expect(readHead((await web.inject({ method: 'GET', url: '/meetups' })).body).meta.has('robots')).toBe(false);
  });
});
