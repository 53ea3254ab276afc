import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartFile } from '../test/multipart.js';
import { createTestApp, signUp, TEST_ADMIN, type TestApp, type TestUser } from '../test/test-app.js';
import { staticPlugin } from './static.js';

const NOW = new Date('2026-11-18T09:00:00Z');
const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
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
  });
  await web.ready();
});
afterAll(async () => {
  await web.close();
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

async function addTrail(name: string, description: string, withImage: boolean) {
  let image: string | undefined;
  if (withImage) {
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer();
    const body = multipartFile('file', 'view.png', png, 'image/png');
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/trail-images?kind=image&trailName=${encodeURIComponent(name)}`,
      headers: { ...body.headers, cookie: admin.cookie },
      payload: body.payload,
    });
    image = upload.json<{ key: string }>().key;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trails',
    headers: { cookie: admin.cookie },
    payload: {
      name,
      location: 'Sintra, Portugal',
      length: '10 km',
      hours: 3,
      difficulty: 'Moderate',
      activity: 'hiking',
      description,
      linkmap: 'https://www.openstreetmap.org/',
      image,
    },
  });
  expect(res.statusCode).toBe(201);
}

const page = (headers: Record<string, string> = {}) => web.inject({ method: 'GET', url: '/', headers });
/** The JSON block's text, as the browser would hand it to JSON.parse. */
const dataBlock = (html: string) => /<script type="application\/json" id="initial-trails">([\s\S]*?)<\/script>/.exec(html)?.[1];

describe('index.html with the home page data', () => {
  it('carries an empty list when there are no trails, and no image preload', async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(dataBlock(res.body)!)).toEqual({ trails: [] });
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
