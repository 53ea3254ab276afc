// What one request costs in CPU, part by part (ADR 0049): the server process, the PostgreSQL behind
// it and this client, per request, for requests that add one piece of work at a time:
//   - GET /api/health: Fastify and the HTTP round trip, nothing signed in;
//   - GET /api/messages/unread: plus the session check (Better Auth's cookie cache, ADR 0058, or
//     on a repeat the instance's memo of its answer, ADR 0069) and one small query of ours;
//   - POST /api/matches/:id/messages: plus the send (ADR 0037), its live events and notification.
// The budget of architecture §7 for messages (1,000 a second on one instance) leaves
// 2,000 ms of CPU a second on this machine's 2 cores, 2.0 ms per message for all three parts.
// CPU time, unlike a rate, barely moves when other work shares the machine (support/cpu.mjs).
//   npm run bench:request-cost            (BENCH_REQUESTS per kind, default 1,000)
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import autocannon from 'autocannon';
import { api, pool } from './support/api.mjs';
import { cpuPerUnit, cpuSnapshot } from './support/cpu.mjs';
import { seedPendingPairs } from './support/seed-pairs.mjs';
import { buildServerBundle, createCleanup, startFirstInstance } from './support/server.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
/** Seconds of each requests-a-second phase (autocannon, 20 connections), after a 1 s warm-up. */
const RATE_S = Number(process.env.BENCH_DURATION ?? 5);
/** ADR 0058's budgets: CPU of a request against the health check's, and requests a second against its. */
const CPU_BUDGETS = { 'GET /api/messages/unread': 1.5, 'GET /api/notifications/unread-count': 1.5, 'POST /api/matches/:id/messages': 3.0 };
const RATE_BUDGETS = { 'GET /api/notifications/unread-count': 0.6, 'GET /api/auth/get-session': 0.4 };
const CONCURRENCY = 4;
/** MESSAGE_RATE_LIMIT.max of packages/shared/src/contracts/messages.ts: sends a person may make in a minute. */
const PER_PERSON_PER_MINUTE = 30;
const fmt = (ms) => `${ms.toFixed(2)} ms`.padStart(9);

