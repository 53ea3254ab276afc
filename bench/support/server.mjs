// Running the built server (apps/server/dist/main.js) for a bench: free loopback ports, a fresh
// data dir, health polling, and a shutdown that leaves no process or directory behind, even
// when the bench fails or is interrupted. (Mirrors e2e/support/server-process.ts; bench/
// imports nothing from e2e/.)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStale } from '../../scripts/build.mjs';

export const root = fileURLToPath(new URL('../..', import.meta.url));

export const freePort = () =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * `buildStale()`, as `npm start` does. BENCH_SKIP_BUILD=1 runs the existing
 * apps/server/dist/main.js instead (say while the web app, which these benches do not use, is
 * mid-edit and does not build).
 */
export async function buildServerBundle() {
  const bundle = join(root, 'apps/server/dist/main.js');
  if (process.env.BENCH_SKIP_BUILD !== '1') return buildStale();
  if (!existsSync(bundle)) throw new Error('BENCH_SKIP_BUILD=1 but apps/server/dist/main.js does not exist');
  console.log(`  BENCH_SKIP_BUILD=1: running the existing bundle, built ${statSync(bundle).mtime.toISOString()}`);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Cleanup steps run last-registered first, once, whether the bench ends normally, throws, is
 * interrupted (Ctrl-C, SIGTERM) or hits its time limit.
 */
export function createCleanup({ timeLimitMs }) {
  const steps = [];
  let running;
  const run = () =>
    (running ??= (async () => {
      while (steps.length > 0) {
        const step = steps.pop();
        try {
          await step();
        } catch (err) {
          console.error('cleanup step failed:', err);
        }
      }
    })());
  const abort = (why, code) => {
    console.error(`\n${why}: cleaning up…`);
    void run().finally(() => process.exit(code));
  };
  const onSignal = (signal) => abort(`received ${signal}`, 130);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const watchdog = setTimeout(() => abort(`the bench did not finish within ${timeLimitMs / 1000} s`, 1), timeLimitMs);
  watchdog.unref();
  return {
    add: (step) => steps.push(step),
    run: async () => {
      clearTimeout(watchdog);
      await run();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

/** A fresh temporary directory, removed at cleanup. */
export function tempDir(cleanup, prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  // As root, embedded PostgreSQL runs as the `postgres` user, which must reach a data dir inside.
  chmodSync(dir, 0o755);
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Starts the built server on free loopback ports with an embedded PostgreSQL in `dataDir`. */
export async function startServer(cleanup, { dataDir, env = {}, nodeArgs = [], cwd = root }) {
  const [port, pgPort, smtpPort, webPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const baseUrl = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS profiles a server under a bench, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // (Node refuses --cpu-prof in NODE_OPTIONS).
  const profilerArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...profilerArgs, ...nodeArgs, 'apps/server/dist/main.js'], {
    // Another checkout's build (bench/main-thread.mjs's "before") runs from its own root.
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATABASE_URL: '',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      DEV_INBOX_SMTP_PORT: String(smtpPort),
      DEV_INBOX_WEB_PORT: String(webPort),
      LOG_LEVEL: 'warn',
      // The per-IP limiter would answer 429 to a bench; it is not what is measured.
      API_RATE_LIMIT_MAX: '100000000',
      AUTH_RATE_LIMIT_MAX: '100000',
      AUTH_SENSITIVE_RATE_LIMIT_MAX: '100000',
      SEED_DEMO_DATA: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server = {
    child,
    baseUrl,
    port,
    pgPort,
    dataDir,
    databaseUrl: `postgres://trailbuddy:trailbuddy@127.0.0.1:${pgPort}/trailbuddy`,
    stdout: '',
    stderr: '',
    exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal))),
  };
  child.stdout.on('data', (d) => (server.stdout += d.toString()));
  child.stderr.on('data', (d) => (server.stderr += d.toString()));
  cleanup.add(() => stopServer(server));
  return server;
}

export async function waitForHealth(server, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`the server exited with code ${server.child.exitCode}\n${server.stdout}${server.stderr}`);
    try {
      if ((await fetch(`${server.baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`the server did not become healthy within ${timeoutMs} ms\n${server.stdout}${server.stderr}`);
}

/**
 * SIGTERM, as a process manager would send: the server closes and stops its PostgreSQL. If it
 * hangs, SIGKILL, and then stop the orphaned postmaster (its pid is in postmaster.pid) so the
 * data dir can be removed.
 */
export async function stopServer(server) {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    const killed = await Promise.race([server.exited.then(() => false), sleep(20_000).then(() => true)]);
    if (killed) {
      console.error('the server did not stop within 20 s of SIGTERM; sending SIGKILL');
      server.child.kill('SIGKILL');
      await server.exited;
    }
  }
  const pidFile = join(server.dataDir, 'postgres', 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) {
      console.error(`PostgreSQL (pid ${pid}) outlived the server; stopping it`);
      process.kill(pid, 'SIGINT'); // fast shutdown
      for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Sorted-sample percentile (nearest rank). */
export function percentile(samples, p) {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Limits a bench raises so that no 429 of the per-address or sign-in limiters is what it measures. */
export const BENCH_RATE_LIMITS = {
  API_RATE_LIMIT_MAX: '100000000',
  AUTH_RATE_LIMIT_MAX: '100000000',
  AUTH_SENSITIVE_RATE_LIMIT_MAX: '100000000',
};

/**
 * Instance A of a two-instance bench, healthy: embedded PostgreSQL in a fresh data dir and the
 * development inbox, which takes B's mail too. The session secret it gets (`secret`) signs
 * sessions valid on both.
 */
export async function startFirstInstance(cleanup, prefix, env = {}) {
  const secret = randomBytes(32).toString('hex');
  const smtpPort = await freePort();
  const server = await startServer(cleanup, {
    dataDir: tempDir(cleanup, `${prefix}-a-`),
    env: { ...BENCH_RATE_LIMITS, BETTER_AUTH_SECRET: secret, DEV_INBOX_SMTP_PORT: String(smtpPort), ...env },
  });
  await waitForHealth(server);
  return Object.assign(server, { secret, smtpPort });
}

/** Instance B, healthy: one more instance of A's deployment, on A's database (A seeded it). */
export async function startSecondInstance(cleanup, first, prefix, env = {}) {
  const server = await startServer(cleanup, {
    dataDir: tempDir(cleanup, `${prefix}-b-`),
    env: {
      ...BENCH_RATE_LIMITS,
      DATABASE_URL: first.databaseUrl,
      BETTER_AUTH_SECRET: first.secret,
      DEV_INBOX: 'false',
      SMTP_URL: `smtp://127.0.0.1:${first.smtpPort}`,
      SEED_DEMO_DATA: 'false',
      ...env,
    },
  });
  await waitForHealth(server);
  return server;
}
