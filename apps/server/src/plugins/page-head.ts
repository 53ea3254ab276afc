import { FILES_URL_PREFIX, IMAGE_VARIANT_WIDTHS } from '@trailbuddy/shared/contracts/images';
import type { Trail } from '@trailbuddy/shared/contracts/trail';
import { html } from '../html.js';

/** The product's name, as link previews show it beside a page's own title. */
export const SITE_NAME = 'TrailBuddy';

/**
 * Paths of views that need sign-in (product: visitors browse trails, nothing else). They are never
 * previewed and never indexed: robots.txt asks crawlers to stay out, and their page says
 * `noindex` for those that arrive by a link anyway.
 */
export const MEMBER_ONLY_PREFIXES = ['/people', '/me', '/matches', '/agenda'] as const;

export function isMemberOnlyPath(path: string): boolean {
  return MEMBER_ONLY_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

const TRAIL_PATH = /^\/trails\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** The trail a trail's own URL names; undefined for any other path, or an id that is no UUID (never sent to the database). */
export function trailIdOfPath(path: string): string | undefined {
  return TRAIL_PATH.exec(path)?.[1]?.toLowerCase();
}

/** What a page says about itself in its head, beyond the app's generic title and description. */
export type PageHead =
  | { kind: 'generic' }
  | { kind: 'member-only' }
  | { kind: 'trail'; title: string; description: string; url: string; image: string | undefined };

/** Link previews cut descriptions around here; a longer one is cut at a word and marked. */
const DESCRIPTION_MAX = 200;

/** The widest stored copy: large previews (summary_large_image) are shown about 1200 px wide. */
const PREVIEW_IMAGE_WIDTH = Math.max(...IMAGE_VARIANT_WIDTHS);

/** A trail's preview: its name, place and description, its picture, and its canonical URL (without the chosen day). */
export function trailHead(trail: Trail, appUrl: string): PageHead {
  return {
    kind: 'trail',
    title: trail.name,
    description: shorten(`${trail.location} · ${trail.length} · ${trail.difficulty}. ${trail.description}`),
    url: absoluteUrl(`/trails/${trail.id}`, appUrl),
    image: trail.image ? absoluteUrl(previewImage(trail.image), appUrl) : undefined,
  };
}

/** A stored image's widest copy (a JPEG for a robot, which sends no Accept for WebP); any other image as it is. */
function previewImage(image: string): string {
  return image.startsWith(FILES_URL_PREFIX) && !image.includes('?') ? `${image}?w=${PREVIEW_IMAGE_WIDTH}` : image;
}

export const absoluteUrl = (path: string, appUrl: string) => new URL(path, appUrl).href;

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_MAX) return flat;
  const cut = flat.slice(0, DESCRIPTION_MAX - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > DESCRIPTION_MAX / 2 ? cut.slice(0, atWord) : cut).replace(/[\s.,;:·-]+$/, '')}…`;
}

/**
 * The page's head for `head`: a trail's page gets its own title and description, Open Graph and
 * Twitter-card tags and a canonical link; a member-only view gets `noindex`; every other page
 * keeps the app's generic title and description.
 */
export function applyHead(page: string, head: PageHead): string {
  if (head.kind === 'generic') return page;
  if (head.kind === 'member-only') return page.replace('</head>', () => '<meta name="robots" content="noindex"></head>');
  const tags = html`<link rel="canonical" href="${head.url}">${[
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.url),
    head.image ? meta('property', 'og:image', head.image) : '',
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    head.image ? meta('name', 'twitter:image', head.image) : '',
  ]}`;
  // Replacer functions: a `$&` in a trail's text must not be read as a replacement pattern.
  return page
    .replace(/<title>[\s\S]*?<\/title>/, () => html`<title>${head.title} · ${SITE_NAME}</title>`.toString())
    .replace(/<meta name="description"[^>]*>/, '')
    .replace('</head>', () => html`${meta('name', 'description', head.description)}${tags}</head>`.toString());
}

const meta = (attribute: 'name' | 'property', key: string, content: string) => html`<meta ${attribute}="${key}" content="${content}">`;
