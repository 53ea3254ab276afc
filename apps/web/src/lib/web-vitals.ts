import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';

/**
 * Field measurements of the architecture §7 budgets (LCP above all) from real visits, sent to
 * POST /api/vitals. Loaded lazily after the first render (product §7), so it never delays the page.
 * Metrics are queued and sent in one beacon when the page is hidden, as the web-vitals README
 * recommends: most are final only then, and a beacon survives the page going away.
 */
export const VITALS_ENDPOINT = '/api/vitals';
/** The server takes at most this many metrics per report. */
const MAX_PER_REPORT = 20;
const MAX_PATH_LENGTH = 2048;

export interface ReportedMetric {
  name: Metric['name'];
  value: number;
  rating: Metric['rating'];
  id: string;
  navigationType?: string;
}

// Keyed by metric id: a metric reported again (CLS growing, INP worsening) replaces its earlier value.
const queue = new Map<string, ReportedMetric>();
let started = false;

function enqueue(metric: Metric) {
  queue.set(metric.id, {
    name: metric.name,
    // CLS is a small unitless score; the timings are milliseconds and need no fractions.
    value: metric.name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value),
    rating: metric.rating,
    id: metric.id,
    navigationType: metric.navigationType,
  });
}

function send(body: string) {
  // sendBeacon with a string sends text/plain, which the server reads as JSON; it returns false
  // when the browser refuses to queue it (too large, or no beacon support), then fetch keeps it alive.
  if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(VITALS_ENDPOINT, body)) return;
  void fetch(VITALS_ENDPOINT, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
  }).catch(() => {
    // Measurements are best effort: a lost report is not worth bothering anyone about.
  });
}

/** Sends everything queued so far, in reports the server accepts. */
export function flushWebVitals() {
  if (queue.size === 0) return;
  const metrics = [...queue.values()];
  queue.clear();
  const path = location.pathname.slice(0, MAX_PATH_LENGTH) || '/';
  for (let i = 0; i < metrics.length; i += MAX_PER_REPORT) {
    send(JSON.stringify({ metrics: metrics.slice(i, i + MAX_PER_REPORT), path }));
  }
}

/** Starts measuring and reporting; calling it again does nothing. */
export function reportWebVitals() {
  if (started) return;
  started = true;
  onLCP(enqueue);
  onCLS(enqueue);
  onINP(enqueue);
  onFCP(enqueue);
  onTTFB(enqueue);
  // On window and in the bubbling phase, so web-vitals' own capturing listeners have reported
  // the final LCP and CLS values before the queue is sent.
  addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushWebVitals();
  });
  // Safari does not reliably fire visibilitychange when the page is unloaded.
  addEventListener('pagehide', flushWebVitals);
}
