import { absoluteUrl, MEMBER_ONLY_PREFIXES } from '../../plugins/page-head.js';
import { html } from '../../html.js';
import { sitemapTrails } from '../../trails/sitemap.js';
import type { RouteModule } from '../types.js';

/**
 * What crawlers read before the pages: robots.txt and sitemap.xml. Trails are public (product:
 * visitors browse trails); member-only views, the admin and the API are not for crawlers,
 * except the stored images that link previews of trails show.
 */
export function seoRoutesWith({ appUrl }: { appUrl: string }): RouteModule {
  return (app, { db, now }) => {
    app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
      reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(robotsTxt(appUrl)),
    );

    app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
      const trails = await sitemapTrails(db, now());
      const urls = [
        sitemapUrl(absoluteUrl('/', appUrl)),
        ...trails.map((trail) => sitemapUrl(absoluteUrl(`/trails/${trail.id}`, appUrl), trail.createdAt)),
      ];
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
      // Trails come and go with the weekend: an hour is fresh enough for a crawler.
      return reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
    });
  };
}

export function robotsTxt(appUrl: string): string {
  const disallowed = ['/api/', ...MEMBER_ONLY_PREFIXES, '/admin'];
  return [
    'User-agent: *',
    'Allow: /',
    // The longest matching rule wins (RFC 9309): trail images stay fetchable for link previews.
    'Allow: /api/files/',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl('/sitemap.xml', appUrl)}`,
    '',
  ].join('\n');
}

function sitemapUrl(loc: string, lastmod?: Date): string {
  // The sitemap is XML; the html template's escapes are XML's too.
  return html`  <url><loc>${loc}</loc>${lastmod ? html`<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`.toString();
}
