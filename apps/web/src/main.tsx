import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);

// Web-vitals reporting is loaded lazily (SPEC §7): after the first render, once the browser is idle.
const startWebVitals = () =>
  void import('./lib/web-vitals').then(
    (vitals) => vitals.reportWebVitals(),
    () => undefined, // measurements are optional; a chunk that fails to load must not surface as an error
  );
if ('requestIdleCallback' in window) requestIdleCallback(startWebVitals, { timeout: 5000 });
else setTimeout(startWebVitals, 2000);
