// Lighthouse on the signed-out home page, against ARCHITECTURE.md §7's budget: mobile form
// factor with Lighthouse's default (simulated) throttling, performance ≥ 95, accessibility ≥ 95,
// LCP ≤ 2.0 s. Runs the built server on a fresh data dir, then BENCH_RUNS (default 3) Lighthouse
// runs, each in a fresh headless Chromium, and reports every run and the median of each figure.
import { buildStale } from '../scripts/build.mjs';
import { BUDGET, median, runLighthouse, verdict, warmUp } from './support/lighthouse.mjs';
import { createCleanup, startServer, tempDir, waitForHealth } from './support/server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const cleanup = createCleanup({ timeLimitMs: 120_000 + RUNS * 120_000 });
try {
  await buildStale();
  const server = await startServer(cleanup, { dataDir: tempDir(cleanup, 'trailbuddy-bench-lh-') });
  await waitForHealth(server);
  const url = `${server.baseUrl}/`;
  await warmUp(server.baseUrl, url);

  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await runLighthouse(cleanup, url);
    runs.push(run);
    console.log(
      `  run ${i + 1}: performance ${run.performance}, accessibility ${run.accessibility}, LCP ${(run.lcpMs / 1000).toFixed(2)} s, ` +
        `FCP ${(run.fcpMs / 1000).toFixed(2)} s, CLS ${run.cls.toFixed(3)}, TBT ${run.tbtMs.toFixed(0)} ms, SI ${(run.speedIndexMs / 1000).toFixed(2)} s`,
    );
  }

  const m = (key) => median(runs.map((r) => r[key]));
  const [first] = runs;
  const t = first.throttling;
  console.log(
    `Lighthouse ${first.version} on / (mobile, simulated throttling: RTT ${t.rttMs} ms, ${(t.throughputKbps / 1024).toFixed(1)} Mbps, CPU ×${t.cpuSlowdownMultiplier}), median of ${runs.length} (ARCHITECTURE.md §7)`,
  );
  console.log(`  performance:   ${m('performance')}  (budget ≥ ${BUDGET.performance})  ${verdict(m('performance') >= BUDGET.performance)}`);
  console.log(
    `  accessibility: ${m('accessibility')}  (budget ≥ ${BUDGET.accessibility})  ${verdict(m('accessibility') >= BUDGET.accessibility)}`,
  );
  console.log(
    `  LCP:           ${(m('lcpMs') / 1000).toFixed(2)} s  (budget ≤ ${(BUDGET.lcpMs / 1000).toFixed(1)} s)  ${verdict(m('lcpMs') <= BUDGET.lcpMs)}`,
  );
  console.log(`  CLS:           ${m('cls').toFixed(3)}  (no §7 budget; Lighthouse's "good" is ≤ 0.1)`);
  console.log(`  TBT:           ${m('tbtMs').toFixed(0)} ms  (no §7 budget; Lighthouse's "good" is ≤ 200 ms)`);
  console.log(`  LCP element:   ${first.lcpElement}`);
  const failed = [...new Set(runs.flatMap((r) => r.failedA11y))];
  console.log(`  accessibility audits not passed: ${failed.length ? failed.join(', ') : 'none'}`);
  const warnings = [...new Set(runs.flatMap((r) => r.warnings))];
  if (warnings.length) console.log(`  Lighthouse warnings: ${warnings.join(' | ')}`);
} finally {
  await cleanup.run();
}
