// The buddy conversation against architecture §7's budgets (ADR 0026). Starts the built server
// (instance A, embedded PostgreSQL, fresh data dir) and measures, in this one process on loopback:
//
// 1. Latency, sender's request → partner's stream: the wall-clock time from sending
//    `POST /api/matches/:id/messages` to the partner's open `GET /api/events` stream receiving
//    `message.created` for that message, and `notification.created` (its `message-received`
//    notification), p50/p95 (budget p95 ≤ 100 ms):
//      (a) one instance: sender and partner's stream both on A;
//      (b) two instances on one PostgreSQL: a second server (B) on A's database, the partner's
//          stream on B, the send on A: the events cross LISTEN/NOTIFY;
//      (c) a person's first send against their next ones, one send at a time on A (ADR 0074).
// 2. Load: a ladder of rates (BENCH_MESSAGE_RATES, "200,400,…,1600" messages a second; or one,
//    BENCH_MESSAGE_RATE), each for BENCH_DURATION_S (30) s on A, climbing until a step does not
//    keep up (98% of the rate asked accepted; a busy instance refuses the rest for a moment with a
//    503, ADR 0082, counted apart) or loses a message: the last step that kept up is the highest
//    rate this machine sustains, and the report says whether the budget holds there (issue 25,
//    ADR 0074, ADR 0081), and which is the highest rate within it. Sent by many pairs in both directions,
//    every person within the per-person rate limit, every partner streaming. Checks that no
//    message is lost or duplicated (each partner's stream gets each message exactly once, and
//    each thread holds exactly what was sent), and reports the partner's event latency and the
//    send's response time, p50/p95/p99 (budget p95 ≤ 100 ms), and the rate achieved, on one
//    instance and then across two (each person sends through one and streams from the other),
//    with the CPU per accepted message. Beside each step, probes every 50 ms (each instance's
//    /api/trails and /api/health, PostgreSQL's `SELECT 1` and a NOTIFY, this process's event-loop
//    delay) say, for the seconds whose messages were late, whether the server, PostgreSQL or the
//    bench itself stalled; their 40 requests a second per instance are in the server's CPU
//    figure (about 0.05 ms a message at 300 a second). Its people, sessions and matches are
//    written in bulk SQL (support/seed-pairs.mjs): signing up 1,000 people through the API took
//    longer than the run.
//
// BENCH_SKIP_LOAD=1 leaves the load out; BENCH_SKIP_LATENCY=1 runs the load alone; BENCH_WARM_WAL_MB
// warms the database's WAL first (warmWal).
import { randomUUID } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { api, apiKeepAlive, pool, signUpToMatch } from './support/api.mjs';
import { cpuPerUnit, cpuSnapshot } from './support/cpu.mjs';
import { seedPendingPairs } from './support/seed-pairs.mjs';
import { buildServerBundle, createCleanup, percentile, startFirstInstance, startSecondInstance } from './support/server.mjs';
import { openSse } from './support/sse.mjs';

const LATENCY_BUDGET_MS = 100;
/** Issue 25 / ADR 0058: p95 ≤ 100 ms under load too, at the highest rate the machine sustains. */
const LOAD_BUDGET_MS = 100;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const WARMUP = 5;
const LATENCY_PAIRS = 10;
const GAP_MS = 25;
const RATES = (process.env.BENCH_MESSAGE_RATES ?? process.env.BENCH_MESSAGE_RATE ?? '200,400,600,800,1000,1100,1200,1300,1400,1500,1600')
  .split(',')
  .map(Number);
/**
 * Every person of a step sends their first message in its first second. A first message used to
 * cost the server and PostgreSQL far more than the next ones (it added the partner's mail
 * batcher, ADR 0074; a write adds no job since ADR 0078), so the report gives the figures without
 * the first seconds beside the verdict, which stays on the whole step.
 */
