/** The built worker (vite-plugin-pwa writes src/sw.ts there); absent from `vite dev`. */
const WORKER_URL = '/sw.js';

/**
 * Registers the service worker (ADR 0024) once the page is idle after its first paint, so it
 * takes nothing from the first render, and only for a signed-in person (ADR 0036): what it keeps
 * offline is theirs, and a visitor's phone need not download the app shell it precaches. In the
 * production build only, where the worker exists. A browser without service workers, or one that
 * refuses (a private window), runs the app online as before. Registering again is a no-op.
 */
export function registerServiceWorker(nav: Navigator = navigator): void {
  if (!import.meta.env.PROD || !('serviceWorker' in nav)) return;
  nav.serviceWorker.register(WORKER_URL, { scope: '/' }).catch(() => undefined);
}
