/// <reference types="node" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The server's entry to the app (ADR 0023), built with `vite build --ssr src/entry-server.tsx`. */
export const SERVER_ENTRY = 'src/entry-server.tsx';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
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
    rolldownOptions: isSsrBuild ? {} : { output: { chunkFileNames: 'assets/[hash].js' } },
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
