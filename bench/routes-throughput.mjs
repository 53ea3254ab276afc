// Requests a second one server instance answers on its main routes, and how many PostgreSQL
// connections it holds meanwhile: the per-instance figures of docs/operations/scaling.md.
// Starts the built server (fresh data dir, seeded demo data, embedded PostgreSQL; or the
// database BENCH_DATABASE_URL names, e.g. a PgBouncer, with BENCH_DATABASE_DIRECT_URL for its
// sessions) and loads, one route at a time, with autocannon in this process:
//   GET /api/trails                      a visitor's home list
//   GET /api/trails/:id                  a visitor's trail page
//   GET /api/trails/:id/best-matches     a signed-in member's Best Matches (demo data: 9 members)
//   GET /api/matches/mine                a signed-in member's matches
// and then match transitions: demo members each starting a search on a session of their own and
// cancelling it, over and over (two transitions a cycle, each a write, a live event and NOTIFY).
// Connections are sampled from pg_stat_activity every 100 ms during each run. On a machine busy
// with other work, requests a second mostly measure the share of CPU the bench got; the CPU time
// the server process (and, embedded, PostgreSQL's processes) spent per request does not depend
// on that share, so it is reported too, as the figure to plan capacity with.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { api, signIn } from './support/api.mjs';
import { buildServerBundle, createCleanup, percentile, startServer, tempDir, waitForHealth } from './support/server.mjs';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const WARMUP_S = 2;
const DEMO_PASSWORD = 'trailbuddy';
const MEMBERS = ['miguel', 'sofia', 'lucas', 'camille', 'giulia', 'noah', 'ingrid', 'sam'].map((n) => `${n}@trailbuddy.app`);
const DAYS = ['saturday', 'sunday'];

