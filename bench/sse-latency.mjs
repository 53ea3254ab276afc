// Match accepted → the partner's SSE event, against architecture §7's budget (p95 ≤ 100 ms,
// also across two instances). Starts the built server (instance A, embedded PostgreSQL, fresh
// data dir) and measures, in this one process on loopback, the wall-clock time from sending
// `POST /api/matches/:id/accept` (the search owner) to the partner's open `GET /api/events`
// stream receiving `match.changed` with status `confirmed` for that match:
//   (a) one instance: the accept and the partner's stream both on A;
//   (b) two instances on one PostgreSQL: a second server (B) on A's database, the partner's
//       stream (and their request) on B, the accept on A: the event crosses LISTEN/NOTIFY.
// Each sample is a fresh match: an owner's search on one (trail, day), requested by a partner
// who holds one stream for the whole run. Owners and partners are new users, each in at most one
// match per (trail, day), as the product allows.
import { availableParallelism, loadavg } from 'node:os';
import { api, pool, signUpToMatch } from './support/api.mjs';
import { buildServerBundle, createCleanup, percentile, startFirstInstance, startSecondInstance } from './support/server.mjs';
import { openSse } from './support/sse.mjs';

const BUDGET_MS = 100;
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const WARMUP = 5;
/** A pause between samples, so one accept's after-effects (its mails) do not queue the next. */
const GAP_MS = 25;
const PASSWORD = 'trailbuddy-bench';
const DAYS = ['saturday', 'sunday'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const fmt = (ms) => `${ms.toFixed(1)} ms`;
const verdict = (ms) => (ms <= BUDGET_MS ? 'within budget' : 'OVER BUDGET');

/**
 * Every (trail, day) session that still takes searches (one that has started answers 400), found
 * with a throwaway user's searches.
 */
/** New accounts that may match (ADR 0030), on the first instance's database; set once it runs. */
let signUp;

async function openSlots(base) {
  const probe = await signUp(base, `sse-probe-${Date.now()}@example.com`, PASSWORD, 'SSE Probe');
  const { trails } = (await api(base, 'GET', '/api/trails')).body;
  const slots = [];
  for (const trail of trails) {
    for (const day of DAYS) {
      try {
        await api(base, 'POST', '/api/matches/search', { cookie: probe.cookie, body: { trailId: trail.id, day } });
        slots.push({ trailId: trail.id, day });
      } catch (err) {
        if (err.status !== 400) throw err;
      }
    }
  }
  if (slots.length === 0) throw new Error('no trail session takes searches now');
  return slots;
}

/**
 * `WARMUP + SAMPLES` accepts. The owner searches and accepts on `ownerBase`; the partner signs
 * up, streams and requests on `partnerBase`. Returns the measured samples (warm-ups dropped).
 */
async function measure(label, { ownerBase, partnerBase, slots }) {
  const total = WARMUP + SAMPLES;
  const pairs = await pool(Math.ceil(total / slots.length), 2, async (k) => ({
    owner: await signUp(ownerBase, `sse-${label}-owner-${k}@example.com`, PASSWORD, `Owner ${label}${k}`),
    partner: await signUp(partnerBase, `sse-${label}-partner-${k}@example.com`, PASSWORD, `Partner ${label}${k}`),
  }));
  const streams = await Promise.all(pairs.map((p) => openSse(`${partnerBase}/api/events`, { cookie: p.partner.cookie })));
  try {
    const event = [];
    const response = [];
    const afterResponse = [];
    for (let i = 0; i < total; i++) {
      const k = Math.floor(i / slots.length);
      const { owner, partner } = pairs[k];
      const stream = streams[k];
      const slot = slots[i % slots.length];
      const { match } = (await api(ownerBase, 'POST', '/api/matches/search', { cookie: owner.cookie, body: slot })).body;
      await api(partnerBase, 'POST', `/api/matches/${match.id}/request`, { cookie: partner.cookie });
      const is = (status) => (e) => e.type === 'match.changed' && e.data?.matchId === match.id && e.data?.status === status;
      // The partner's stream has delivered the request: nothing of this match is still in flight.
      await stream.waitFor(is('pending'), 10_000, `match ${match.id} pending`);
      await sleep(GAP_MS);

      const sent = performance.now();
      // Settled either way, so a failed accept is reported here rather than as an unhandled rejection.
      const accepted = api(ownerBase, 'POST', `/api/matches/${match.id}/accept`, { cookie: owner.cookie }).then(
        (r) => ({ at: performance.now(), status: r.body.status }),
        (err) => ({ err }),
      );
      const confirmed = await stream.waitFor(is('confirmed'), 10_000, `match ${match.id} confirmed`).catch(async (err) => {
        const answer = await accepted;
        throw answer.err ?? err;
      });
      const answer = await accepted;
      if (answer.err) throw answer.err;
      if (answer.status !== 'confirmed') throw new Error(`the accept answered status ${answer.status}`);
      if (i < WARMUP) continue;
      event.push(confirmed.receivedAt - sent);
      response.push(answer.at - sent);
      afterResponse.push(confirmed.receivedAt - answer.at);
    }
    return { event, response, afterResponse, users: pairs.length * 2 };
  } finally {
    for (const s of streams) s.close();
  }
}

function report(title, r) {
  const p95 = percentile(r.event, 95);
  console.log(`  ${title}`);
  console.log(
    `    partner's event: p50 ${fmt(percentile(r.event, 50))}  p95 ${fmt(p95)}  max ${fmt(Math.max(...r.event))}  ${verdict(p95)} (judged on p95)`,
  );
  const first = r.afterResponse.filter((d) => d < 0).length;
  console.log(
    `    context: the accept's own HTTP response p50 ${fmt(percentile(r.response, 50))}  p95 ${fmt(percentile(r.response, 95))}; event minus response p50 ${fmt(percentile(r.afterResponse, 50))}  p95 ${fmt(percentile(r.afterResponse, 95))} (the event came first in ${first} of ${r.event.length})`,
  );
}

const cleanup = createCleanup({ timeLimitMs: 5 * 60_000 });
try {
  await buildServerBundle();
  const load = loadavg()[0];
  const a = await startFirstInstance(cleanup, 'trailbuddy-bench-sse');
  signUp = signUpToMatch(a.databaseUrl);
  const slots = await openSlots(a.baseUrl);

  const single = await measure('a', { ownerBase: a.baseUrl, partnerBase: a.baseUrl, slots });

  const b = await startSecondInstance(cleanup, a, 'trailbuddy-bench-sse');
  const crossed = await measure('b', { ownerBase: a.baseUrl, partnerBase: b.baseUrl, slots });

  console.log("match accepted → partner's SSE event (budget p95 ≤ 100 ms, also across two instances; architecture §7)");
  console.log(
    `  ${SAMPLES} samples each after ${WARMUP} warm-ups; one match per sample over ${slots.length} (trail, day) sessions, ${single.users} + ${crossed.users} new users; client wall clock on loopback`,
  );
  console.log(
    `  machine: ${availableParallelism()} CPUs, 1-min load average ${load.toFixed(2)} before the run, ${loadavg()[0].toFixed(2)} after (figures above ~${availableParallelism()} mean other work shared the CPUs)`,
  );
  report('(a) one instance: accept and stream on A', single);
  report("(b) two instances on one PostgreSQL: accept on A, partner's stream on B (LISTEN/NOTIFY)", crossed);
} finally {
  await cleanup.run();
}
