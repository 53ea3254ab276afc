import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { Parser } from 'htmlparser2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.js';
import { getTrail } from '../trails/trails.js';
import { addTrail as addTrailAs } from '../test/page-fixtures.js';
import { createTestApp, signUp, TEST_ADMIN, type TestApp, type TestUser } from '../test/test-app.js';
import { staticPlugin } from './static.js';

// The home and a trail's page as a browser without JavaScript, or a robot, gets them (ADR 0023):
// rendered by the web app's real server entry, built here the way `npm run build` builds it.

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
let dir: string;
const servers: FastifyInstance[] = [];
let web: FastifyInstance;

/** The static plugin over the test app's trails, with this server entry (or none). */
async function webServer(serverEntry: string | undefined): Promise<FastifyInstance> {
  const root = join(dir, 'web');
  const server = Fastify();
  await server.register(staticPlugin, {
    root,
    trailList: () => t.app.trailList.get(NOW),
    appUrl: t.env.APP_URL,
    findTrail: (id) => getTrail(t.database.db, id),
    serverEntry,
    timeZone: 'Europe/Lisbon',
  });
  await server.ready();
  servers.push(server);
  return server;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'trailbuddy-test-ssr-'));
  mkdirSync(join(dir, 'web', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'web', 'index.html'), TEMPLATE);
  const build = spawnSync(
    'npx',
    ['vite', 'build', '--ssr', 'src/entry-server.tsx', '--outDir', join(dir, 'server-entry'), '--logLevel', 'error'],
    {
      cwd: join(repoRoot, 'apps/web'),
      encoding: 'utf8',
    },
  );
  if (build.status !== 0) throw new Error(`vite build --ssr failed:\n${build.stdout}\n${build.stderr}`);
  t = await createTestApp({ TRAIL_TIME_ZONE: 'Europe/Lisbon' }, { now: () => NOW });
  admin = await signUp(t, TEST_ADMIN, 'secret123', 'Ana Admin');
  web = await webServer(join(dir, 'server-entry', 'entry-server.js'));
}, 120_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const addTrail = (name: string, description: string) => addTrailAs(t, admin, { name, description });

/** What a reader without JavaScript sees in #root: its text, and every script element's attributes. */
function readPage(html: string) {
  const page = { rootText: '', scripts: [] as Record<string, string>[], checked: [] as string[], h1: '' };
  let depthInRoot = 0;
  let inH1 = false;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === 'script') page.scripts.push(attrs);
      if (depthInRoot > 0 || attrs.id === 'root') depthInRoot += 1;
      if (depthInRoot > 0 && name === 'h1') inH1 = true;
      // The day's radios: the page has others (who is coming, ADR 0054) with their own defaults.
      if (depthInRoot > 0 && name === 'input' && 'checked' in attrs && attrs.name === 'trail-day') page.checked.push(attrs.value ?? '');
    },
    ontext(text) {
      if (depthInRoot > 0) page.rootText += text;
      if (inH1) page.h1 += text;
    },
    onclosetag(name) {
      if (name === 'h1') inH1 = false;
      if (depthInRoot > 0) depthInRoot -= 1;
    },
  });
  parser.end(html);
  return page;
}

const renderBlock = (html: string) => /<script type="application\/json" id="initial-render">([\s\S]*?)<\/script>/.exec(html)?.[1];

describe('the server renders the first paint of the home and of a trail', () => {
  it('shows the header and the trail cards on the home page, before any JavaScript', async () => {
    await addTrail('Sintra Palaces Loop', 'Shady forest loop past the palaces.');
    await addTrail('Cascais Coastal Run', 'Flat seafront promenade.');
    const res = await web.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    const page = readPage(res.body);
    expect(page.rootText).toContain('Find your trail buddy');
    expect(page.rootText).toContain('Sign In');
    expect(page.rootText).toContain('Sintra Palaces Loop');
    expect(page.rootText).toContain('Cascais Coastal Run');
    // The dates as the trails' own zone reads them, in the app's locale.
    expect(page.rootText).toContain('Saturday, November 21');
    // The times in the product's one clock form, whatever the locale (ADR 0067).
    expect(page.rootText).toContain('10:00–13:00');
    // The app hydrates with the settings the server rendered with.
    expect(JSON.parse(renderBlock(res.body)!)).toEqual({ href: '/', locale: 'en-US', timeZone: 'Europe/Lisbon', now: expect.any(String) });
    // No inline script was added: every script is the app's module or a data block (CSP).
    for (const script of page.scripts) expect(script.src ?? script.type).toMatch(/^(\/assets\/|application\/json$)/);
  });

  it("shows a trail's detail, its description included, and the day the link chose", async () => {
    const trail = await addTrail('Arrábida Ridge', 'Limestone ridge above the sea, with views of Troia & "Setúbal".');
    const res = await web.inject({ method: 'GET', url: `/trails/${trail.id}` });
    const page = readPage(res.body);
    expect(page.h1).toBe('Arrábida Ridge');
    expect(page.rootText).toContain('Limestone ridge above the sea, with views of Troia & "Setúbal".');
    expect(page.rootText).toContain('Find Hiking Buddy');
    expect(page.checked).toEqual(['saturday']);
    const sundayPage = await web.inject({ method: 'GET', url: `/trails/${trail.id}?day=sunday&utm_source=x` });
    const sunday = { ...readPage(sundayPage.body), body: sundayPage.body };
    expect(sunday.checked).toEqual(['sunday']);
    expect(JSON.parse(renderBlock(sunday.body)!)).toMatchObject({ href: `/trails/${trail.id}?day=sunday` });
    expect(sunday.rootText).toContain('Sun, Nov 22');
  });

  it('renders nothing personal for a signed-in person, and caches per visitor flag, path and trail list', async () => {
    const visitor = await web.inject({ method: 'GET', url: '/' });
    const member = await web.inject({ method: 'GET', url: '/', headers: { cookie: admin.cookie } });
    const memberPage = readPage(member.body);
    expect(memberPage.rootText).toContain('Sintra Palaces Loop');
    expect(memberPage.rootText).not.toContain('Ana Admin');
    expect(memberPage.rootText).not.toContain('Sign In');
    expect(member.body).not.toContain(TEST_ADMIN);
    expect(member.headers.etag).not.toBe(visitor.headers.etag);

    const again = await web.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(visitor.headers.etag) } });
    expect(again.statusCode).toBe(304);
    await addTrail('Newest Trail', 'Just added.');
    const after = await web.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(visitor.headers.etag) } });
    expect(after.statusCode).toBe(200);
    expect(readPage(after.body).rootText).toContain('Newest Trail');
  });

  it('leaves every other view to the browser: member-only, unknown and app paths go out as the bare app', async () => {
    for (const url of ['/me', '/matches/upcoming', '/admin', '/trails/00000000-0000-4000-8000-000000000000']) {
      const res = await web.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(renderBlock(res.body), url).toBeUndefined();
    }
  });
});

describe('without a usable server entry, pages go out as the bare app the browser renders', () => {
  it('falls back when the server entry is not built', async () => {
    const bare = await webServer(join(dir, 'not-built', 'entry-server.js'));
    const res = await bare.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(renderBlock(res.body)).toBeUndefined();
    expect(res.body).toContain('Sintra Palaces Loop'); // still in the data block, for the app
  });

  it('falls back, page by page, when the render fails', async () => {
    const failing = join(dir, 'failing-entry.mjs');
    writeFileSync(failing, 'export const renderPage = async () => { throw new Error("render failed"); };\n');
    const res = await (await webServer(failing)).inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(renderBlock(res.body)).toBeUndefined();
  });
});
