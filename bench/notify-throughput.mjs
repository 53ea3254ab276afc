// Live events a second through PostgreSQL's NOTIFY, end to end: committed by publishers,
// delivered by one server instance's LISTEN hub to the SSE streams of their audience
// (docs/operations/scaling.md). Starts the built server (embedded PostgreSQL, fresh data dir),
// signs up STREAMS members and opens one stream each, then for each publisher count in
// BENCH_PUBLISHERS runs that many PostgreSQL sessions publishing `match.changed` events for two
// members at a time, as fast as they can, for BENCH_DURATION seconds. Each event is the
// statement apps/server/src/events/publish.ts runs (a live_events row, its own transaction; the
// table's deferred trigger NOTIFYs at COMMIT, migration 0033, ADR 0058). Reports events committed and delivered a second, the commit → stream latency, and
// fails if any stream misses or repeats an event addressed to it.
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { pool, signUp } from './support/api.mjs';
import { buildServerBundle, createCleanup, percentile, startServer, tempDir, waitForHealth } from './support/server.mjs';
import { openSse } from './support/sse.mjs';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 40);
const PUBLISHERS = (process.env.BENCH_PUBLISHERS ?? '1,4,16').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const PASSWORD = 'trailbuddy-bench';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The one statement of publishEvent() (apps/server/src/events/publish.ts), payload small enough
// to travel inside the NOTIFY that live_events' trigger sends at COMMIT.
const PUBLISH = `
  INSERT INTO live_events (type, audience, payload)
  VALUES ('match.changed', ARRAY[$1, $2]::text[], $3::jsonb)
  RETURNING id`;

async function phase(databaseUrl, streams, publishers, run) {
  const sessions = await Promise.all(
    Array.from({ length: publishers }, async () => {
      const c = new pg.Client({ connectionString: databaseUrl, application_name: 'bench-publisher' });
      await c.connect();
      return c;
    }),
  );
  const sent = new Map(); // `${run}:${seq}` → { at, audience }
  let seq = 0;
  const until = performance.now() + DURATION_S * 1000;
  const startedAt = performance.now();
  await Promise.all(
    sessions.map(async (c) => {
      while (performance.now() < until) {
        const n = seq++;
        const a = (n * 2) % streams.length;
        const audience = [streams[a].userId, streams[(a + 1) % streams.length].userId];
        const key = `${run}:${n}`;
        const before = performance.now();
        await c.query(PUBLISH, [audience[0], audience[1], JSON.stringify({ matchId: key, status: 'bench' })]);
        sent.set(key, { at: before, committed: performance.now(), audience });
      }
    }),
  );
  const publishSeconds = (performance.now() - startedAt) / 1000;
  await Promise.all(sessions.map((c) => c.end()));

  // Wait for the streams to catch up (or stop making progress), then check every delivery.
  const expected = sent.size * 2;
  const delivered = () => streams.reduce((s, st) => s + st.events.filter((e) => e.data?.matchId?.startsWith(`${run}:`)).length, 0);
  let last = -1;
  while (delivered() < expected && delivered() !== last) {
    last = delivered();
    await sleep(500);
  }
  const lastArrival = Math.max(
    ...streams.flatMap((st) => st.events.filter((e) => e.data?.matchId?.startsWith(`${run}:`)).map((e) => e.receivedAt)),
  );
  const latencies = [];
  let missing = 0;
  let repeated = 0;
  for (const [key, { committed, audience }] of sent) {
    for (const userId of audience) {
      const got = streams.find((s) => s.userId === userId).events.filter((e) => e.data?.matchId === key);
      if (got.length === 0) missing++;
      if (got.length > 1) repeated++;
      if (got[0]) latencies.push(got[0].receivedAt - committed);
    }
  }
  if (missing || repeated) throw new Error(`${publishers} publishers: ${missing} deliveries missing, ${repeated} repeated`);
  return {
    publishers,
    events: sent.size,
    committedPerS: sent.size / publishSeconds,
    deliveredPerS: expected / ((lastArrival - startedAt) / 1000),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
  };
}

const cleanup = createCleanup({ timeLimitMs: 10 * 60_000 });
try {
  await buildServerBundle();
  const loadBefore = loadavg()[0];
  const server = await startServer(cleanup, {
    dataDir: tempDir(cleanup, 'trailbuddy-bench-notify-'),
    env: { AUTH_RATE_LIMIT_MAX: '100000000', AUTH_SENSITIVE_RATE_LIMIT_MAX: '100000000', SEED_DEMO_DATA: 'false' },
  });
  await waitForHealth(server);
  const users = await pool(STREAMS, 4, (i) => signUp(server.baseUrl, `notify-${i}@example.com`, PASSWORD, `Notify ${i}`));
  const streams = await Promise.all(
    users.map(async (u) => Object.assign(await openSse(`${server.baseUrl}/api/events`, { cookie: u.cookie }), { userId: u.id })),
  );
  cleanup.add(() => streams.forEach((s) => s.close()));

  const results = [];
  for (const [i, publishers] of PUBLISHERS.entries()) results.push(await phase(server.databaseUrl, streams, publishers, `r${i}`));

  console.log('Live events a second through NOTIFY, commit → one instance → SSE streams (docs/operations/scaling.md)');
  console.log(
    `  ${STREAMS} member streams on one instance; each event addressed to two of them; ${DURATION_S} s a phase; embedded PostgreSQL; every delivery checked (none missing or repeated)`,
  );
  console.log(
    `  machine: ${availableParallelism()} CPUs, PostgreSQL, server and publishers on it together; 1-min load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after`,
  );
  for (const r of results) {
    console.log(
      `  ${String(r.publishers).padStart(2)} publisher session(s): ${Math.round(r.committedPerS).toLocaleString('en-US').padStart(6)} events/s committed, ${Math.round(r.deliveredPerS).toLocaleString('en-US').padStart(6)} deliveries/s to streams; commit → stream p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.events.toLocaleString('en-US')} events)`,
    );
  }
} finally {
  await cleanup.run();
}
