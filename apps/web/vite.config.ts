/// <reference types="node" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './src/lib/service-worker-manifest.ts';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The service worker is our own (src/sw.ts, ADR 0024), built with Workbox's modules and given
    // the list of files to precache; main.tsx registers it once the page is idle.
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
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    // The Fastify server owns /api (REST, Better Auth and the SSE stream); in development the
    // SPA is served by Vite, so forward those calls and keep them same-origin for the cookies.
    proxy: {
      '/api': { target: `http://localhost:${process.env.API_PORT ?? '3000'}` },
    },
  },
});
