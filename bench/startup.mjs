// Time from `npm start` on a built checkout to the first 200, against architecture §7's
// budget (≤ 5 s). Measures a cold start (new data dir: initdb, migrations, seed) and warm
// starts (the same data dir again), each a fresh process as a person would run it, and the
// server's own account of where its start went: PostgreSQL, migrations, the live events'
// listener, the demo data (the demo matches' rebuild), the dev inbox and the job worker, the app.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStale } from '../scripts/build.mjs';
import { cpuSnapshot } from './support/cpu.mjs';

const BUDGET_MS = 5000;
const WARM_RUNS = Number(process.env.BENCH_RUNS ?? 3);
const root = fileURLToPath(new URL('..', import.meta.url));
/**
 * `node bench/startup.mjs <root>` times the built server of another checkout (a copy of its
 * apps/server/dist and src, apps/web's builds, package.json and node_modules): `node
 * apps/server/dist/main.js` there, without `npm start`'s check for a stale build, to compare two
 * builds alike (ADR 0063).
 */
const otherRoot = process.argv[2] ? resolve(process.argv[2]) : undefined;

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function timeStart(dataDir) {
  const [port, pgPort, smtp, web] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const started = performance.now();
  const child = spawn(process.execPath, [otherRoot ? 'apps/server/dist/main.js' : 'scripts/start.mjs'], {
    cwd: otherRoot ?? root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      DEV_INBOX_SMTP_PORT: String(smtp),
      DEV_INBOX_WEB_PORT: String(web),
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  // The server's own account of its start (main.ts): "ready in N ms after its imports; process+imports …, postgres …, …".
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const deadline = started + 60_000;
  let elapsed;
  let cpuMs;
  while (performance.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.status === 200) {
        elapsed = performance.now() - started;
        // CPU seconds spent by the start (the process, `npm start`'s build check included, and
        // PostgreSQL's processes still running): unlike the wall time, it barely moves with
        // the machine's load (ADR 0063).
        const cpu = cpuSnapshot({ child, dataDir });
        cpuMs = { server: cpu.server * 1000, postgres: [...cpu.postgres.values()].reduce((a, b) => a + b, 0) * 1000 };
        break;
      }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
  if (elapsed === undefined) throw new Error('the server did not answer 200 within 60 s');
  return { elapsed, cpuMs, parts: /ready in (\d+ ms[^)]*)/.exec(output)?.[1] ?? '(no ready line)' };
}

await buildStale();
const dataDir = mkdtempSync(join(tmpdir(), 'trailbuddy-bench-start-'));
try {
  const cold = await timeStart(dataDir);
  const warm = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await timeStart(dataDir));
  const median = [...warm].sort((a, b) => a.elapsed - b.elapsed)[Math.floor(warm.length / 2)];
  const verdict = (ms) => (ms <= BUDGET_MS ? 'within budget' : 'OVER BUDGET');
  console.log('npm start → first 200 on / (budget ≤ 5000 ms, architecture §7)');
  console.log(`  machine: ${availableParallelism()} CPUs, 1-min load average ${loadavg()[0].toFixed(2)} after the runs`);
  console.log(`  cold (new data dir: initdb + migrate + seed): ${cold.elapsed.toFixed(0)} ms  ${verdict(cold.elapsed)}`);
  console.log(`    the server's parts: ${cold.parts}`);
  console.log(
    `  warm (existing data dir), median of ${warm.length}: ${median.elapsed.toFixed(0)} ms  ${verdict(median.elapsed)}  [${warm.map((w) => w.elapsed.toFixed(0)).join(', ')}]`,
  );
  for (const w of warm)
    console.log(`    the server's parts: ${w.parts} (first 200 after ${w.elapsed.toFixed(0)} ms, process start included)`);
  const cpu = (w) => `server ${w.cpuMs.server.toFixed(0)} ms, PostgreSQL ${w.cpuMs.postgres.toFixed(0)} ms`;
  const medianOf = (key) => [...warm].map((w) => w.cpuMs[key]).sort((a, b) => a - b)[Math.floor(warm.length / 2)];
  console.log(`  CPU time to the first 200, cold: ${cpu(cold)}`);
  console.log(
    `  CPU time to the first 200, warm (median): server ${medianOf('server').toFixed(0)} ms, PostgreSQL ${medianOf('postgres').toFixed(0)} ms  [${warm.map(cpu).join('; ')}]`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
