// The JavaScript a browser loads for a signed-out page: the home (web-bundle.mjs, catalogue.mjs)
// or a trail's page (web-bundle.mjs).
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.mjs';

/** main.tsx asks for web-vitals in requestIdleCallback with a 5 s timeout: wait past it. */
export const AFTER_IDLE_MS = Number(process.env.BENCH_AFTER_IDLE_MS ?? 6000);

const isScript = (response) =>
  response.request().resourceType() === 'script' ||
  /javascript|ecmascript/.test(response.headers()['content-type'] ?? '') ||
  /\.m?js(\?|$)/.test(new URL(response.url()).pathname);

/**
 * Loads `path` (the home by default) in a fresh Chromium context at phone size, waits for the network to go idle (and for
 * the idle-time chunks the app loads after its first render), and returns every script response
 * with the bytes it took on the wire in the encoding the server chose, its size gzipped at level 9
 * (what the budget counts) and its size uncompressed. Listened to on the context, not the page:
 * a service worker the page registers (its script, and the scripts it downloads ahead) is JS the
 * page makes the browser load too, which the page's own events never show.
 */
export async function homeScripts(cleanup, baseUrl, path = '/') {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  cleanup.add(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();

  const responses = [];
  let loaded = false;
  let workers = 0;
  // A bundle that breaks the app still shows the server's HTML: a page error makes the figure void.
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('load', () => (loaded = true));
  context.on('serviceworker', () => (workers += 1));
  context.on('response', (response) => {
    if (isScript(response)) responses.push({ response, afterLoad: loaded, byWorker: Boolean(response.request().serviceWorker()) });
  });

  const started = performance.now();
  const main = await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
  if (!main?.ok()) throw new Error(`GET ${path} answered ${main?.status()}`);
  const idleAt = performance.now() - started;
  await page.waitForTimeout(AFTER_IDLE_MS);
  await page.waitForLoadState('networkidle');
  // The page really is a signed-out one.
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).waitFor({ timeout: 10_000 });
  if (errors.length > 0) throw new Error(`${path} threw in the browser: ${errors.join('; ')}`);

  const rows = [];
  for (const { response, afterLoad, byWorker } of responses) {
    const body = await response.body();
    const sizes = await response.request().sizes();
    rows.push({
      file: new URL(response.url()).pathname,
      status: response.status(),
      encoding: response.headers()['content-encoding'] ?? 'identity',
      served: sizes.responseBodySize,
      headers: sizes.responseHeadersSize,
      gzip: gzipSync(body, { level: 9 }).length,
      raw: body.length,
      when: byWorker ? 'service worker' : afterLoad ? 'after load' : 'initial',
    });
  }
  await context.close();
  return { rows, idleAt, workers };
}
