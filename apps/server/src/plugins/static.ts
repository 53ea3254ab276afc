import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { imageSrcSet, TRAIL_CARD_IMAGE_SIZES } from '@trailbuddy/shared/contracts/images';
import { PAGE_DATA_BLOCK_IDS } from '@trailbuddy/shared/contracts/page-data';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { compress, etagMatches, preferredEncoding, strongEtag } from '../services/compression.js';
import type { TrailList } from '../services/trail-list-cache.js';

/** What the page needs of the trail list: the trails (for the image preloads) and their JSON. */
export type InlinedTrailList = Pick<TrailList, 'trails' | 'json' | 'etag'>;

export interface StaticPluginOptions {
  /** The built web app (apps/web/dist). */
  root: string;
  /**
   * The public trail list from the same cache GET /api/trails answers from, so the page
   * carries exactly what the route would send without asking the route for it.
   */
  trailList: () => Promise<InlinedTrailList>;
}

/**
 * Serves the built web app: hashed assets with a long cache, and index.html for every other
 * non-API path, since the SPA routes in the browser (/admin, /auth, /...).
 *
 * index.html goes out with the home page's data in it (ADR 0007): the trail list that GET
 * /api/trails would return and, for a visitor, that nobody is signed in, as JSON data blocks
 * the app reads instead of asking; and preloads of the first trail images. The largest paint
 * of the home page then no longer waits for the JavaScript and then the API before its image
 * can start loading, and nothing the first render needs is asked for after the scripts run.
 */
async function serveWebApp(app: FastifyInstance, opts: StaticPluginOptions) {
  const indexFile = join(opts.root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root: opts.root }, 'the web app is not built; run `npm run build` (npm start does it for you)');
    return;
  }
  const hashedAssets = join(opts.root, 'assets');
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    // index.html is rendered below, never sent as the bare file.
    index: false,
    globIgnore: ['index.html', 'index.html.br', 'index.html.gz'],
    // The build writes .br and .gz beside each asset (scripts/build.mjs).
    preCompressed: true,
    setHeaders: (reply, path) => {
      // Hashed names never change content; the rest (brand, avatars) may, so a day is enough.
      const immutable = path.startsWith(hashedAssets);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=86400');
    },
  });

  const page = createIndexPage(indexFile, opts.trailList);
  app.get('/*', { schema: { hide: true }, config: { rateLimit: false } }, async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/')) {
      return reply.status(404).send({ error: { code: 'not-found', message: `No route for ${req.method} ${path}.` } });
    }
    // A missing asset is a 404, not the app page (a stale tab asking for an old chunk).
    if (/\.[a-z0-9]+$/i.test(path) && path !== '/index.html') {
      return reply.status(404).send({ error: { code: 'not-found', message: 'File not found.' } });
    }
    const rendered = await page.render(isVisitor(req.headers.cookie));
    reply
      .header('content-type', 'text/html; charset=utf-8')
      // Always revalidated: it names the current assets and carries the current trails.
      .header('cache-control', 'no-cache')
      // Whether it says "nobody is signed in" depends on the cookies.
      .header('vary', 'accept-encoding, cookie')
      .header('etag', rendered.etag);
    if (etagMatches(req.headers['if-none-match'], rendered.etag)) return reply.status(304).send();
    const encoding = preferredEncoding(req.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(rendered[encoding]);
  });
}

// No plugin dependency: the page's trail list comes from the app's routes (or `trailsJson`).
export const staticPlugin = fp(serveWebApp, { name: 'static', fastify: '5.x' });

/**
 * A request without Better Auth's session cookie certainly comes from a visitor, so the page can
 * say so and the app need not ask GET /api/me before showing Sign In. With the cookie the session
 * may still have expired; the app asks as usual.
 */
export function isVisitor(cookieHeader: string | undefined): boolean {
  return !/(?:^|;)\s*(?:__Secure-)?better-auth\.session_token=/.test(cookieHeader ?? '');
}

