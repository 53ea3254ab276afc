// GET /api/trails throughput against architecture §7's budget: at least 70% of a bare Fastify
// route returning the same bytes, measured in the same run. The real server (built bundle, fresh
// data dir, seeded demo data) and a plain `fastify()` app serving the bytes the real one returned
// run in child processes, with autocannon in this process (on 2 cores: one for the server, one for
// the load generator). Only one of them is loaded at a time, in alternating rounds, so a burst of
// load from elsewhere on a shared machine falls on both sides rather than on one.
import { mkdirSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { buildServerBundle, createCleanup, startServer, stopServer, tempDir, waitForHealth } from './support/server.mjs';
import { BUDGET_RATIO, compareWithBare, CONNECTIONS, DURATION_S, ROUNDS, WARMUP_S } from './support/throughput.mjs';

const cleanup = createCleanup({ timeLimitMs: 5 * 60_000 });
try {
  await buildServerBundle();
  const loadAverage = loadavg()[0];
  const work = tempDir(cleanup, 'trailbuddy-bench-trails-');
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);

  // The real server, seeded, against a bare route serving the bytes it answers.
  const server = await startServer(cleanup, { dataDir });
  await waitForHealth(server);
  const { real, reference, ratio, roundRatios, median, body, contentType, trailCount } = await compareWithBare(
    cleanup,
    work,
    `${server.baseUrl}/api/trails`,
  );
  await stopServer(server);

  const row = (label, r) =>
    `  ${label.padEnd(34)} ${Math.round(r.rps).toLocaleString('en-US').padStart(7)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms   (${r.total.toLocaleString('en-US')} requests)`;
  console.log('GET /api/trails throughput (budget ≥ 70% of a bare Fastify route returning the same bytes, same run; architecture §7)');
  console.log(
    `  ${body.length.toLocaleString('en-US')} B of ${contentType} (${trailCount} trails); autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each in ${ROUNDS} alternating rounds after a ${WARMUP_S} s warm-up, one server loaded at a time; latencies of the worst round`,
  );
  console.log(`  machine: ${availableParallelism()} CPUs, 1-min load average ${loadAverage.toFixed(2)} before the run`);
  console.log(row('server (apps/server/dist/main.js)', real));
  console.log(row('bare fastify() route, same bytes', reference));
  const pct = (r) => `${Math.round(r * 100)}%`;
  console.log(
    `  ratio: ${pct(median)} (median of rounds ${roundRatios.map(pct).join(' ')}; ${pct(ratio)} over all)  ${median >= BUDGET_RATIO ? 'within budget' : 'OVER BUDGET'}`,
  );
} finally {
  await cleanup.run();
}