const FIRST_SENDS_S = 2;
/** How often the stall probes ask. */
const PROBE_MS = 50;
const SECONDS = Number(process.env.BENCH_DURATION_S ?? process.env.BENCH_MESSAGE_SECONDS ?? 30);
/** MESSAGE_RATE_LIMIT.max of packages/shared/src/contracts/messages.ts: what one person may send in a minute. */
const PER_PERSON_PER_MINUTE = 30;
/**
 * Sends in flight at most: a server that cannot keep up makes later sends start late (counted and
 * reported) instead of piling up tens of thousands of open requests in this process.
 */
const MAX_IN_FLIGHT = Number(process.env.BENCH_MAX_IN_FLIGHT ?? 512);
/** At most this long starting sends (BENCH_MAX_SEND_S; default twice the run): a run that cannot keep up still ends and reports. */
const MAX_SEND_SECONDS = Number(process.env.BENCH_MAX_SEND_S ?? 2 * SECONDS);
const PASSWORD = 'trailbuddy-bench';
const DAYS = ['saturday', 'sunday'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (ms) => `${ms.toFixed(1)} ms`;
const verdict = (ms, budget) => (ms <= budget ? 'within budget' : 'OVER BUDGET');
const stats = (samples) =>
  samples.length === 0
    ? 'no samples'
    : `p50 ${fmt(percentile(samples, 50))}  p95 ${fmt(percentile(samples, 95))}  p99 ${fmt(percentile(samples, 99))}  max ${fmt(samples.reduce((a, b) => Math.max(a, b)))}`;

/** New accounts that may match (ADR 0030), on the first instance's database; set once it runs. */
let signUp;

/** A (trail, day) session that still takes searches (one that has started answers 400), with its times. */
async function openSlot(base) {
  const probe = await signUp(base, `msg-probe-${Date.now()}@example.com`, PASSWORD, 'Message Probe');
  const { trails } = (await api(base, 'GET', '/api/trails')).body;
  for (const trail of trails) {
    for (const day of DAYS) {
      try {
        const { match } = (await api(base, 'POST', '/api/matches/search', { cookie: probe.cookie, body: { trailId: trail.id, day } })).body;
        return { trailId: trail.id, day, startTime: match.startTime, endTime: match.endTime };
      } catch (err) {
        if (err.status !== 400) throw err;
      }
    }
  }
  throw new Error('no trail session takes searches now');
}

/** The first instance (its database and session secret); set once it runs. */
let first;

/**
 * `count` pairs with a pending match each on the slot, seeded in bulk on the first instance's
 * database (support/seed-pairs.mjs); their sessions are good on every instance of it.
 */
const makePairs = (label, count, slot) => seedPendingPairs(first.databaseUrl, first.secret, { label, count, slot, baseUrl: first.baseUrl });

const isMessage = (clientId) => (e) => e.type === 'message.created' && e.data?.message?.clientId === clientId;

/** Sequential sends, one at a time, each timed to the partner's two events. */
async function measureLatency(label, { ownerBase, partnerBase, slot }) {
  const pairs = await makePairs(label, LATENCY_PAIRS, slot);
  const streams = await Promise.all(pairs.map((p) => openSse(`${partnerBase}/api/events`, { cookie: p.partner.cookie })));
  try {
    const message = [];
    const notification = [];
    const response = [];
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const k = i % pairs.length;
      const { owner, matchId } = pairs[k];
      const stream = streams[k];
      const clientId = randomUUID();
      const notificationsBefore = stream.events.filter((e) => e.type === 'notification.created').length;
      await sleep(GAP_MS);
      const sent = performance.now();
      const answered = apiKeepAlive(ownerBase, 'POST', `/api/matches/${matchId}/messages`, {
        cookie: owner.cookie,
        body: { clientId, body: `Sample ${i}: meet at the trailhead at 9?` },
      }).then(
        (r) => ({ at: performance.now(), status: r.status }),
        (err) => ({ err }),
      );
      const got = await stream.waitFor(isMessage(clientId), 10_000, `message ${clientId}`).catch(async (err) => {
        throw (await answered).err ?? err;
      });
      const told = await stream.waitFor(
        (e) =>
          e.type === 'notification.created' &&
          stream.events.filter((x) => x.type === 'notification.created').indexOf(e) >= notificationsBefore,
        10_000,
        `the notification of ${clientId}`,
      );
      const answer = await answered;
      if (answer.err) throw answer.err;
      if (answer.status !== 201) throw new Error(`the send answered ${answer.status}`);
      if (told.data?.kind !== 'message-received') throw new Error(`unexpected notification kind ${told.data?.kind}`);
      if (i < WARMUP) continue;
      message.push(got.receivedAt - sent);
      notification.push(told.receivedAt - sent);
      response.push(answer.at - sent);
    }
    return { message, notification, response, users: pairs.length * 2 };
  } finally {
    for (const s of streams) s.close();
  }
}

