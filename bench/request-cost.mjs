// What one request costs in CPU, part by part (ADR 0049): the server process, the PostgreSQL behind
// it and this client, per request, for requests that add one piece of work at a time:
//   - GET /api/health: Fastify and the HTTP round trip, nothing signed in;
//   - GET /api/messages/unread: plus Better Auth's session check (its signed cookie and two
//     queries) and one small query of ours;
//   - POST /api/matches/:id/messages: plus the send (ADR 0037), its live events and notification.
// The budget of ARCHITECTURE.md §7 for messages (1,000 a second on one instance) leaves
// 2,000 ms of CPU a second on this machine's 2 cores, 2.0 ms per message for all three parts.
// CPU time, unlike a rate, barely moves when other work shares the machine (support/cpu.mjs).
//   npm run bench:request-cost            (BENCH_REQUESTS per kind, default 1,000)
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { api, pool } from './support/api.mjs';
import { cpuPerUnit, cpuSnapshot } from './support/cpu.mjs';
import { seedPendingPairs } from './support/seed-pairs.mjs';
import { buildServerBundle, createCleanup, startFirstInstance } from './support/server.mjs';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
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
  const pairs = await seedPendingPairs(server.databaseUrl, server.secret, { label: 'cost', count: pairCount, slot });
  const people = pairs.flatMap((p) => [
    { cookie: p.owner.cookie, matchId: p.matchId },
    { cookie: p.partner.cookie, matchId: p.matchId },
  ]);

  const kinds = [
    ['GET /api/health', () => api(base, 'GET', '/api/health')],
    ['GET /api/messages/unread', (i) => api(base, 'GET', '/api/messages/unread', { cookie: people[i % people.length].cookie })],
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
  for (const [name, request] of kinds) {
    const warmUp = Math.ceil(REQUESTS / 10);
    // Each index is used once per kind, so no person exceeds their share of sends.
    await pool(warmUp, CONCURRENCY, (i) => request(offset + i));
    offset += warmUp;
    const before = cpuSnapshot(server);
    await pool(REQUESTS, CONCURRENCY, (i) => request(offset + i));
    offset += REQUESTS;
    const cost = cpuPerUnit(before, cpuSnapshot(server), REQUESTS);
    console.log(
      `  ${name.padEnd(32)}${fmt(cost.server)} ${fmt(cost.postgres)} ${fmt(cost.bench)} ${fmt(cost.server + cost.postgres + cost.bench)}`,
    );
  }
  console.log(
    `  1-min load average ${loadavg()[0].toFixed(2)} after; 1,000 messages a second on ${availableParallelism()} CPUs leave ${fmt((availableParallelism() * 1000) / 1000).trim()} a message for all parts`,
  );
} finally {
  await cleanup.run();
}
