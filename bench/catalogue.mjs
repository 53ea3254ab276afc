// The home page as the catalogue grows, against architecture §7's budget: with 5,000 trails
// (the first argument, default 5000) the home page's HTML and JS stay within 10% of their size
// with the 14 demo trails, LCP stays within the Lighthouse budget, and GET /api/trails (the first
// page) keeps its throughput budget (≥ 70% of a bare route returning the same bytes). For each
// catalogue: the built server on a fresh data dir, seeded; for the large one, copies of the demo
// trails added straight into its embedded PostgreSQL (after the last, as an administrator adds
// them) and the server started again on that data, so nothing it keeps reflects the small one.
// Then: the bytes of `/` (as sent, and gzip -9), the JS the page loads (support/home-scripts.mjs,
// gzip -9), Lighthouse's median LCP of BENCH_RUNS runs (support/lighthouse.mjs), and the first
// page's throughput beside a bare route (support/throughput.mjs).
import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { buildStale } from '../scripts/build.mjs';
import { homeScripts } from './support/home-scripts.mjs';
import { BUDGET as LIGHTHOUSE_BUDGET, median, runLighthouse, verdict, warmUp } from './support/lighthouse.mjs';
import { createCleanup, startServer, stopServer, tempDir, waitForHealth } from './support/server.mjs';
import { BUDGET_RATIO, compareWithBare } from './support/throughput.mjs';

const LARGE = Number(process.argv[2] ?? process.env.BENCH_TRAILS ?? 5000);
if (!Number.isInteger(LARGE) || LARGE < 100) throw new Error(`the trail count must be an integer ≥ 100, not ${process.argv[2]}`);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
/** How much the home page's HTML and JS may grow with the catalogue. */
const GROWTH_BUDGET = 0.1;

/** Copies of the seeded trails until there are `total`, each after the last in the admins' order. */
async function growCatalogue(databaseUrl, total) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query('SELECT count(*)::int AS n, max("order")::int AS last FROM trails');
    const { n, last } = rows[0];
    await client.query(
      `INSERT INTO trails (name, location, country, length, hours, difficulty, activity, description, linkmap, image, map,
                           start_time, end_time, weekend_day, "order", created_by)
       SELECT t.name || ' ' || g, t.location, t.country, t.length, t.hours, t.difficulty, t.activity, t.description, t.linkmap,
              t.image, t.map, t.start_time, t.end_time, t.weekend_day, $2::int + g, t.created_by
       FROM generate_series(1, $1::int) g
       JOIN (SELECT *, row_number() OVER (ORDER BY "order", id) - 1 AS i FROM trails) t ON t.i = g % $3::int`,
      [total - n, last, n],
    );
    await client.query('VACUUM ANALYZE trails');
  } finally {
    await client.end();
  }
}

async function measure(cleanup, trails) {
  const work = tempDir(cleanup, 'trailbuddy-bench-catalogue-');
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);
  let server = await startServer(cleanup, { dataDir });
  await waitForHealth(server);
  if (trails !== undefined) {
    await growCatalogue(server.databaseUrl, trails);
    await stopServer(server);
    server = await startServer(cleanup, { dataDir });
    await waitForHealth(server);
  }
  const url = `${server.baseUrl}/`;
  const places = await (await fetch(`${server.baseUrl}/api/trails/places`)).json();
  const firstPage = await (await fetch(`${server.baseUrl}/api/trails`)).json();
  // The page as a visitor's browser gets it (no cookie); fetch decodes, so the bytes are counted here.
  const html = Buffer.from(await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
  const { rows: scripts } = await homeScripts(cleanup, server.baseUrl);
  await warmUp(server.baseUrl, url);
  const lighthouse = [];
  for (let i = 0; i < RUNS; i++) lighthouse.push(await runLighthouse(cleanup, url));
  const throughput = await compareWithBare(cleanup, work, `${server.baseUrl}/api/trails`);
  await stopServer(server);
  return {
    trails: places.total,
    inlined: firstPage.trails.length,
    htmlRaw: html.length,
    htmlGzip: gzipSync(html, { level: 9 }).length,
    jsGzip: scripts.reduce((sum, s) => sum + s.gzip, 0),
    jsCount: scripts.length,
    lcpMs: median(lighthouse.map((r) => r.lcpMs)),
    lcpRuns: lighthouse.map((r) => r.lcpMs),
    performance: median(lighthouse.map((r) => r.performance)),
    throughput,
  };
}