/**
 * A person's first send against their next ones (ADR 0074, ADR 0078): `FIRST_SEND_PAIRS` pairs who
 * have not written yet each send three messages, one send at a time on `base`, round by round.
 */
const FIRST_SEND_PAIRS = 100;
async function measureFirstSends(base, slot) {
  const pairs = await makePairs('first', FIRST_SEND_PAIRS, slot);
  const people = pairs.flatMap((p) => [
    { user: p.owner, matchId: p.matchId },
    { user: p.partner, matchId: p.matchId },
  ]);
  const rounds = [];
  for (let round = 0; round < 3; round++) {
    const times = [];
    for (const { user, matchId } of people) {
      const sent = performance.now();
      await apiKeepAlive(base, 'POST', `/api/matches/${matchId}/messages`, {
        cookie: user.cookie,
        body: { clientId: randomUUID(), body: `Round ${round}` },
      });
      times.push(performance.now() - sent);
    }
    rounds.push(times);
  }
  return rounds;
}

function reportFirstSends(rounds) {
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`  (c) one send at a time on A, ${FIRST_SEND_PAIRS * 2} people who had not written yet, three rounds`);
  rounds.forEach((times, i) =>
    console.log(
      `    ${['first sends', 'second sends', 'third sends'][i]}: mean ${fmt(mean(times))}, p50 ${fmt(percentile(times, 50))}, p95 ${fmt(percentile(times, 95))}`,
    ),
  );
}

function reportLatency(title, r) {
  const p95 = Math.max(percentile(r.message, 95), percentile(r.notification, 95));
  console.log(`  ${title}`);
  console.log(`    partner's message.created:      ${stats(r.message)}`);
  console.log(`    partner's notification.created: ${stats(r.notification)}`);
  console.log(`    ${verdict(p95, LATENCY_BUDGET_MS)} (judged on both p95s); the send's own response ${stats(r.response)}`);
}

/**
 * The load: `senders` people in pairs, each sending `perSender` messages, in a steady stream so
 * that `rate` messages leave every second, the k-th at k / rate s. Each person sends at most the
 * per-person limit within the run (a minute at most), so no send is refused for its rate, and as
 * few people as that allows are signed up (1,000 for 30,000 messages). A send that fails on the
 * network is retried with the same clientId, as the app does.
 */
/**
 * The load on `servers` (one instance, or two on one PostgreSQL): with two, each person sends
 * through one instance and streams from the other, so every message crosses LISTEN/NOTIFY.
 */