interface RenderedPage {
  html: string;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/**
 * index.html with the home page's data in it, rendered and compressed once per change of the
 * trail list (trails added, deleted or recurring), of the file (the app rebuilt) or of whether
 * the page is for a visitor.
 */
function createIndexPage(file: string, trailList: () => Promise<InlinedTrailList>) {
  const last = new Map<boolean, { mtimeMs: number; trailsEtag: string | undefined; page: Promise<RenderedPage> }>();
  let template: { mtimeMs: number; text: Promise<string> } | undefined;

  return {
    async render(visitor: boolean): Promise<RenderedPage> {
      // Without the list (the database is down) the page still goes out; the app asks for it.
      const [{ mtimeMs }, trails] = await Promise.all([stat(file), trailList().catch(() => null)]);
      const cached = last.get(visitor);
      if (cached && cached.mtimeMs === mtimeMs && cached.trailsEtag === trails?.etag) return cached.page;
      if (template?.mtimeMs !== mtimeMs) template = { mtimeMs, text: readFile(file, 'utf8') };
      const page = template.text.then((text) => renderPage(renderIndexHtml(text, { trailList: trails, visitor })));
      last.set(visitor, { mtimeMs, trailsEtag: trails?.etag, page });
      // A failed render must not stick.
      page.catch(() => {
        last.delete(visitor);
        template = undefined;
      });
      return page;
    },
  };
}

async function renderPage(html: string): Promise<RenderedPage> {
  const identity = Buffer.from(html, 'utf8');
  const [br, gz] = await Promise.all([compress(identity, 'br'), compress(identity, 'gzip')]);
  return { html, identity, br, gzip: gz, etag: strongEtag(identity) };
}

/** The trail cards that the home page loads at once (TrailList's eager images): their images are preloaded. */
const PRELOADED_IMAGES = 2;

/**
 * Adds the home page's data as JSON data blocks (not executed, so the CSP's script-src is
 * untouched): the trail list, and for a visitor that nobody is signed in. Adds preloads of the
 * first trail images, with the srcset the trail card uses, so the browser fetches the largest
 * image of the page while the JavaScript is still on its way.
 */
export function renderIndexHtml(
  template: string,
  { trailList, visitor }: { trailList: Pick<InlinedTrailList, 'trails' | 'json'> | null; visitor: boolean },
): string {
  const blocks = [
    trailList ? dataBlock(PAGE_DATA_BLOCK_IDS.trails, trailList.json) : '',
    visitor ? dataBlock(PAGE_DATA_BLOCK_IDS.me, 'null') : '',
  ].join('');
  const preloads = (trailList?.trails ?? [])
    .slice(0, PRELOADED_IMAGES)
    .map((trail, index) => (trail.image ? imagePreload(trail.image, index === 0) : ''))
    .join('');
  // Replacer functions: a `$&` in a trail's text must not be read as a replacement pattern.
  return template.replace('</head>', () => `${preloads}</head>`).replace('</body>', () => `${blocks}</body>`);
}

const dataBlock = (id: string, json: string) => `<script type="application/json" id="${id}">${escapeJsonForScript(json)}</script>`;

/** The first image is the page's largest paint: high priority. The second need not compete with the scripts. */
function imagePreload(url: string, largest: boolean): string {
  const srcset = imageSrcSet(url);
  const responsive = srcset ? ` imagesrcset="${escapeAttribute(srcset)}" imagesizes="${escapeAttribute(TRAIL_CARD_IMAGE_SIZES)}"` : '';
  return `<link rel="preload" as="image" href="${escapeAttribute(url)}"${responsive}${largest ? ' fetchpriority="high"' : ''}>`;
}

/**
 * JSON is safe inside a <script> element once nothing in it can close the element or open a
 * comment: `<`, `>` and `&` become JSON escapes, which JSON.parse reads back as the same text.
 * U+2028 and U+2029 are escaped too, for any reader that treats the block as JavaScript.
 */
export function escapeJsonForScript(json: string): string {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
