/// <reference types="node" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './src/lib/service-worker-manifest.ts';

/** The server's entry to the app (ADR 0023), built with `vite build --ssr src/entry-server.tsx`. */
export const SERVER_ENTRY = 'src/entry-server.tsx';

const NAMED_CHUNKS = /^(auth|admin)-route$/;
const namedChunk = (chunk: { name: string }) => (NAMED_CHUNKS.test(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js');

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    tailwindcss(),
    // The service worker is our own (src/sw.ts, ADR 0024), built with Workbox's modules and given
    // the list of files to precache; main.tsx registers it once the page is idle. The server's
    // bundle has none.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src',
        filename: 'sw.ts',
        injectRegister: false,
        manifest: webAppManifest,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html}', 'brand/*.{png,svg}'],
          // The sign-in widget and the trail manager need the network anyway: not downloaded ahead.
          globIgnores: ['**/auth-route-*', '**/admin-route-*'],
        },
      }),
  ],
  build: {
    // The server bundle goes beside the web app, not into it: dist/ is served to browsers.
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    emptyOutDir: true,
    // brand/, avatars/ …: the browser's, not the server bundle's.
    copyPublicDir: !isSsrBuild,
    // Every browser the build targets but Safari 16 preloads modules natively; there the app's
    // chunks load one after the other instead. Half a KB of the home page's JS budget (ADR 0023).
    modulePreload: { polyfill: false },
    // Chunks named by their hash alone: every import statement and preload list names them, and
    // the names cost the home page's JS budget more than they help reading the bundle.
    // The sign-in widget's and the trail manager's keep their names: the service worker leaves them
    // out of what it downloads ahead (ADR 0024).
    rolldownOptions: isSsrBuild ? {} : { output: { chunkFileNames: namedChunk } },
  },
  ssr: {
    // The workspace packages are TypeScript sources: bundled. Other dependencies load from
    // node_modules at run time, as the server's own do.
    noExternal: [/^@trailbuddy\//],
  },
  server: {
    // The Fastify server owns /api (REST, Better Auth and the SSE stream); in development the
    // SPA is served by Vite, so forward those calls and keep them same-origin for the cookies.
    proxy: {
      '/api': { target: `http://localhost:${process.env.API_PORT ?? '3000'}` },
    },
  },
}));