async function measureLoad(servers, slot, label, rate) {
  const [server] = servers;
  const base = server.baseUrl;
  const sendBase = (p) => servers[p % servers.length].baseUrl;
  const streamBase = (p) => servers[(p + 1) % servers.length].baseUrl;
  if (SECONDS > 60) throw new Error('BENCH_DURATION_S: at most 60 (the per-person limit is per minute)');
  const total = rate * SECONDS;
  const perSender = Math.min(PER_PERSON_PER_MINUTE, Math.ceil(total / 2));
  const senders = Math.ceil(total / perSender / 2) * 2;
  const pairCount = senders / 2;
  const setupStart = performance.now();
  const pairs = await makePairs(label, pairCount, slot);
  const seededSeconds = (performance.now() - setupStart) / 1000;
  const people = pairs.flatMap((p) => [
    { user: p.owner, partner: p.partner, matchId: p.matchId },
    { user: p.partner, partner: p.owner, matchId: p.matchId },
  ]);
  const sentAt = new Map(); // clientId → performance.now() of the first attempt
  const responses = [];
  const failures = new Map(); // status → count
  let shed = 0;
  let retries = 0;
  const received = new Map(); // clientId → how many times the partner's stream got it
  const eventLatency = [];
  const lateness = []; // [sent at, partner's latency] of each first delivery, for the stall report
  // Counted as they arrive: a person's stream gets their own messages too, and only the
  // partner's are theirs to receive.
  const onEvent = (partnerId) => (e) => {
    if (e.type !== 'message.created' || e.data?.message?.senderId !== partnerId) return;
    const clientId = e.data.message.clientId;
    const n = (received.get(clientId) ?? 0) + 1;
    received.set(clientId, n);
    if (n === 1 && sentAt.has(clientId)) {
      eventLatency.push(e.receivedAt - sentAt.get(clientId));
      lateness.push([sentAt.get(clientId), e.receivedAt - sentAt.get(clientId)]);
    }
  };
  const streams = await pool(people.length, 50, (i) =>
    openSse(`${streamBase(i)}/api/events`, { cookie: people[i].user.cookie, onEvent: onEvent(people[i].partner.id) }),
  );
  const setupSeconds = (performance.now() - setupStart) / 1000;
  const setup = `${people.length} people in ${pairCount} matches seeded in SQL in ${seededSeconds.toFixed(1)} s, their ${streams.length} streams open after ${setupSeconds.toFixed(1)} s`;
  console.log(`  load setup: ${setup}`);

  const sendOne = async (person, i, p) => {
    const clientId = randomUUID();
    sentAt.set(clientId, performance.now());
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const r = await apiKeepAlive(sendBase(p), 'POST', `/api/matches/${person.matchId}/messages`, {
          cookie: person.user.cookie,
          body: { clientId, body: `Load message ${i} from ${person.user.id}` },
        });
        responses.push(performance.now() - sentAt.get(clientId));
        return { clientId, ok: true, status: r.status };
      } catch (err) {
        // A busy instance's refusal for the moment (ADR 0082): not accepted, and not lost either
        // (a person's client sends it again after Retry-After); the step counts it apart.
        if (err.status === 503) {
          shed++;
          return { clientId, ok: false };
        }
        if (err.status) {
          failures.set(err.status, (failures.get(err.status) ?? 0) + 1);
          return { clientId, ok: false };
        }
        retries++;
      }
    }
    failures.set('network', (failures.get('network') ?? 0) + 1);
    return { clientId, ok: false };
  };

  // Round i: every person's i-th message, one after the other, `rate` a second: first every
  // owner's, then every partner's, so the two people of a thread write half a round apart, not
  // within the same few milliseconds (which the match row's lock would make one wait for the
  // other's commit, a collision two people taking turns in a conversation seldom have).
  const sendOrder = [...people.keys()].sort((a, b) => (a % 2) - (b % 2) || a - b);
  const cpuBefore = servers.map(cpuSnapshot);
  const start = performance.now();
  const probes = await startProbes(servers, start);
  const inFlight = [];
  const expected = [];
  let lateStarts = 0;
  let open = 0;
  let freed = () => undefined;
  let started = 0;
  sending: for (let i = 0; i < perSender; i++) {
    for (const [k, p] of sendOrder.entries()) {
      // A server that cannot keep up would make the run last many times its length: stop starting
      // sends past the cap, and report what was sent in that time.
      if (performance.now() - start > MAX_SEND_SECONDS * 1000) break sending;
      const due = start + ((i * people.length + k) / rate) * 1000;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      while (open >= MAX_IN_FLIGHT) await new Promise((resolve) => (freed = resolve));
      if (performance.now() - due > 50) lateStarts++;
      const person = people[p];
      started++;
      open++;
      inFlight.push(
        sendOne(person, i, p).then((r) => {
          open--;
          freed();
          if (r.ok) expected.push({ clientId: r.clientId, matchId: person.matchId });
          return r;
        }),
      );
    }
  }
  await Promise.all(inFlight);
  const sendSeconds = (performance.now() - start) / 1000;
  const probed = await probes.stop();
  // The servers' processes added up; PostgreSQL (one, in the first instance's data dir) and this bench once.
  const costs = servers.map((s, k) => cpuPerUnit(cpuBefore[k], cpuSnapshot(s), expected.length));
  const cpu = { ...costs[0], server: costs.reduce((sum, c) => sum + c.server, 0) };

  // Every message reaches its partner: wait for the stragglers, then look for gaps and doubles.
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && expected.some((m) => !received.has(m.clientId))) await sleep(100);
  const lost = expected.filter((m) => !received.has(m.clientId)).length;
  const duplicated = [...received.values()].filter((n) => n > 1).length;

  // And every thread holds exactly what was sent to it, once.
  const byMatch = new Map();
  for (const m of expected) byMatch.set(m.matchId, (byMatch.get(m.matchId) ?? new Set()).add(m.clientId));
  let storedMismatch = 0;
  await pool(pairs.length, 8, async (k) => {
    const { matchId, owner } = pairs[k];
    const stored = [];
    let before;
    do {
      const query = before ? `?limit=100&before=${before}` : '?limit=100';
      const page = (await api(base, 'GET', `/api/matches/${matchId}/messages${query}`, { cookie: owner.cookie })).body;
      stored.push(...page.messages.map((m) => m.clientId));
      before = page.nextCursor;
    } while (before);
    const want = byMatch.get(matchId) ?? new Set();
    if (stored.length !== want.size || new Set(stored).size !== stored.length || stored.some((c) => !want.has(c))) storedMismatch++;
  });
  for (const s of streams) s.close();

  return {
    rate,
    stalls: stallReport(lateness, probed, start),
    afterFirstSends: lateness.filter(([sentAt]) => sentAt - start >= FIRST_SENDS_S * 1000).map(([, ms]) => ms),
    where: servers.length === 1 ? 'on one instance' : `across ${servers.length} instances (send on one, partner's stream on the other)`,
    asked: people.length * perSender,
    attempted: started,
    accepted: expected.length,
    failures,
    shed,
    retries,
    lateStarts,
    sendSeconds,
    lost,
    duplicated,
    storedMismatch,
    matches: pairs.length,
    setup,
    eventLatency,
    responses,
    cpu,
  };
}

