/**
 * The web app manifest (ADR 0024): what makes TrailBuddy installable, with its name, colours
 * (the page's theme colour) and icons (tools/generate-art.mjs), starting on Home in a window of
 * its own. vite-plugin-pwa writes it as manifest.webmanifest and links it from index.html.
 */
export const webAppManifest = {
  id: '/',
  name: 'TrailBuddy',
  short_name: 'TrailBuddy',
  description: 'TrailBuddy pairs you with a buddy for weekend hiking, running and biking on listed trails.',
  lang: 'en',
  start_url: '/',
  scope: '/',
  display: 'standalone' as const,
  orientation: 'portrait' as const,
  theme_color: '#05603a',
  background_color: '#ffffff',
  categories: ['sports', 'social', 'travel'],
  icons: [
    { src: '/brand/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' as const },
    { src: '/brand/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' as const },
    { src: '/brand/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' as const },
    { src: '/brand/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' as const },
  ],
};
