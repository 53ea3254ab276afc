import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppAddress } from '@trailbuddy/shared/contracts/app-routes';
import { imageSrcSet, TRAIL_CARD_IMAGE_SIZES, TRAIL_DETAIL_IMAGE_SIZES } from '@trailbuddy/shared/contracts/images';
import {
  PAGE_DATA_BLOCK_IDS,
  type PageDataBlockId,
  type RenderPage,
  type ServerRenderedPage,
  type ServerRenderSettings,
} from '@trailbuddy/shared/contracts/page-data';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { isWeekendDay } from '@trailbuddy/shared/domain/schedule';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { html, jsonScript } from '../html.js';
import { compress, etagMatches, preferredEncoding, strongEtag } from '../compression.js';
import type { TrailList } from '../trails/trail-list-cache.js';
import { applyHead, isMemberOnlyPath, trailHead, trailIdOfPath, type PageHead } from './page-head.js';
import { loadServerEntry } from './server-entry.js';

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
  /** Where the app is reached from outside (APP_URL): link previews and canonical links are absolute. */
  appUrl: string;
  /**
   * A trail that is not in the current list (its session ended), for its page's preview;
   * undefined when there is no such trail or it cannot be read.
   */
  findTrail: (id: string) => Promise<Trail | undefined>;
  /**
   * The web app's server entry, built by `vite build --ssr` (apps/web/dist-server/entry-server.js):
   * with it the home and a listed trail's page carry their HTML (ADR 0023). Without it (not built,
   * or not given) every page goes out as the bare app, which the browser renders alone.
   */
  serverEntry?: string;
  /** The zone the server writes dates in (TRAIL_TIME_ZONE): the one most visitors are in. */
  timeZone: string;
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
 *
 * A trail's own URL (/trails/:id) also carries the trail's title, description, Open Graph and
 * Twitter-card tags and canonical link, for link previews and search engines, which run no
 * JavaScript; member-only views say `noindex` (page-head.ts).
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

  const renderPage = opts.serverEntry ? await loadServerEntry(opts.serverEntry, app.log) : undefined;
  const page = createIndexPage(indexFile, { ...opts, renderPage, log: app.log });
  app.get('/*', { schema: { hide: true }, config: { rateLimit: false } }, async (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/')) {
      return reply.status(404).send({ error: { code: 'not-found', message: `No route for ${req.method} ${path}.` } });
    }
    // A missing asset is a 404, not the app page (a stale tab asking for an old chunk).
    if (/\.[a-z0-9]+$/i.test(path) && path !== '/index.html') {
      return reply.status(404).send({ error: { code: 'not-found', message: 'File not found.' } });
    }
    const search = req.url.slice(path.length);
    const rendered = await page.render(isVisitor(req.headers.cookie), path, search);
    // An address that names no view of the app's route table still gets the app, which shows its
    // not-found view, but as a 404, so that crawlers and link checkers know (ADR 0036). The bare
    // /index.html is the app's shell, which the service worker keeps for offline use.
    const known = path === '/index.html' || isAppAddress(path, search);
    reply
      .status(known ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      // Always revalidated: it names the current assets and carries the current trails.
      .header('cache-control', 'no-cache')
      // Whether it says "nobody is signed in" depends on the cookies.
      .header('vary', 'accept-encoding, cookie')
      .header('etag', rendered.etag);
    if (known && etagMatches(req.headers['if-none-match'], rendered.etag)) return reply.status(304).send();
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

/** Trail pages kept rendered at most; beyond it the oldest is dropped (a crawler walks every trail once). */
const MAX_CACHED_PAGES = 500;

/** Which page a path gets: its head, the trail it is about, and under what name it may be kept. */
interface PageVariant {
  key: string;
  head: PageHead;
  trail?: Trail;
  /** A trail that is not in the list may be deleted without the list changing: its page is not kept. */
  cacheable: boolean;
  /**
   * The URL whose view the server renders into the page (ADR 0023): the home, and a listed trail
   * with its chosen day. Others go out as the bare app.
   */
  renderedHref?: string;
}

async function pageVariant(path: string, search: string, trails: InlinedTrailList | null, opts: StaticPluginOptions): Promise<PageVariant> {
  const trailId = trailIdOfPath(path);
  if (trailId) {
    const listed = trails?.trails.find((trail) => trail.id === trailId);
    // An unknown trail, or one that cannot be read now, still gets the app, which shows its not-found.
    const trail = listed ?? (await opts.findTrail(trailId).catch(() => undefined));
    if (trail) {
      // The chosen day is part of the view (the detail shows that day's date); nothing else in the query is.
      const day = new URLSearchParams(search).get('day');
      const query = day && isWeekendDay(day) ? `?day=${day}` : '';
      return {
        key: `trail:${trail.id}${query}`,
        head: trailHead(trail, opts.appUrl),
        trail,
        cacheable: listed !== undefined,
        // The app finds a trail's detail in the list; one that is not listed it asks for.
        renderedHref: listed ? `/trails/${trail.id}${query}` : undefined,
      };
    }
  }
  if (isMemberOnlyPath(path)) return { key: 'member-only', head: { kind: 'member-only' }, cacheable: true };
  if (path === '/') return { key: 'home', head: { kind: 'generic' }, cacheable: true, renderedHref: '/' };
  return { key: 'generic', head: { kind: 'generic' }, cacheable: true };
}

/**
 * index.html with the home page's data in it, rendered and compressed once per change of the
 * trail list (trails added, deleted or recurring), of the file (the app rebuilt) or of whether
 * the page is for a visitor; a trail's page also once per trail.
 */
function createIndexPage(file: string, opts: StaticPluginOptions & { renderPage: RenderPage | undefined; log: FastifyBaseLogger }) {
  const last = new Map<string, { mtimeMs: number; trailsEtag: string | undefined; page: Promise<RenderedPage> }>();
  let template: { mtimeMs: number; text: Promise<string> } | undefined;

  /** The view rendered on the server; undefined (the bare app) without a server entry or when it fails. */
  async function serverRender(variant: PageVariant, blocks: PageDataBlocks): Promise<ServerRender | undefined> {
    if (!opts.renderPage || !variant.renderedHref) return undefined;
    const href = variant.renderedHref;
    const settings: ServerRenderSettings = { href, locale: SERVER_RENDER_LOCALE, timeZone: opts.timeZone, now: new Date().toISOString() };
    const settingsJson = JSON.stringify(settings);
    try {
      const page = await opts.renderPage({ href, blocks: { ...blocks, [PAGE_DATA_BLOCK_IDS.render]: settingsJson } });
      return page ? { page, settingsJson } : undefined;
    } catch (err) {
      opts.log.error({ err, href }, 'the server render of the page failed; it goes out as the bare app');
      return undefined;
    }
  }

  return {
    async render(visitor: boolean, path: string, search: string): Promise<RenderedPage> {
      // Without the list (the database is down) the page still goes out; the app asks for it.
      const [{ mtimeMs }, trails] = await Promise.all([stat(file), opts.trailList().catch(() => null)]);
      const variant = await pageVariant(path, search, trails, opts);
      const key = `${visitor}:${variant.key}`;
      const cached = last.get(key);
      if (cached && cached.mtimeMs === mtimeMs && cached.trailsEtag === trails?.etag) return cached.page;
      if (template?.mtimeMs !== mtimeMs) template = { mtimeMs, text: readFile(file, 'utf8') };
      const blocks = pageDataBlocks({ trailList: trails, visitor });
      const page = Promise.all([template.text, serverRender(variant, blocks)]).then(([text, rendered]) =>
        renderPage(applyHead(renderIndexHtml(text, { trailList: trails, visitor, trail: variant.trail, rendered }), variant.head)),
      );
      if (!variant.cacheable) return page;
      last.delete(key);
      last.set(key, { mtimeMs, trailsEtag: trails?.etag, page });
      if (last.size > MAX_CACHED_PAGES) last.delete(last.keys().next().value!);
      // A failed render must not stick.
      page.catch(() => {
        last.delete(key);
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

type PageDataBlocks = Partial<Record<PageDataBlockId, string>>;

/** The page's data blocks: the trail list, and for a visitor that nobody is signed in. */
function pageDataBlocks({ trailList, visitor }: { trailList: Pick<InlinedTrailList, 'json'> | null; visitor: boolean }): PageDataBlocks {
  return {
    ...(trailList ? { [PAGE_DATA_BLOCK_IDS.trails]: trailList.json } : {}),
    ...(visitor ? { [PAGE_DATA_BLOCK_IDS.me]: 'null' } : {}),
  };
}

/** The locale the server writes dates in: the app's texts are American English. */
const SERVER_RENDER_LOCALE = 'en-US';

/** A view the server rendered, and the settings (its render block) it rendered with. */
export interface ServerRender {
  page: ServerRenderedPage;
  settingsJson: string;
}

/** The empty element the app renders into; the server's render of the view goes inside. */
const EMPTY_ROOT = /<div id="root"><\/div>/;

/**
 * Adds the home page's data as JSON data blocks (not executed, so the CSP's script-src is
 * untouched): the trail list, and for a visitor that nobody is signed in. Adds preloads of the
 * first trail images, with the srcset the trail card uses, so the browser fetches the largest
 * image of the page while the JavaScript is still on its way. With the server's render of the
 * view (ADR 0023), puts it in #root, and its settings in a block that tells the app to hydrate.
 */
export function renderIndexHtml(
  template: string,
  {
    trailList,
    visitor,
    trail,
    rendered,
  }: {
    trailList: Pick<InlinedTrailList, 'trails' | 'json'> | null;
    visitor: boolean;
    trail?: Pick<Trail, 'image'>;
    rendered?: ServerRender;
  },
): string {
  // A template without the empty root (not the built index.html) gets no server render.
  const hydrated = rendered && EMPTY_ROOT.test(template) ? rendered : undefined;
  const blocks = Object.entries({
    ...pageDataBlocks({ trailList, visitor }),
    ...(hydrated ? { [PAGE_DATA_BLOCK_IDS.render]: hydrated.settingsJson } : {}),
  })
    .map(([id, json]) => jsonScript(id, json))
    .join('');
  // A trail's page shows that trail's picture first, not the home's cards.
  const preloads = trail
    ? trail.image
      ? imagePreload(trail.image, true, TRAIL_DETAIL_IMAGE_SIZES)
      : ''
    : (trailList?.trails ?? [])
        .slice(0, PRELOADED_IMAGES)
        .map((card, index) => (card.image ? imagePreload(card.image, index === 0, TRAIL_CARD_IMAGE_SIZES) : ''))
        .join('');
  // Replacer functions: a `$&` in a trail's text must not be read as a replacement pattern.
  const page = template
    .replace('</head>', () => `${preloads}${hydrated?.page.head ?? ''}</head>`)
    .replace('</body>', () => `${blocks}</body>`);
  return hydrated ? page.replace(EMPTY_ROOT, () => `<div id="root">${hydrated.page.root}</div>`) : page;
}

/** The first image is the page's largest paint: high priority. The second need not compete with the scripts. */
function imagePreload(url: string, largest: boolean, sizes: string): string {
  const srcset = imageSrcSet(url);
  const responsive = srcset ? html` imagesrcset="${srcset}" imagesizes="${sizes}"` : '';
  return html`<link rel="preload" as="image" href="${url}"${responsive}${largest ? html` fetchpriority="high"` : ''}>`.toString();
}
