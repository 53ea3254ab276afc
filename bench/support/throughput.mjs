// GET /api/trails against a bare Fastify route returning the same bytes (trails-throughput.mjs,
// catalogue.mjs): the route's answer is fetched, a plain fastify() app serving those bytes starts in
// a child process, and both are loaded with autocannon in this process, one at a time, in
// alternating rounds, so a burst of load from elsewhere on a shared machine falls on both sides.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, root } from './server.mjs';

export const BUDGET_RATIO = 0.7;
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
export const WARMUP_S = 2;

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

/**
 * The route at `url` (GET /api/trails of a running server) against a bare route serving its bytes.
 * `work` is a directory for the bytes' file.
 */
export async function compareWithBare(cleanup, work, url) {
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
  // Judged on the median round: one round spoiled by a burst of load elsewhere, on either side,
  // moves it least.
  const roundRatios = real.perRound.map((n, i) => n / reference.perRound[i]);
  const median = [...roundRatios].sort((a, b) => a - b)[Math.floor(roundRatios.length / 2)];
  return { real, reference, ratio: real.rps / reference.rps, roundRatios, median, body, contentType, trailCount };
}
