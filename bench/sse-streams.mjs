// Open SSE streams on one instance against architecture §7's budget (5,000 streams with the
// server's RSS ≤ 500 MB). Starts the built server (fresh data dir, embedded PostgreSQL), opens
// 5,000 concurrent `GET /api/events` streams from this process over loopback (node:http, one
// connection each, signed in as the demo users in turn), waits for every 200, and reads the
// server process's VmRSS from /proc/<pid>/status (the server is this script's direct child;
// embedded PostgreSQL runs in processes of its own and is not counted). Then, as information
// without a budget, an administrator adds a trail and the time until every stream has received
// its `trail.created` broadcast is measured (client wall clock: it includes this process reading
// 5,000 sockets on the same 2 cores).
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { api, pool, signIn } from './support/api.mjs';
import { buildServerBundle, createCleanup, percentile, startServer, tempDir, waitForHealth } from './support/server.mjs';
import { openSse } from './support/sse.mjs';

const TARGET = Number(process.env.BENCH_STREAMS ?? 5000);
const BUDGET_MB = 500;
/** Streams being opened at once: below the listen backlog, so no SYN is dropped and retried. */
const OPEN_CONCURRENCY = 100;
/** File descriptors each process keeps for other things (stdio, PostgreSQL pool, LISTEN, fetch). */
const FD_MARGIN = 256;
const BROADCAST_TIMEOUT_MS = 60_000;
const DEMO = ['miguel', 'sofia', 'lucas', 'camille', 'giulia', 'noah', 'ingrid', 'sam', 'admin'].map((n) => `${n}@trailbuddy.app`);
const PASSWORD = 'trailbuddy';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (kb) => kb / 1024;
const fmtMs = (ms) => `${ms.toFixed(0)} ms`;
const n = (x) => x.toLocaleString('en-US');

/** The soft "Max open files" limit (what `ulimit -n` prints) of a process. */
function openFilesLimit(pid = 'self') {
  const row = readFileSync(`/proc/${pid}/limits`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('Max open files'));
  const soft = row?.split(/\s{2,}/)[1];
  return soft === 'unlimited' ? Infinity : Number(soft);
}

/** VmRSS and VmHWM (peak RSS) of a process, in kB. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** File descriptors the process has open (sockets included). */
function openFds(pid) {
  try {
    return readdirSync(`/proc/${pid}/fd`).length;
  } catch {
    return undefined; // another user's process: not readable
  }
}