function reportLoad(r) {
  const p95 = percentile(r.eventLatency, 95);
  console.log(`  ${r.rate} messages a second for ${SECONDS} s ${r.where} (budget p95 ≤ ${LOAD_BUDGET_MS} ms, none lost or duplicated)`);
  console.log(`    setup: ${r.setup}`);
  const achieved = r.accepted / r.sendSeconds;
  console.log(
    `    sent ${r.attempted} of ${r.asked}${r.attempted < r.asked ? ` (stopped starting sends after ${MAX_SEND_SECONDS} s)` : ''} in ${r.sendSeconds.toFixed(1)} s (${r.lateStarts} sends started > 50 ms late, at most ${MAX_IN_FLIGHT} in flight), accepted ${r.accepted}; refused for a moment (503 busy, ADR 0082) ${r.shed}; refused otherwise ${JSON.stringify(Object.fromEntries(r.failures))}; network retries ${r.retries}`,
  );
  console.log(
    `    rate: ${achieved.toFixed(0)} accepted messages a second achieved of ${r.rate} asked (${keptUp(r) ? 'kept up' : 'DID NOT KEEP UP'})`,
  );
  console.log(
    `    lost ${r.lost}, duplicated ${r.duplicated} on the partners' streams; threads not holding exactly what was sent: ${r.storedMismatch} of ${r.matches}`,
  );
  console.log(`    partner's message.created: ${stats(r.eventLatency)}  ${verdict(p95, LOAD_BUDGET_MS)} (judged on p95)`);
  console.log(
    `      of those sent after the step's first ${FIRST_SENDS_S} s: ${stats(r.afterFirstSends)} (not the verdict; see FIRST_SENDS_S)`,
  );
  console.log(`    the send's own response:   ${stats(r.responses)}`);
  // What a message costs, whatever else the machine runs: 2 cores give 2,000 ms of CPU a second
  // to share among the server, PostgreSQL and this bench at the asked rate.
  const total = r.cpu.server + r.cpu.postgres + r.cpu.bench;
  console.log(
    `    CPU per accepted message: server ${fmt(r.cpu.server)}, PostgreSQL ${fmt(r.cpu.postgres)}, this bench ${fmt(r.cpu.bench)}; ${fmt(total)} in all (${r.rate} a second needs ≤ ${fmt((availableParallelism() * 1000) / r.rate)} on ${availableParallelism()} CPUs)`,
  );
  console.log(`    ${clean(r) ? 'no message lost or duplicated' : 'MESSAGES LOST, DUPLICATED OR REFUSED'}`);
  for (const line of r.stalls) console.log(`    ${line}`);
}

