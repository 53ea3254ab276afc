// Where a page load's main thread goes, before and after a change, side by side in one run
// (ADR 0063). Lighthouse's scores scale the CPU time it observes, so on a loaded machine they move
// with the neighbours' work; main-thread time measured under the same throttling, alternating the
// two builds run by run, is the comparison that holds on a busy machine.
//
// Usage: node bench/main-thread.mjs [<other checkout's root, built>]
//   With a second root (a copy of another commit's build: apps/server/dist, apps/server/src,
//   apps/web/dist, apps/web/dist-server, package.json, node_modules), its server runs beside this
//   one's ("before" and "after"); without one, this checkout's alone. BENCH_RUNS (default 5) page
//   loads per page and build, each in a fresh browser context, CPU slowed 4× as Lighthouse mobile
//   does; medians are printed, with the top functions of the CPU profile of the last run.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { buildStale } from '../scripts/build.mjs';
import { CHROMIUM, CHROMIUM_ARGS } from './support/chromium.mjs';
import { median } from './support/lighthouse.mjs';
import { createCleanup, root, startServer, tempDir, waitForHealth } from './support/server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Lighthouse mobile's CPU slowdown and its long-task threshold. */
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
/** How long after the network is quiet the page is still watched (the app loads after `load`). */
const SETTLE_MS = 2500;
const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
  'loading',
].join(',');

const load = () => loadavg()[0].toFixed(2);

/** One page load: its main-thread tasks from the trace and its CPU profile. */
async function loadOnce(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const traceDone = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
    await cdp.send('Profiler.start');
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(SETTLE_MS);
    const { profile } = await cdp.send('Profiler.stop');
    await cdp.send('Tracing.end');
    await traceDone;
    if (errors.length) throw new Error(`page error on ${url}: ${errors.join(' | ')}`);
    return { ...summarizeTrace(events), profile };
  } finally {
    await context.close();
  }
}

