// Lighthouse runs for the page benches (lighthouse.mjs, catalogue.mjs): mobile form factor with
// Lighthouse's default (simulated) throttling, each run in a fresh headless Chromium.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

// TBT ≤ 200 ms: issue 25's budget for the home and a trail's page (ADR 0063).
export const BUDGET = { performance: 98, accessibility: 95, lcpMs: 1500, cls: 0, tbtMs: 200 };
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
export const verdict = (ok) => (ok ? 'within budget' : 'OVER BUDGET');

export async function runLighthouse(cleanup, url) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  let stopped = false;
  const stop = () => {
    if (!stopped) chrome.kill();
    stopped = true;
  };
  cleanup.add(stop);
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Lighthouse's defaults, spelled out: a mid-range phone on slow 4G, simulated.
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
    });
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id];
    const lcpElement = audit('largest-contentful-paint-element')?.details?.items?.[0]?.items?.[0]?.node;
    return {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint').numericValue,
      fcpMs: audit('first-contentful-paint').numericValue,
      cls: audit('cumulative-layout-shift').numericValue,
      tbtMs: audit('total-blocking-time').numericValue,
      speedIndexMs: audit('speed-index').numericValue,
      lcpElement: lcpElement ? `${lcpElement.nodeLabel ?? ''} (${lcpElement.selector ?? ''})` : 'unknown',
      failedA11y: Object.values(lhr.audits)
        .filter(
          (a) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0) && a.score !== null && a.score < 1,
        )
        .map((a) => a.id),
      warnings: lhr.runWarnings,
      version: lhr.lighthouseVersion,
      userAgent: lhr.environment.hostUserAgent,
      throttling: lhr.configSettings.throttling,
    };
  } finally {
    stop();
  }
}

/**
 * One unmeasured load first: the server's first answers (cold caches) are not what is measured.
 * That includes the narrower image copies the page preloads, made on their first request.
 */
export async function warmUp(baseUrl, url) {
  const page = await fetch(url).then((r) => r.text());
  await fetch(`${baseUrl}/api/trails`).then((r) => r.text());
  const preloaded = [...page.matchAll(/<link rel="preload" as="image"[^>]*imagesrcset="([^"]*)"/g)].flatMap((m) =>
    m[1].split(',').map((candidate) => candidate.trim().split(/\s+/)[0].replaceAll('&amp;', '&')),
  );
  for (const image of preloaded) {
    await fetch(new URL(image, url), { headers: { accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' } }).then((r) =>
      r.arrayBuffer(),
    );
  }
}