const keptUp = (r) => r.accepted / r.sendSeconds >= r.rate * 0.98;
/** Nothing lost, doubled or refused for good: a busy refusal wrote nothing (the threads show it) and is sent again by its client. */
const clean = (r) => r.lost === 0 && r.duplicated === 0 && r.storedMismatch === 0 && r.accepted + r.shed === r.attempted;
/** A step holds when it kept up, lost nothing and its partners' p95 is within the budget. */
const held = (r) => keptUp(r) && clean(r) && percentile(r.eventLatency, 95) <= LOAD_BUDGET_MS;

/**
 * Probes beside a load step, every PROBE_MS: each instance's trail list (answered from its
 * memory) and health check (a query through its pool), PostgreSQL's `SELECT 1` and a NOTIFY's
 * commit, each on a connection of its own (time to answer), and this process's event-loop delay
 * (its worst per interval). A busy server event loop shows in the trail list, a queue for the
 * server's pool in the health check alone, a database stall in `SELECT 1`, a queue for the
 * database-wide lock that NOTIFYing commits take until their WAL flush (ADR 0049) in the NOTIFY
 * alone, and the bench's own stall (which would delay the stream's timestamps, not the server)
 * in the loop delay.
 */
async function startProbes(servers, start) {
  const samples = { trails: [], health: [], postgres: [], notify: [], loop: [], waits: [] };
  const client = new pg.Client({ connectionString: first.databaseUrl });
  const notifier = new pg.Client({ connectionString: first.databaseUrl });
  const watcher = new pg.Client({ connectionString: first.databaseUrl });
  await Promise.all([client.connect(), notifier.connect(), watcher.connect()]);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let running = true;
  const probe = async (into, ask) => {
    while (running) {
      const at = performance.now();
      await ask().catch(() => undefined);
      into.push([at - start, performance.now() - at]);
      await sleep(PROBE_MS);
    }
  };
  const probing = [
    ...servers.map((s) => probe(samples.trails, () => fetch(`${s.baseUrl}/api/trails`).then((r) => r.arrayBuffer()))),
    ...servers.map((s) => probe(samples.health, () => fetch(`${s.baseUrl}/api/health`).then((r) => r.arrayBuffer()))),
    probe(samples.postgres, () => client.query('SELECT 1')),
    probe(samples.notify, () => notifier.query(`SELECT pg_notify('bench_probe', '')`)),
    watchBackends(watcher, samples.waits),
  ];
  const loopTimer = setInterval(() => {
    samples.loop.push([performance.now() - start, loop.max / 1e6]);
    loop.reset();
  }, PROBE_MS);
  return {
    async stop() {
      running = false;
      await Promise.all(probing);
      clearInterval(loopTimer);
      loop.disable();
      await Promise.all([client.end(), notifier.end(), watcher.end()]);
      return samples;
    },
  };

  /**
   * What the other backends are doing, every PROBE_MS: each one's state and wait event as
   * pg_stat_activity shows them ("active" with no wait: on a CPU; "idle in transaction" waiting
   * on ClientRead: waiting for the server's next statement; Lock, LWLock and IO waits: waiting
   * inside PostgreSQL).
   */
  async function watchBackends(db, into) {
    while (running) {
      const at = performance.now();
      const { rows } = await db
        .query(
          `SELECT state || coalesce(' ' || wait_event_type || ':' || wait_event, '') AS what, count(*)::int AS n
             FROM pg_stat_activity
            WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND state <> 'idle'
            GROUP BY 1`,
        )
        .catch(() => ({ rows: [] }));
      into.push([at - start, rows]);
      await sleep(PROBE_MS);
    }
  }
}