/** Main-thread figures of the renderer that loaded the page. */
function summarizeTrace(events) {
  const mainThreads = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('the trace has no first contentful paint');
  const main = mainThreads.find((t) => t.pid === fcp.pid) ?? mainThreads[0];
  const onMain = (e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X';
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === fcp.pid) ?? fcp;
  // Top-level tasks only: Chromium nests one task event in another (RunTask in its controller's).
  const tasks = [];
  for (const e of events
    .filter((e) => onMain(e) && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.ts >= nav.ts)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur)) {
    const last = tasks.at(-1);
    if (!last || e.ts >= last.ts + last.dur) tasks.push(e);
  }
  const ms = (us) => us / 1000;
  const afterFcp = tasks.filter((t) => t.ts >= fcp.ts);
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate' && e.pid === fcp.pid).at(-1);
  const sumOf = (names) =>
    ms(events.filter((e) => onMain(e) && names.includes(e.name) && e.ts >= nav.ts).reduce((s, e) => s + (e.dur ?? 0), 0));
  if (process.env.BENCH_DEBUG)
    for (const t of tasks.filter((t) => t.dur > LONG_TASK_MS * 1000)) {
      const inner = events
        .filter((e) => onMain(e) && e !== t && e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur && (e.dur ?? 0) > 5000)
        .map((e) => `${e.name}${e.args?.data?.url ? `(${e.args.data.url.replace(/^.*\//, '')})` : ''} ${ms(e.dur).toFixed(0)}`);
      console.log(`    long task at ${ms(t.ts - nav.ts).toFixed(0)} ms: ${ms(t.dur).toFixed(0)} ms: ${inner.slice(0, 8).join(', ')}`);
    }
  return {
    longTaskSpans: tasks.filter((t) => t.dur > LONG_TASK_MS * 1000).map((t) => ({ ts: t.ts, dur: t.dur, fromNavMs: ms(t.ts - nav.ts) })),
    mainMs: ms(tasks.reduce((s, t) => s + t.dur, 0)),
    tbtMs: ms(afterFcp.reduce((s, t) => s + Math.max(0, t.dur - LONG_TASK_MS * 1000), 0)),
    longestMs: ms(Math.max(0, ...tasks.map((t) => t.dur))),
    longTasks: tasks.filter((t) => t.dur > LONG_TASK_MS * 1000).length,
    fcpMs: ms(fcp.ts - nav.ts),
    lcpMs: lcp ? ms(lcp.ts - nav.ts) : NaN,
    scriptMs: sumOf([
      'EvaluateScript',
      'v8.evaluateModule',
      'FunctionCall',
      'TimerFire',
      'FireAnimationFrame',
      'FireIdleCallback',
      'RunMicrotasks',
    ]),
    styleLayoutMs: sumOf(['UpdateLayoutTree', 'Layout']),
    paintMs: sumOf(['Paint', 'PrePaint', 'Layerize', 'Commit']),
    parseMs: sumOf(['ParseHTML', 'ParseAuthorStyleSheet']),
    decodeMs: ms(
      events
        .filter((e) => (e.name === 'Decode Image' || e.name === 'ImageDecodeTask') && e.ph === 'X')
        .reduce((s, e) => s + (e.dur ?? 0), 0),
    ),
  };
}

/** Self time of the profile's functions, largest first. */
function topFunctions(profile, count) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const deltas = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]);
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? url.replace(/^.*\//, '') : '';
    const key = `${functionName || '(anonymous)'} ${file}${file ? `:${lineNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, count);
}

const FIGURES = [
  ['mainMs', 'main thread'],
  ['tbtMs', 'blocking (tasks > 50 ms, after FCP)'],
  ['longestMs', 'longest task'],
  ['longTasks', 'long tasks'],
  ['scriptMs', '  script'],
  ['styleLayoutMs', '  style + layout'],
  ['paintMs', '  paint'],
  ['parseMs', '  HTML/CSS parse'],
  ['decodeMs', 'image decode (any thread)'],
  ['fcpMs', 'FCP (loopback, no network throttling)'],
  ['lcpMs', 'LCP (loopback, no network throttling)'],
];

const cleanup = createCleanup({ timeLimitMs: 20 * 60_000 });
try {
  await buildStale();
  const otherRoot = process.argv[2] ? resolve(process.argv[2]) : undefined;
  const builds = [['after', root]];
  if (otherRoot) builds.unshift(['before', otherRoot]);
  const servers = [];
  for (const [name, cwd] of builds) {
    const server = await startServer(cleanup, { dataDir: tempDir(cleanup, 'trailbuddy-bench-mt-'), cwd });
    await waitForHealth(server);
    servers.push({ name, server });
  }
  // Each server seeded its own data dir: the trail page of each one's first trail.
  for (const entry of servers) {
    const { trails } = await fetch(`${entry.server.baseUrl}/api/trails`).then((r) => r.json());
    if (!trails[0]) throw new Error('the demo seed listed no trail');
    entry.paths = { home: '/', trail: `/trails/${trails[0].id}` };
  }
  const pages = ['home', 'trail'];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  cleanup.add(() => browser.close());
  const loadBefore = load();
  const results = {};
  for (const page of pages) {
    // A warm-up load per build (the server renders and compresses each page once per list change).
    for (const { server, paths } of servers) await loadOnce(browser, server.baseUrl + paths[page]);
    for (let i = 0; i < RUNS; i++) {
      // Alternating the builds run by run, so that the machine's load falls on both alike.
      for (const { name, server, paths } of servers) {
        const run = await loadOnce(browser, server.baseUrl + paths[page]);
        ((results[page] ??= {})[name] ??= []).push(run);
      }
    }
  }
  console.log(
    `Main thread of a page load, Chromium CPU ×${CPU_SLOWDOWN}, mobile viewport, median of ${RUNS} (load average ${loadBefore} before, ${load()} after; 2 cores)`,
  );
  // BENCH_DUMP=<file>: the last run of each page and build (its CPU profile and long tasks), to
  // map the profile's positions to the sources with a build's source maps.
  if (process.env.BENCH_DUMP)
    writeFileSync(
      process.env.BENCH_DUMP,
      JSON.stringify(
        Object.fromEntries(pages.map((page) => [page, Object.fromEntries(servers.map(({ name }) => [name, results[page][name].at(-1)]))])),
      ),
    );
  for (const page of pages) {
    console.log(`\n${page}`.padEnd(48) + servers.map(({ name }) => name.padStart(12)).join(''));
    for (const [key, label] of FIGURES) {
      const values = servers.map(({ name }) => median(results[page][name].map((r) => r[key])));
      const unit = key === 'longTasks' ? '' : ' ms';
      console.log(`  ${label}`.padEnd(46) + values.map((v) => `${v.toFixed(0)}${unit}`.padStart(12)).join(''));
    }
    for (const { name } of servers) {
      console.log(
        `  ${name}, each run: main thread ${results[page][name].map((r) => r.mainMs.toFixed(0)).join(', ')} ms; blocking ${results[page][name].map((r) => r.tbtMs.toFixed(0)).join(', ')} ms; LCP ${results[page][name].map((r) => r.lcpMs.toFixed(0)).join(', ')} ms`,
      );
      console.log(`  ${name}, top functions by self time (last run):`);
      for (const [fn, t] of topFunctions(results[page][name].at(-1).profile, 12)) console.log(`    ${t.toFixed(1).padStart(7)} ms  ${fn}`);
    }
  }
} finally {
  await cleanup.run();
}