const cleanup = createCleanup({ timeLimitMs: 10 * 60_000 + RUNS * 4 * 60_000 });
try {
  await buildStale();
  const loadBefore = loadavg();
  const small = await measure(cleanup, undefined);
  const large = await measure(cleanup, LARGE);
  const loadAfter = loadavg();

  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  const growth = (key) => large[key] / small[key] - 1;
  const pct = (r) => `${r >= 0 ? '+' : ''}${(r * 100).toFixed(1)}%`;
  const within = (r) => verdict(r <= GROWTH_BUDGET);
  const col = (s) => String(s).padStart(16);
  const row = (label, a, b, judged = '') => console.log(`  ${label.padEnd(34)}${col(a)}${col(b)}  ${judged}`);
  console.log(`The home page with ${LARGE.toLocaleString('en-US')} trails beside the demo's (architecture §7; 1 KB = 1024 B)`);
  console.log(
    `  machine: ${availableParallelism()} CPUs, load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(2)).join(' ')} after`,
  );
  row('', `${small.trails} trails`, `${large.trails.toLocaleString('en-US')} trails`);
  row('trails inlined in the page', small.inlined, large.inlined);
  row('home HTML, as sent (identity)', kb(small.htmlRaw), kb(large.htmlRaw), `${pct(growth('htmlRaw'))}  ${within(growth('htmlRaw'))}`);
  row('home HTML, gzip -9', kb(small.htmlGzip), kb(large.htmlGzip), `${pct(growth('htmlGzip'))}  ${within(growth('htmlGzip'))}`);
  row(
    'home JS, gzip -9',
    `${kb(small.jsGzip)} (${small.jsCount})`,
    `${kb(large.jsGzip)} (${large.jsCount})`,
    `${pct(growth('jsGzip'))}  ${within(growth('jsGzip'))}`,
  );
  const lcp = (r) => `${(r.lcpMs / 1000).toFixed(2)} s`;
  row(
    `LCP, median of ${RUNS} (≤ ${(LIGHTHOUSE_BUDGET.lcpMs / 1000).toFixed(1)} s)`,
    lcp(small),
    lcp(large),
    verdict(small.lcpMs <= LIGHTHOUSE_BUDGET.lcpMs && large.lcpMs <= LIGHTHOUSE_BUDGET.lcpMs),
  );
  console.log(
    `    runs: ${small.lcpRuns.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s | ${large.lcpRuns.map((ms) => (ms / 1000).toFixed(2)).join(', ')} s; performance ${small.performance} | ${large.performance}`,
  );
  const ratio = (r) => `${Math.round(r.throughput.median * 100)}%`;
  row(
    `GET /api/trails first page / bare (≥ ${BUDGET_RATIO * 100}%)`,
    ratio(small),
    ratio(large),
    verdict(small.throughput.median >= BUDGET_RATIO && large.throughput.median >= BUDGET_RATIO),
  );
  const rps = (r) => `${Math.round(r.throughput.real.rps).toLocaleString('en-US')} req/s`;
  row('  the server', rps(small), rps(large));
  console.log(
    `    rounds: ${small.throughput.roundRatios.map((r) => `${Math.round(r * 100)}%`).join(' ')} | ${large.throughput.roundRatios.map((r) => `${Math.round(r * 100)}%`).join(' ')}; ${small.throughput.body.length.toLocaleString('en-US')} B | ${large.throughput.body.length.toLocaleString('en-US')} B per answer`,
  );
} finally {
  await cleanup.run();
}