/**
 * The seconds whose messages reached their partner late (over the budget), worst first, with the
 * probes' worst figure in the same second: which part stalled.
 */
function stallReport(lateness, probed, start) {
  const seconds = new Map();
  const second = (at) => {
    const k = Math.floor(at / 1000);
    if (!seconds.has(k)) seconds.set(k, { k, sent: 0, late: 0, worst: 0, trails: 0, health: 0, postgres: 0, notify: 0, loop: 0 });
    return seconds.get(k);
  };
  for (const [sentAt, ms] of lateness) {
    const s = second(sentAt - start);
    s.sent++;
    if (ms > LOAD_BUDGET_MS) s.late++;
    s.worst = Math.max(s.worst, ms);
  }
  for (const key of ['trails', 'health', 'postgres', 'notify', 'loop'])
    for (const [at, ms] of probed[key]) second(at)[key] = Math.max(second(at)[key], ms);
  // Backends seen in each state and wait, added up over the second's samples.
  for (const [at, rows] of probed.waits) {
    const s = second(at);
    s.waits ??= new Map();
    s.samples = (s.samples ?? 0) + 1;
    for (const { what, n } of rows) s.waits.set(what, (s.waits.get(what) ?? 0) + n);
  }
  const waits = (s) =>
    [...(s.waits ?? new Map()).entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([what, n]) => `${what} ${(n / s.samples).toFixed(1)}`)
      .join(', ');
  const late = [...seconds.values()].filter((s) => s.late > 0).sort((a, b) => b.late - a.late);
  const total = late.reduce((n, s) => n + s.late, 0);
  if (total === 0) return ['no message over the budget'];
  const ms = (v) => `${v.toFixed(0)} ms`;
  return [
    `${total} messages over ${LOAD_BUDGET_MS} ms, sent in ${late.length} of ${seconds.size} seconds; the worst seconds, with the probes' slowest answer in each (the trail list, served from the server's memory; the health check, a query through the server's pool; PostgreSQL's SELECT 1 and a NOTIFY's commit, each on a connection of its own; this bench's event-loop delay) and how many of PostgreSQL's backends were in each state and wait:`,
    ...late
      .slice(0, 6)
      .map(
        (s) =>
          `  second ${s.k}: ${s.late} of ${s.sent} late (worst ${ms(s.worst)}); trails ${ms(s.trails)}, health ${ms(s.health)}, SELECT 1 ${ms(s.postgres)}, NOTIFY ${ms(s.notify)}, loop ${ms(s.loop)}; PostgreSQL's backends on average: ${waits(s) || 'none busy'}`,
      ),
  ];
}

/**
 * Climbs RATES on `servers` until a step does not keep up or loses a message; answers every
 * step's result. A step that keeps up but misses the latency budget does not end the climb: the
 * budget is judged at the highest rate the machine sustains (issue 25), which the climb finds.
 */
async function climb(servers, slot, label) {
  const steps = [];
  for (const rate of RATES) {
    const step = await measureLoad(servers, slot, `${label}-${rate}`, rate);
    sampleLoad();
    steps.push(step);
    if (!keptUp(step) || !clean(step)) break;
  }
  return steps;
}

function reportClimb(title, steps) {
  console.log(`  ${title}`);
  for (const step of steps) reportLoad(step);
  const highest = steps.filter(held).pop();
  const sustained = steps.filter((s) => keptUp(s) && clean(s)).pop();
  const most = Math.max(...steps.map((s) => s.accepted / s.sendSeconds));
  const p95 = (s) => fmt(percentile(s.eventLatency, 95));
  console.log(
    `  => highest rate held within the budget ${steps[0].where}: ${highest ? `${highest.rate} a second (p95 ${p95(highest)})` : 'NONE of the rates tried'}; the most accepted in any step ${most.toFixed(0)} a second`,
  );
  console.log(
    `  => highest rate sustained (kept up, nothing lost) ${steps[0].where}: ${sustained ? `${sustained.rate} a second (p95 ${p95(sustained)}): the budget ${held(sustained) ? 'HOLDS' : 'DOES NOT HOLD'} there` : 'NONE of the rates tried'}${sustained === steps.at(-1) ? ` (the ladder ended at ${sustained.rate}: ask more with BENCH_MESSAGE_RATES)` : ''}`,
  );
}

