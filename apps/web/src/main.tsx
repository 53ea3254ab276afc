import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { primeFromPage } from './app/initial-data';
import { AppProviders, createQueryClient } from './app/providers';
import { AppRouter } from './app/router';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The server sends the trail list (and, to a visitor, that nobody is signed in) with the page:
// the first render already shows the cards and the Sign In button (ADR 0007).
const queryClient = createQueryClient();
primeFromPage(queryClient);

// As a transition, the first render is done in slices that give the main thread back every few
// milliseconds, rather than as one long task that blocks input (ADR 0007: total blocking time).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  ),
);

// Web-vitals reporting is loaded lazily (SPEC §7): after the first render, once the browser is idle.
const startWebVitals = () =>
  void import('./lib/web-vitals').then(
    (vitals) => vitals.reportWebVitals(),
    () => undefined, // measurements are optional; a chunk that fails to load must not surface as an error
  );
// The service worker too (ADR 0024): installing it downloads the app shell, which must not compete with the first paint.
const afterFirstPaint = () => {
  startWebVitals();
  registerServiceWorker();
};
if ('requestIdleCallback' in window) requestIdleCallback(afterFirstPaint, { timeout: 5000 });
else setTimeout(afterFirstPaint, 2000);
