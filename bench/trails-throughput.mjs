// GET /api/trails throughput against ARCHITECTURE.md §7's budget: at least 70% of a bare Fastify
// route returning the same bytes, measured in the same run. The real server (built bundle, fresh
// data dir, seeded demo data) and a plain `fastify()` app serving the bytes the real one returned
// run in child processes, with autocannon in this process (on 2 cores: one for the server, one for
// the load generator). Only one of them is loaded at a time, in alternating rounds, so a burst of
// load from elsewhere on a shared machine falls on both sides rather than on one.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildServerBundle, createCleanup, freePort, root, startServer, stopServer, tempDir, waitForHealth } from './support/server.mjs';

const BUDGET_RATIO = 0.7;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WARMUP_S = 2;

/** One autocannon run against one URL. */
async function cannon(url, duration) {
  const r = await autocannon({ url, connections: CONNECTIONS, duration });
  const failures = r.errors + r.timeouts + r.non2xx;
  if (failures > 0) throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx responses`);
  return r;
}

/** Each URL warmed up, then DURATION_S of load each, in ROUNDS alternating rounds. */
async function loadAlternating(urls) {
  for (const url of urls) await cannon(url, WARMUP_S);
  const rounds = urls.map(() => []);
  for (let i = 0; i < ROUNDS; i++) {
    for (const [j, url] of urls.entries()) rounds[j].push(await cannon(url, DURATION_S / ROUNDS));
  }
  return rounds.map((runs) => ({
    rps: runs.reduce((sum, r) => sum + r.requests.total, 0) / runs.reduce((sum, r) => sum + r.duration, 0),
    p50: Math.max(...runs.map((r) => r.latency.p50)),
    p99: Math.max(...runs.map((r) => r.latency.p99)),
    total: runs.reduce((sum, r) => sum + r.requests.total, 0),
    perRound: runs.map((r) => r.requests.total),
  }));
}

async function startBare(cleanup, bodyFile, contentType) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'bench/support/bare-fastify.mjs'), String(port), bodyFile, contentType], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  cleanup.add(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  });
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bare Fastify app did not start within 10 s')), 10_000);
    child.stdout.on('data', (d) => {
      if (d.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the bare Fastify app exited with code ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/api/trails`, child, exited };
}

const cleanup = createCleanup({ timeLimitMs: 5 * 60_000 });
try {
  await buildServerBundle();
  const loadAverage = loadavg()[0];
  const work = tempDir(cleanup, 'trailbuddy-bench-trails-');
  const dataDir = join(work, 'data');
  mkdirSync(dataDir);

  // 1. The real server, seeded: fetch the bytes it answers.
  const server = await startServer(cleanup, { dataDir });
  await waitForHealth(server);
  const url = `${server.baseUrl}/api/trails`;
  const first = await fetch(url);
  if (first.status !== 200) throw new Error(`GET /api/trails answered ${first.status}`);
  const contentType = first.headers.get('content-type');
  const body = Buffer.from(await first.arrayBuffer());
  const trailCount = JSON.parse(body.toString('utf8')).trails.length;
  const bodyFile = join(work, 'trails.json');
  writeFileSync(bodyFile, body);

  // 2. The bare route beside it, serving the same bytes with the same content type.
  const bare = await startBare(cleanup, bodyFile, contentType);
  const check = await fetch(bare.url);
  const bareBody = Buffer.from(await check.arrayBuffer());
  if (!bareBody.equals(body) || check.headers.get('content-type') !== contentType)
    throw new Error('the bare route does not return the same bytes');

  // 3. Both loaded in turn.
  const [real, reference] = await loadAlternating([url, bare.url]);
  bare.child.kill('SIGTERM');
  await bare.exited;
  await stopServer(server);

  const ratio = real.rps / reference.rps;
  const row = (label, r) =>
    `  ${label.padEnd(34)} ${Math.round(r.rps).toLocaleString('en-US').padStart(7)} req/s   p50 ${String(r.p50).padStart(3)} ms   p99 ${String(r.p99).padStart(3)} ms   (${r.total.toLocaleString('en-US')} requests)`;
  console.log('GET /api/trails throughput (budget ≥ 70% of a bare Fastify route returning the same bytes, same run; ARCHITECTURE.md §7)');
  console.log(
    `  ${body.length.toLocaleString('en-US')} B of ${contentType} (${trailCount} trails); autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each in ${ROUNDS} alternating rounds after a ${WARMUP_S} s warm-up, one server loaded at a time; latencies of the worst round`,
  );
  console.log(`  machine: ${availableParallelism()} CPUs, 1-min load average ${loadAverage.toFixed(2)} before the run`);
  console.log(row('server (apps/server/dist/main.js)', real));
  console.log(row('bare fastify() route, same bytes', reference));
  // Judged on the median round: one round spoiled by a burst of load elsewhere, on either side,
  // moves it least.
  const roundRatios = real.perRound.map((n, i) => n / reference.perRound[i]);
  const median = [...roundRatios].sort((a, b) => a - b)[Math.floor(roundRatios.length / 2)];
  const pct = (r) => `${Math.round(r * 100)}%`;
  console.log(
    `  ratio: ${pct(median)} (median of rounds ${roundRatios.map(pct).join(' ')}; ${pct(ratio)} over all)  ${median >= BUDGET_RATIO ? 'within budget' : 'OVER BUDGET'}`,
  );
} finally {
  await cleanup.run();
}