const cleanup = createCleanup({ timeLimitMs: 10 * 60_000 });
try {
  await buildServerBundle();
  const loadBefore = loadavg()[0];
  // The batched notification mail would fall due within a long run; it is not what is measured.
  const server = await startFirstInstance(cleanup, 'trailbuddy-bench-cost', { NOTIFICATION_MAIL_DELAY_S: '3600' });
  const base = server.baseUrl;
  const { trails } = (await api(base, 'GET', '/api/trails')).body;
  // A pending match a few days ahead: its conversation is open (ADR 0026).
  const start = Date.now() + 3 * 86_400_000;
  const slot = { trailId: trails[0].id, startTime: new Date(start).toISOString(), endTime: new Date(start + 3_600_000).toISOString() };
  // Enough people that nobody sends more than the per-person limit in the warm-up and the run.
  const pairCount = Math.ceil((REQUESTS * 1.1) / PER_PERSON_PER_MINUTE / 2) + 1;
  const pairs = await seedPendingPairs(server.databaseUrl, server.secret, { label: 'cost', count: pairCount, slot, baseUrl: base });
  const people = pairs.flatMap((p) => [
    { cookie: p.owner.cookie, matchId: p.matchId },
    { cookie: p.partner.cookie, matchId: p.matchId },
  ]);

  const kinds = [
    ['GET /api/health', () => api(base, 'GET', '/api/health')],
    ['GET /api/messages/unread', (i) => api(base, 'GET', '/api/messages/unread', { cookie: people[i % people.length].cookie })],
    [
      'GET /api/notifications/unread-count',
      (i) => api(base, 'GET', '/api/notifications/unread-count', { cookie: people[i % people.length].cookie }),
    ],
    ['GET /api/auth/get-session', (i) => api(base, 'GET', '/api/auth/get-session', { cookie: people[i % people.length].cookie })],
    [
      'POST /api/matches/:id/messages',
      (i) => {
        const { cookie, matchId } = people[i % people.length];
        return api(base, 'POST', `/api/matches/${matchId}/messages`, { cookie, body: { clientId: randomUUID(), body: `Cost probe ${i}` } });
      },
    ],
  ];
  console.log(`CPU per request, ${REQUESTS} requests of each kind, ${CONCURRENCY} at a time, after a warm-up (ADR 0049)`);
  console.log(`  machine: ${availableParallelism()} CPUs, 1-min load average ${loadBefore.toFixed(2)} before the run`);
  console.log(`  ${'request'.padEnd(32)}${'server'.padStart(9)}${'postgres'.padStart(10)}${'client'.padStart(10)}${'all'.padStart(10)}`);
  let offset = 0;
  const cpu = {};
  const served = {};
  for (const [name, request] of kinds) {
    const warmUp = Math.ceil(REQUESTS / 10);
    // Each index is used once per kind, so no person exceeds their share of sends.
    await pool(warmUp, CONCURRENCY, (i) => request(offset + i));
    offset += warmUp;
    const before = cpuSnapshot(server);
    await pool(REQUESTS, CONCURRENCY, (i) => request(offset + i));
    offset += REQUESTS;
    const cost = cpuPerUnit(before, cpuSnapshot(server), REQUESTS);
    cpu[name] = cost.server + cost.postgres + cost.bench;
    served[name] = cost.server + cost.postgres;
    console.log(
      `  ${name.padEnd(32)}${fmt(cost.server)} ${fmt(cost.postgres)} ${fmt(cost.bench)} ${fmt(cost.server + cost.postgres + cost.bench)}`,
    );
  }
  const health = cpu['GET /api/health'];
  console.log(`  CPU against the health check's (all parts), ADR 0058's budgets:`);
  for (const [name, budget] of Object.entries(CPU_BUDGETS)) {
    const ratio = cpu[name] / health;
    console.log(`    ${name.padEnd(38)} ${ratio.toFixed(2)}x  (budget <= ${budget.toFixed(1)}x) ${ratio <= budget ? 'met' : 'NOT met'}`);
  }
  // The budgets count this client's CPU (fetch, as a browser's request), as ADR 0049's figures
  // did; it adds the same to every kind and so narrows the ratios. What our side alone costs:
  console.log(`  the same without this client's CPU (server and PostgreSQL only; not the budgets' measure):`);
  for (const name of Object.keys(CPU_BUDGETS)) {
    console.log(`    ${name.padEnd(38)} ${(served[name] / served['GET /api/health']).toFixed(2)}x`);
  }

  // Requests a second, side by side in this run: the same server, the same load on the machine.
  const rate = async (path, cookie) => {
    const opts = { url: `${base}${path}`, headers: cookie ? { cookie } : {}, connections: 20 };
    await autocannon({ ...opts, duration: 1 });
    const r = await autocannon({ ...opts, duration: RATE_S });
    if (r.errors + r.timeouts + r.non2xx > 0) throw new Error(`${path}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
    return r.requests.average;
  };
  console.log(`Requests a second, 20 connections, ${RATE_S} s each; 1-min load average ${loadavg()[0].toFixed(2)} before`);
  const rates = { 'GET /api/health': await rate('/api/health') };
  for (const name of Object.keys(RATE_BUDGETS)) rates[name] = await rate(name.slice(4), people[0].cookie);
  for (const [name, value] of Object.entries(rates)) {
    const budget = RATE_BUDGETS[name];
    const ratio = value / rates['GET /api/health'];
    const verdict =
      budget === undefined
        ? ''
        : `${(ratio * 100).toFixed(0)}% of health (budget >= ${budget * 100}%) ${ratio >= budget ? 'met' : 'NOT met'}`;
    console.log(`    ${name.padEnd(38)} ${value.toFixed(0).padStart(6)}/s  ${verdict}`);
  }
  console.log(
    `  1-min load average ${loadavg()[0].toFixed(2)} after; 1,000 messages a second on ${availableParallelism()} CPUs leave ${fmt((availableParallelism() * 1000) / 1000).trim()} a message for all parts`,
  );
} finally {
  await cleanup.run();
}
