import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { primeFromPage, routeOfHref, serverRenderOfPage } from './app/initial-data';
import { loadServerRenderedView } from './app/main-app';
import { PageRoot } from './app/page-root';
import { createQueryClient } from './app/providers';
import { checkAnswersWith } from './lib/api-client';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The server sends the trail list (and, to a visitor, that nobody is signed in) with the page:
// the first render already shows the cards and the Sign In button (ADR 0007).
const queryClient = createQueryClient();
primeFromPage(queryClient);
// The home and a trail's page come with their HTML rendered by the server (ADR 0023): React
// takes it over rather than rendering it again. Any other page is rendered here alone.
const serverRender = serverRenderOfPage(location.pathname + location.search);
const app = <PageRoot queryClient={queryClient} serverRender={serverRender} />;

const serverRenderedView = serverRender && routeOfHref(serverRender.href);
if (serverRenderedView) {
  // Hydrated once its code is here, or at once if it cannot be loaded (React then loads it again).
  // As a transition: React hydrates in slices of a few milliseconds and gives the main thread back
  // between them (a plain hydrateRoot is one blocking task per Suspense boundary: 50–100 ms each at
  // a phone's CPU, ADR 0063). The server's HTML is on screen meanwhile, and a tap on a part not
  // yet hydrated makes React hydrate that part first (selective hydration).
  void loadServerRenderedView(serverRenderedView)
    .catch(() => undefined)
    .then(() => startTransition(() => void hydrateRoot(root, app)));
}
// As a transition, the first render is done in slices that give the main thread back every few
// milliseconds, rather than as one long task that blocks input (ADR 0007: total blocking time).
else startTransition(() => createRoot(root).render(app));

// In the development server, every API answer is checked against the shared schemas (ADR 0072);
// the production build leaves this out, and the check's module with it.
if (import.meta.env.DEV) void import('./lib/response-check').then((check) => checkAnswersWith(check.checkResponse));

// Web-vitals reporting is loaded lazily (product §7): after the first render, once the browser is idle.
const startWebVitals = () =>
  void import('./lib/web-vitals').then(
    (vitals) => vitals.reportWebVitals(),
    () => undefined, // measurements are optional; a chunk that fails to load must not surface as an error
  );
// The service worker is registered by the app once a person is signed in (ADR 0036).
if ('requestIdleCallback' in window) requestIdleCallback(startWebVitals, { timeout: 5000 });
else setTimeout(startWebVitals, 2000);