/**
 * BENCH_WARM_WAL_MB: writes that much WAL and checkpoints before the run, so the run's WAL goes
 * into recycled segments as it does in a database in service. A fresh data dir creates each
 * 16 MB segment by writing zeros while commits wait (a cold single step at 1,000 a second: p50
 * 470 ms; warmed with 600 MB: 3.5 ms, ADR 0081). A ladder warms itself in its lower steps.
 */
async function warmWal(databaseUrl, mb) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  await c.query(`CREATE TABLE bench_wal_warm AS SELECT g, repeat('x', 900) AS pad FROM generate_series(1, ${mb * 1000}) AS g`);
  await c.query('DROP TABLE bench_wal_warm');
  await c.query('CHECKPOINT');
  const { rows } = await c.query(`SELECT count(*)::int AS n FROM pg_ls_waldir()`);
  console.log(`  warmed: ${rows[0].n} WAL segments in pg_wal`);
  await c.end();
}

const cleanup = createCleanup({ timeLimitMs: 40 * 60_000 });
const loads = [];
const sampleLoad = () => loads.push(loadavg()[0].toFixed(2));
try {
  await buildServerBundle();
  sampleLoad();
  // The unread notifications' mail is due after its delay (2 minutes by default): past the end of
  // a run that keeps up. A run that falls behind would otherwise also measure a thousand batch
  // mails going to the development inbox; the delay is set past any run instead (the mail sweep
  // still looks every 30 s, as it does in service).
  const env = { NOTIFICATION_MAIL_DELAY_S: '3600' };
  const a = await startFirstInstance(cleanup, 'trailbuddy-bench-msg', env);
  first = a;
  if (process.env.BENCH_WARM_WAL_MB) await warmWal(a.databaseUrl, Number(process.env.BENCH_WARM_WAL_MB));
  signUp = signUpToMatch(a.databaseUrl);
  const slot = await openSlot(a.baseUrl);

  const skipLatency = process.env.BENCH_SKIP_LATENCY === '1';
  const single = skipLatency ? null : await measureLatency('a', { ownerBase: a.baseUrl, partnerBase: a.baseUrl, slot });
  sampleLoad();

  const b = skipLatency ? null : await startSecondInstance(cleanup, a, 'trailbuddy-bench-msg', env);
  const crossed = skipLatency ? null : await measureLatency('b', { ownerBase: a.baseUrl, partnerBase: b.baseUrl, slot });
  const firstSends = skipLatency ? null : await measureFirstSends(a.baseUrl, slot);
  sampleLoad();

  const load = process.env.BENCH_SKIP_LOAD === '1' ? null : await climb([a], slot, 'load');
  const load2 = process.env.BENCH_SKIP_LOAD === '1' || !b ? null : await climb([a, b], slot, 'load-two');

  console.log("message → partner's stream (architecture §7; ADR 0026)");
  console.log(`  latency: ${SAMPLES} samples each after ${WARMUP} warm-ups over ${LATENCY_PAIRS} pairs; client wall clock on loopback`);
  console.log(
    `  machine: ${availableParallelism()} CPUs, 1-min load average ${loads.join(' → ')} (before, after (a), after (b), then after each load step; figures above ~${availableParallelism()} mean other work shared the CPUs)`,
  );
  if (single) reportLatency('(a) one instance: send and stream on A', single);
  if (crossed) reportLatency("(b) two instances on one PostgreSQL: send on A, partner's stream on B (LISTEN/NOTIFY)", crossed);
  if (firstSends) reportFirstSends(firstSends);
  if (load) reportClimb('load on one instance, climbing', load);
  if (load2) reportClimb('load across two instances, climbing', load2);
} finally {
  await cleanup.run();
}