const cleanup = createCleanup({ timeLimitMs: 6 * 60_000 });
try {
  await buildServerBundle();
  const load = loadavg()[0];
  const server = await startServer(cleanup, {
    dataDir: tempDir(cleanup, 'trailbuddy-bench-streams-'),
    env: {
      API_RATE_LIMIT_MAX: '100000000',
      AUTH_RATE_LIMIT_MAX: '100000000',
      AUTH_SENSITIVE_RATE_LIMIT_MAX: '100000000',
      // 5,000 streams stand for 5,000 people; signed in as nine demo accounts, each holds hundreds.
      LIVE_STREAMS_PER_ACCOUNT: String(TARGET),
    },
  });
  await waitForHealth(server);
  const pid = server.child.pid;
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  if (!cmdline.includes('apps/server/dist/main.js')) throw new Error(`pid ${pid} is not the server: ${cmdline}`);

  // Each stream is one socket in this process and one in the server; both inherit this limit.
  const clientLimit = openFilesLimit();
  const serverLimit = openFilesLimit(pid);
  const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
  const ports = high - low + 1;
  const fit = Math.min(clientLimit - FD_MARGIN, serverLimit - FD_MARGIN, ports - FD_MARGIN);
  const count = Math.max(0, Math.min(TARGET, fit));

  const sessions = await Promise.all(DEMO.map((email) => signIn(server.baseUrl, email, PASSWORD)));
  const admin = sessions.at(-1);
  await sleep(1000);
  const idle = memory(pid);

  // Open every stream; each records when the broadcast reached it.
  let broadcastAt;
  let trailId;
  const delivered = [];
  const onEvent = (event, stream) => {
    if (event.type !== 'trail.created' || stream.broadcastMs !== undefined || broadcastAt === undefined) return;
    if (trailId !== undefined && event.data?.trailId !== trailId) return;
    stream.broadcastMs = event.receivedAt - broadcastAt;
    delivered.push(stream.broadcastMs);
  };
  const streams = [];
  cleanup.add(() => streams.forEach((s) => s.close()));
  const failures = [];
  const openStarted = performance.now();
  await pool(count, OPEN_CONCURRENCY, async (i) => {
    try {
      streams.push(
        await openSse(`${server.baseUrl}/api/events`, { cookie: sessions[i % sessions.length].cookie, onEvent, timeoutMs: 60_000 }),
      );
    } catch (err) {
      failures.push(err);
    }
  });
  const openMs = performance.now() - openStarted;
  const ok = streams.filter((s) => s.status === 200).length;
  if (failures.length > 0) console.error(`${failures.length} stream(s) failed to open; the first: ${failures[0].message}`);

  // Let the server settle (no opening in flight), then read its memory with every stream open.
  await sleep(2000);
  const stillOpen = streams.filter((s) => !s.isEnded).length;
  const serverFds = openFds(pid);
  const open = memory(pid);

  // How responsive the server is with the streams open, for reading the broadcast figure.
  const pingStarted = performance.now();
  await api(server.baseUrl, 'GET', '/api/health');
  const pingMs = performance.now() - pingStarted;

  // One broadcast to everyone: an administrator adds a trail.
  broadcastAt = performance.now();
  const created = await api(server.baseUrl, 'POST', '/api/trails', {
    cookie: admin.cookie,
    body: {
      name: `Bench broadcast ${Date.now()}`,
      location: 'Porto, Portugal',
      length: '5 km',
      hours: 2,
      difficulty: 'Easy',
      activity: 'hiking',
      description: 'x',
      linkmap: 'https://www.openstreetmap.org/',
    },
  });
  const createdMs = performance.now() - broadcastAt;
  trailId = created.body.id;
  const deadline = Date.now() + BROADCAST_TIMEOUT_MS;
  while (delivered.length < stillOpen && Date.now() < deadline) await sleep(20);
  await sleep(500);
  const after = memory(pid);

  const worst = Math.max(open.rss, after.rss);
  const verdict =
    count < TARGET || ok < TARGET
      ? `NOT CHECKED (${n(ok)} streams, not ${n(TARGET)})`
      : mb(worst) <= BUDGET_MB
        ? 'within budget'
        : 'OVER BUDGET';
  console.log('open SSE streams on one instance (budget: 5,000 streams with RSS ≤ 500 MB; architecture §7)');
  console.log(
    `  open-file limit (ulimit -n): ${clientLimit} here, ${serverLimit} in the server (pid ${pid}); local port range ${low}-${high}; room for ${n(Math.max(0, fit))} streams`,
  );
  if (count < TARGET)
    console.log(`  the limits fit only ${n(count)} of ${n(TARGET)} streams: opened ${n(count)}; raise ulimit -n to check the budget`);
  console.log(
    `  machine: ${availableParallelism()} CPUs, 1-min load average ${load.toFixed(2)} before the run, ${loadavg()[0].toFixed(2)} after`,
  );
  console.log(
    `  streams: ${n(ok)} answered 200 of ${n(count)} opened (${OPEN_CONCURRENCY} at a time, in ${(openMs / 1000).toFixed(1)} s), signed in as ${sessions.length} demo users in turn; ${n(stillOpen)} still open when measured${serverFds === undefined ? '' : `; ${n(serverFds)} fds open in the server`}`,
  );
  console.log(`  server RSS, idle before the streams: ${mb(idle.rss).toFixed(0)} MB`);
  console.log(
    `  server RSS with ${n(stillOpen)} streams open: ${mb(open.rss).toFixed(0)} MB (${(((open.rss - idle.rss) * 1024) / Math.max(1, stillOpen) / 1024).toFixed(1)} KB per stream above idle); after the broadcast: ${mb(after.rss).toFixed(0)} MB; peak over the run (VmHWM): ${mb(after.hwm).toFixed(0)} MB`,
  );
  console.log(`  → ${mb(worst).toFixed(0)} MB  ${verdict} (judged on the larger of the two readings with the streams open)`);
  console.log(
    `  information, no budget: one broadcast (an admin adds a trail; POST /api/trails answered in ${fmtMs(createdMs)}; GET /api/health just before: ${fmtMs(pingMs)})`,
  );
  if (delivered.length > 0) {
    console.log(
      `    trail.created reached ${n(delivered.length)} of ${n(stillOpen)} streams: first ${fmtMs(Math.min(...delivered))}  p50 ${fmtMs(percentile(delivered, 50))}  p95 ${fmtMs(percentile(delivered, 95))}  max ${fmtMs(Math.max(...delivered))} after the request was sent`,
    );
  }
  if (delivered.length < stillOpen)
    console.log(`    ${n(stillOpen - delivered.length)} stream(s) had not received it within ${BROADCAST_TIMEOUT_MS / 1000} s`);
} finally {
  await cleanup.run();
}
