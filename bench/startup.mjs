// Time from `npm start` on a built checkout to the first 200, against ARCHITECTURE.md §7's
// budget (≤ 5 s). Measures a cold start (new data dir: initdb, migrations, seed) and warm
// starts (the same data dir again), each a fresh process as a person would run it, and the
// server's own account of where its start went: PostgreSQL, migrations, the live events'
// listener, the demo data (the demo matches' rebuild), the dev inbox and the job worker, the app.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStale } from '../scripts/build.mjs';

const BUDGET_MS = 5000;
const WARM_RUNS = Number(process.env.BENCH_RUNS ?? 3);
const root = fileURLToPath(new URL('..', import.meta.url));

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
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
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
  while (performance.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.status === 200) {
        elapsed = performance.now() - started;
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
  return { elapsed, parts: /ready in (\d+ ms[^)]*)/.exec(output)?.[1] ?? '(no ready line)' };
}

await buildStale();
const dataDir = mkdtempSync(join(tmpdir(), 'trailbuddy-bench-start-'));
try {
  const cold = await timeStart(dataDir);
  const warm = [];
  for (let i = 0; i < WARM_RUNS; i++) warm.push(await timeStart(dataDir));
  const median = [...warm].sort((a, b) => a.elapsed - b.elapsed)[Math.floor(warm.length / 2)];
  const verdict = (ms) => (ms <= BUDGET_MS ? 'within budget' : 'OVER BUDGET');
  console.log('npm start → first 200 on / (budget ≤ 5000 ms, ARCHITECTURE.md §7)');
  console.log(`  machine: ${availableParallelism()} CPUs, 1-min load average ${loadavg()[0].toFixed(2)} after the runs`);
  console.log(`  cold (new data dir: initdb + migrate + seed): ${cold.elapsed.toFixed(0)} ms  ${verdict(cold.elapsed)}`);
  console.log(`    the server's parts: ${cold.parts}`);
  console.log(
    `  warm (existing data dir), median of ${warm.length}: ${median.elapsed.toFixed(0)} ms  ${verdict(median.elapsed)}  [${warm.map((w) => w.elapsed.toFixed(0)).join(', ')}]`,
  );
  for (const w of warm)
    console.log(`    the server's parts: ${w.parts} (first 200 after ${w.elapsed.toFixed(0)} ms, process start included)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
