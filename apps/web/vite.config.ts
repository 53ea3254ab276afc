/// <reference types="node" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webAppManifest } from './src/lib/service-worker-manifest.ts';

/** The server's entry to the app (ADR 0023), built with `vite build --ssr src/entry-server.tsx`. */
export const SERVER_ENTRY = 'src/entry-server.tsx';

/**
 * Library modules that the first render's modules reach only through a package's index, and that
 * only views loaded later run: TanStack Query's mutation hook and its observer (the home reads and
 * never writes; the QueryClient's own mutation cache stays). Left to the chunks of the views that
 * use them: 0.4 KB gzip of the home's budget (ADR 0072).
 */
const LATER_LIBRARY_MODULES = /\/@tanstack\/(react-query|query-core)\/build\/modern\/(useMutation|mutationObserver)\.js$/;

/**
 * The modules the app's first render needs (the static imports of src/main.tsx, less those of the
 * page's entry, boot.ts, which are loaded already) in two chunks rather than in the many small ones
 * the bundler splits them into because lazily loaded views share them: each chunk costs its own
 * compression window, import and export lists and a request (ADR 0036). One chunk of libraries,
 * one of the app's modules that need neither the page's entry nor the icons: a group takes the
 * modules it captures with everything they import, and either would bring too much (the entry's
 * modules would make the page's entry import the group at once; the icon package's index names
 * every icon, also those only lazily loaded views draw). What is left stays where the bundler puts it.
 */
function firstRenderChunks() {
  const libraries = new Set<string>();
  const appModules = new Set<string>();
  const plugin: Plugin = {
    name: 'trailbuddy:first-render-chunks',
    apply: 'build',
    buildEnd() {
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const closure = (start: string) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          importsOf(id).forEach(visit);
        };
        visit(start);
        return seen;
      };
      const ids = [...this.getModuleIds()];
      const main = ids.find((id) => id.endsWith('/src/main.tsx'));
      const boot = ids.find((id) => id.endsWith('/src/boot.ts'));
      if (!main || !boot) return;
      const page = closure(boot);
      const isIcon = (id: string) => id.includes('/node_modules/lucide-react/');
      const isLibrary = (id: string) => id.includes('/node_modules/');
      // Whether a module (or anything it imports) is one of the page's entry or an icon.
      const reaches = new Map<string, boolean>();
      const reachesEntryOrIcons = (id: string): boolean => {
        const known = reaches.get(id);
        if (known !== undefined) return known;
        reaches.set(id, false); // a cycle adds nothing the rest of the walk does not find
        const answer =
          page.has(id) || isIcon(id) || importsOf(id).some((next) => isIcon(next) || (!isLibrary(next) && reachesEntryOrIcons(next)));
        reaches.set(id, answer);
        return answer;
      };
      for (const id of closure(main)) {
        if (page.has(id) || id === main || isIcon(id)) continue;
        if (isLibrary(id)) libraries.add(id);
        else if (!reachesEntryOrIcons(id)) appModules.add(id);
      }
    },
  };
  return {
    plugin,
    groups: [
      { name: 'libraries', test: (id: string) => libraries.has(id) && !LATER_LIBRARY_MODULES.test(id), priority: 2 },
      { name: 'app', test: (id: string) => appModules.has(id), priority: 1 },
    ],
  };
}
const firstRender = firstRenderChunks();

const NAMED_CHUNKS = /^(auth|admin)-route$/;
const namedChunk = (chunk: { name: string }) => (NAMED_CHUNKS.test(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js');

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    !isSsrBuild && firstRender.plugin,
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
    rolldownOptions: isSsrBuild ? {} : { output: { chunkFileNames: namedChunk, codeSplitting: { groups: firstRender.groups } } },
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