/** Server-side connections to the app's database, by application_name, sampled while `during` runs. */
async function sampleConnections(directUrl, during) {
  const client = new pg.Client({ connectionString: directUrl, application_name: 'bench-connection-sampler' });
  await client.connect();
  let peak = { total: 0, byApp: {} };
  let stop = false;
  const sampling = (async () => {
    while (!stop) {
      const { rows } = await client.query(
        `SELECT coalesce(nullif(application_name, ''), '(unnamed)') AS app, count(*)::int AS n
         FROM pg_stat_activity
         WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()
         GROUP BY 1`,
      );
      const total = rows.reduce((s, r) => s + r.n, 0);
      if (total >= peak.total) peak = { total, byApp: Object.fromEntries(rows.map((r) => [r.app, r.n])) };
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  try {
    const result = await during();
    return { ...result, connections: peak };
  } finally {
    stop = true;
    await sampling;
    await client.end();
  }
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU time of a process, in ms (/proc/<pid>/stat), 0 once it has gone. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The CPU time of a process tree's direct children and itself: PostgreSQL's postmaster and its backends. */
function treeCpuMs(rootPid) {
  let total = cpuMs(rootPid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(join('/proc', entry, 'stat'), 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === rootPid) total += cpuMs(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/**
 * Starts counting the CPU time of the server process and, when embedded, of PostgreSQL's
 * postmaster and backends; the returned function gives each one's ms per request since.
 */
function startCpuMeter(server) {
  const pidFile = join(server.dataDir, 'postgres', 'postmaster.pid');
  const postmasterPid = server.external ? undefined : Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const app = cpuMs(server.child.pid);
  const pg = postmasterPid ? treeCpuMs(postmasterPid) : 0;
  return (requests) => ({
    appCpuMs: (cpuMs(server.child.pid) - app) / requests,
    pgCpuMs: postmasterPid ? (treeCpuMs(postmasterPid) - pg) / requests : undefined,
  });
}

async function load(server, url, headers) {
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_S });
  const cpu = startCpuMeter(server);
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  const failures = r.errors + r.timeouts + r.non2xx;
  if (failures > 0) throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx responses`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, total: r.requests.total, ...cpu(r.requests.total) };
}

/**
 * Each member loops search → cancel on one (trail, day) session they have no match on, until
 * the time is up. Returns transitions a second and their latency.
 */
async function transitions(server, members, trails) {
  const base = server.baseUrl;
  const loops = [];
  const taken = new Set();
  for (const m of members) {
    for (const trail of trails) {
      const slot = DAYS.map((day) => ({ trailId: trail.id, day })).find((s) => !taken.has(`${s.trailId}/${s.day}`));
      if (!slot) continue;
      // A session that has started, or one the member already has a match on, is not usable.
      const started = await api(base, 'POST', '/api/matches/search', { cookie: m.cookie, body: slot }).catch((err) => {
        if (err.status === 400 || err.status === 409) return undefined;
        throw err;
      });
      if (!started?.body.created) continue;
      await api(base, 'POST', `/api/matches/${started.body.match.id}/cancel`, { cookie: m.cookie });
      taken.add(`${slot.trailId}/${slot.day}`);
      loops.push({ member: m, slot });
      break;
    }
  }
  if (loops.length === 0) throw new Error('no member could start a search');
  const latencies = [];
  const run = async (until, record) => {
    await Promise.all(
      loops.map(async ({ member, slot }) => {
        while (performance.now() < until) {
          let t = performance.now();
          const { match } = (await api(base, 'POST', '/api/matches/search', { cookie: member.cookie, body: slot })).body;
          if (record) latencies.push(performance.now() - t);
          t = performance.now();
          await api(base, 'POST', `/api/matches/${match.id}/cancel`, { cookie: member.cookie });
          if (record) latencies.push(performance.now() - t);
        }
      }),
    );
  };
  await run(performance.now() + WARMUP_S * 1000, false);
  const cpu = startCpuMeter(server);
  const started = performance.now();
  await run(started + DURATION_S * 1000, true);
  const seconds = (performance.now() - started) / 1000;
  return {
    ...cpu(latencies.length),
    rps: latencies.length / seconds,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    total: latencies.length,
    clients: loops.length,
  };
}

const cleanup = createCleanup({ timeLimitMs: 10 * 60_000 });
try {
  await buildServerBundle();
  const loadBefore = loadavg()[0];
  const external = process.env.BENCH_DATABASE_URL;
  const server = await startServer(cleanup, {
    dataDir: tempDir(cleanup, 'trailbuddy-bench-routes-'),
    env: external ? { DATABASE_URL: external, DATABASE_DIRECT_URL: process.env.BENCH_DATABASE_DIRECT_URL ?? external } : {},
  });
  server.external = Boolean(external);
  await waitForHealth(server);
  const base = server.baseUrl;
  const directUrl = external ? (process.env.BENCH_DATABASE_DIRECT_URL ?? external) : server.databaseUrl;

  const { trails } = (await api(base, 'GET', '/api/trails')).body;
  const members = await Promise.all(MEMBERS.map((email) => signIn(base, email, DEMO_PASSWORD)));
  const viewer = { cookie: members[0].cookie, origin: base };
  const trail = trails[0];

  const rows = [];
  const measure = async (label, url, headers) =>
    rows.push({ label, ...(await sampleConnections(directUrl, () => load(server, url, headers))) });
  await measure('GET /api/trails (visitor)', `${base}/api/trails`);
  await measure('GET /api/trails/:id (visitor)', `${base}/api/trails/${trail.id}`);
  await measure('GET /api/trails/:id/best-matches', `${base}/api/trails/${trail.id}/best-matches?day=saturday`, viewer);
  await measure('GET /api/matches/mine', `${base}/api/matches/mine`, viewer);
  rows.push({
    label: 'match search + cancel (transitions)',
    ...(await sampleConnections(directUrl, () => transitions(server, members, trails))),
  });

  console.log('Requests a second on one instance, and its PostgreSQL connections (docs/operations/scaling.md)');
  console.log(
    `  autocannon, ${CONNECTIONS} connections, ${DURATION_S} s each after a ${WARMUP_S} s warm-up; ${trails.length} trails, demo data; database: ${external ? 'BENCH_DATABASE_URL' : 'embedded PostgreSQL'}`,
  );
  console.log(
    `  machine: ${availableParallelism()} CPUs, server and load generator on it together; 1-min load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`,
  );
  for (const r of rows) {
    const apps = Object.entries(r.connections.byApp)
      .map(([app, n]) => `${app} ${n}`)
      .join(', ');
    const cpu = `CPU/request: server ${r.appCpuMs.toFixed(2)} ms${r.pgCpuMs === undefined ? '' : `, PostgreSQL ${r.pgCpuMs.toFixed(2)} ms`}`;
    console.log(
      `  ${r.label.padEnd(36)} ${Math.round(r.rps).toLocaleString('en-US').padStart(6)} req/s  p50 ${String(r.p50).padStart(3)} ms  p99 ${String(r.p99).padStart(4)} ms  ${cpu}  peak connections ${r.connections.total} (${apps})${r.clients ? `  [${r.clients} members]` : ''}`,
    );
  }
} finally {
  await cleanup.run();
}
