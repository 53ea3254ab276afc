// Best Matches for one trail against architecture §7's budget: p95 server time ≤ 20 ms with
// 100k profiles, ≤ 50 ms with 1M, with 1,000 people searching the measured slot (BENCH_SEARCHERS).
// The profile count is the first argument (default 100,000):
//   npm run bench:best-matches -- 1000000
// Starts the built server on a fresh data dir, bulk-loads that many users with complete, varied
// profiles (plus open searches and a few of the viewer's own matches) straight into its embedded
// PostgreSQL, signs in as a demo user and times
//   - server time: Fastify's own responseTime for each request (its "request completed" log line,
//     so the server runs with LOG_LEVEL=info and LOG_FORMAT=json), over sequential requests after a warm-up;
//   - HTTP on loopback, which upper-bounds it;
//   - the ranking query alone: the statement matches/best-matches.ts builds (imported through
//     tsx, so it is exactly what the server runs), under EXPLAIN (ANALYZE, BUFFERS), with its
//     costliest plan nodes. Its answer is checked against a brute-force ranking of every profile
//     (below), which must equal the endpoint's;
//   - every page after the first (ADR 0022), following nextCursor to the end: their server time,
//     and that the walk shows every searcher of the slot exactly once, in the brute force's order;
//     the ranking statement of a page in the middle under EXPLAIN ANALYZE too.
// Comfort filters (ADR 0031) are active in both directions unless BENCH_COMFORT=0: the viewer asks
// for buddies of their gender only, aged 25 to 45, speaking Portuguese or English; a fifth of the
// loaded people ask for their own gender only, a seventh for an age band around theirs, three
// quarters list languages; a quarter carry the Reliable badge, which ranks after compatibility.
// Who may match (ADR 0038) filters too: a tenth of the people are unverified, guests or disabled,
// and the walk checks that none of them is shown.
// Distance ranks first (ADR 0068): everyone lives in a city of the profile's list (spread evenly
// over city_points), so a few in each hundred live within the viewer's travel distance of the
// trailhead; those searching are listed before every other searcher, and the brute force says so.
// Measured ability counts where both have it (ADR 0068): the viewer and one person in ten
// (BENCH_MEASURED_EVERY) imported two hikes of the last months, so those of them searching the slot
// are ranked on pace and climbing, the rest on the declared level; the brute force computes both.
import { availableParallelism, loadavg } from 'node:os';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { buildServerBundle, createCleanup, percentile, startServer, tempDir, waitForHealth } from './support/server.mjs';

const PROFILES = Number(process.argv[2] ?? process.env.BENCH_PROFILES ?? 100_000);
if (!Number.isInteger(PROFILES) || PROFILES < 1000) throw new Error(`the profile count must be an integer ≥ 1000, not ${process.argv[2]}`);
// The budget at 100k holds up to 100k; above, the 1M one.
const BUDGET_MS = PROFILES <= 100_000 ? 20 : 50;
const WARMUP = 10;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const EXPLAIN_RUNS = 5;
const VIEWER = 'miguel@trailbuddy.app';
const PASSWORD = 'trailbuddy';
const DAY = 'saturday';
/** People searching each trail on its day: the measured slot's searchers, shown page by page. */
const SEARCHERS = Number(process.env.BENCH_SEARCHERS ?? 1000);
if (SEARCHERS * 100 > PROFILES) throw new Error(`${SEARCHERS} searchers per trail need at least ${SEARCHERS * 100} profiles`);

const COMFORT = process.env.BENCH_COMFORT !== '0';
const VIEWER_COMFORT = { sameGenderOnly: true, ageMin: 25, ageMax: 45, languages: ['Portuguese', 'English'] };
const SKILL_SCORES = { beginner: 1, intermediate: 2, advanced: 3 };
const POINTS = { base: 50, pace: 20, communication: 15, adventureLevel: 15 };

/** PROFILES users, each with a complete profile, skills and preferences spread over all 243 combinations. */
async function loadProfiles(client) {
  await client.query('BEGIN');
  // Not everyone with a complete profile may match (ADR 0038): 1 in 10 has not verified the address,
  // 1 in 50 is a guest (a placeholder address), 1 in 100 is disabled. None of them may be shown.
  await client.query(
    `INSERT INTO users (id, name, email, email_verified, is_anonymous, disabled)
     SELECT 'bench-' || g, 'Bench User ' || g,
            'bench-' || g || CASE WHEN h % 50 = 7 THEN '@guest.invalid' ELSE '@bench.example' END,
            h % 10 <> 3, h % 50 = 7, h % 100 = 11
     FROM (SELECT g, abs(hashint4(g + 7919)::bigint) AS h FROM generate_series(1, $1::int) g) s`,
    [PROFILES],
  );
  await client.query(
    `WITH cp AS (SELECT array_agg(country ORDER BY country, city) AS countries, array_agg(city ORDER BY country, city) AS cities FROM city_points)
     INSERT INTO profiles (user_id, full_name, age, gender, country, city, bio, skill_hiking, skill_running, pace,
                           communication, adventure_level, has_seen_onboarding, registration_completed_at,
                           comfort_same_gender, comfort_age_min, comfort_age_max, languages, reliability_reviews, reliability_good)
     SELECT 'bench-' || g, 'Bench User ' || g, 18 + h % 50,
            (ARRAY['Male', 'Female', 'Other'])[1 + h % 3],
            cp.countries[1 + (h / 7) % cardinality(cp.countries)],
            cp.cities[1 + (h / 7) % cardinality(cp.cities)],
            'Likes long walks and early starts. Profile ' || g || '.',
            (ARRAY['beginner', 'intermediate', 'advanced'])[1 + (h / 13) % 3],
            (ARRAY['beginner', 'intermediate', 'advanced'])[1 + (h / 39) % 3],
            (ARRAY['relaxed', 'moderate', 'fast'])[1 + (h / 117) % 3],
            (ARRAY['quiet', 'balanced', 'chatty'])[1 + (h / 351) % 3],
            (ARRAY['cautious', 'moderate', 'adventurous'])[1 + (h / 1053) % 3],
            true, now() - g * interval '1 minute',
            $2 AND h % 5 = 0,
            CASE WHEN $2 AND h % 7 = 0 THEN 8 + h % 50 END,
            CASE WHEN $2 AND h % 7 = 0 THEN 28 + h % 50 END,
            CASE WHEN NOT $2 THEN '{}'::text[] ELSE (CASE (h / 5) % 4 WHEN 0 THEN '{Portuguese}' WHEN 1 THEN '{English,Spanish}' WHEN 2 THEN '{German}' ELSE '{}' END)::text[] END,
            CASE WHEN h % 4 = 0 THEN 3 ELSE 0 END,
            CASE WHEN h % 4 = 0 THEN 3 ELSE 0 END
     FROM (SELECT g, abs(hashint4(g)::bigint) AS h FROM generate_series(1, $1::int) g) s CROSS JOIN cp`,
    [PROFILES, COMFORT],
  );
  // SEARCHERS people searching each trail on its own day, their searches started over the last
  // day: the candidates shown first, the most recent first within a score.
  const searching = await client.query(
    `INSERT INTO matches (trail_id, status, start_time, end_time, id1, participants, created_at)
     SELECT t.id, 'searching', t.start_time, t.end_time, 'bench-' || g, ARRAY['bench-' || g],
            now() - (abs(hashint4(g + t."order")) % 86400) * interval '1 second'
     FROM trails t CROSS JOIN generate_series(1, $1::int) g
     WHERE (g + t."order") % 100 = 0`,
    [SEARCHERS * 100],
  );
  await client.query('COMMIT');
  // As autovacuum would leave a table loaded long ago: statistics, and a visibility map that lets
  // index-only scans skip the heap.
  await client.query('VACUUM ANALYZE');
  return searching.rowCount;
}

const MEASURED_EVERY = Number(process.env.BENCH_MEASURED_EVERY ?? 10);
/**
 * Two imported hikes' figures (as an import keeps them: no track, no place) for one loaded person
 * in MEASURED_EVERY and for the viewer: flat paces spread over 8–15 min/km, 300 m climbed in
 * 25–60 minutes (300–720 m/h), done in the last 200 days; whole seconds, so that the figures
 * (stored as real) read the same in JavaScript and in SQL.
 */
async function loadFigures(client, viewerId) {
  const { rowCount } = await client.query(
    `INSERT INTO activity_figures (user_id, source, source_key, activity, started_on, distance_meters, elevation_gain_meters,
                                   flat_moving_seconds, flat_moving_meters, climb_moving_seconds, climb_ascent_meters)
     SELECT who.user_id, 'file', 'bench-' || k, 'hiking', current_date - ((who.h + k * 37) % 200)::int, 9000, 320,
            4 * (480 + (who.h / 3 + k * 11) % 420), 4000, 1500 + (who.h / 7 + k * 13) % 2100, 300
     FROM (SELECT p.user_id, abs(hashint4(substring(p.user_id FROM 7)::int + 31))::bigint AS h
           FROM profiles p WHERE p.user_id LIKE 'bench-%') who
     CROSS JOIN generate_series(1, 2) k
     WHERE who.h % $1::int = 4
     UNION ALL
     SELECT $2::text, 'file', 'bench-viewer-' || k, 'hiking', current_date - k * 30, 9000, 320, 4 * 600, 4000, 2400, 300
     FROM generate_series(1, 2) k`,
    [MEASURED_EVERY, viewerId],
  );
  await client.query('ANALYZE activity_figures');
  return rowCount;
}

/**
 * The viewer already paired with a few people on the measured slot: they must be left out. One
 * of those is confirmed, the others are requests the viewer sent: a person is on one hike at a
 * time (ADR 0054).
 */
async function pairViewer(client, viewerId, trail) {
  // The viewer's demo plans at that hour give way to the bench's own.
  await client.query(
    `DELETE FROM matches WHERE participants @> ARRAY[$1::text] AND tstzrange(start_time, end_time) && tstzrange($2::timestamptz, $3::timestamptz)`,
    [viewerId, trail.startTime, trail.endTime],
  );
  const { rowCount } = await client.query(
    `INSERT INTO matches (trail_id, status, start_time, end_time, id1, id2, participants, requested_by)
     SELECT $2::uuid, (ARRAY['pending', 'confirmed'])[1 + (g = 1)::int], $3::timestamptz, $4::timestamptz, $1::text,
            'bench-' || (g * 100 + 53), ARRAY[$1::text, 'bench-' || (g * 100 + 53)], $1::text
     FROM generate_series(1, 5) g`,
    [viewerId, trail.id, trail.startTime, trail.endTime],
  );
  await client.query('ANALYZE matches');
  return rowCount;
}

/**
 * Hikes to join on the measured slot (ADR 0054): BENCH_HIKES confirmed hikes of three with room
 * for a fourth, of people the viewer's comfort preferences let through (and who ask nothing of
 * the viewer), so that the first page carries them; none of them searching anything.
 */
const HIKES = Number(process.env.BENCH_HIKES ?? 30);
async function loadHikes(client, trail, viewer) {
  const { rowCount } = await client.query(
    `WITH eligible AS (
       SELECT p.user_id, row_number() OVER (ORDER BY p.user_id) - 1 AS n
       FROM profiles p JOIN users u ON u.id = p.user_id
       WHERE p.user_id LIKE 'bench-%' AND u.email_verified AND NOT u.is_anonymous AND NOT u.disabled
         AND p.gender = $5 AND p.age BETWEEN 25 AND 45 AND NOT p.comfort_same_gender
         AND p.comfort_age_min IS NULL AND p.comfort_age_max IS NULL
         AND (p.languages = '{}' OR p.languages && '{Portuguese,English}'::text[])
         AND NOT EXISTS (SELECT 1 FROM matches s WHERE s.id1 = p.user_id OR s.participants @> ARRAY[p.user_id])
       LIMIT $4::int * 3
     ), grouped AS (
       SELECT n / 3 AS k, array_agg(user_id ORDER BY n) AS people FROM eligible GROUP BY n / 3 HAVING count(*) = 3
     )
     INSERT INTO matches (trail_id, status, start_time, end_time, id1, id2, participants, requested_by, capacity, confirmed_at)
     SELECT $1::uuid, 'confirmed', $2::timestamptz, $3::timestamptz, people[1], people[2], people, people[2], 4, now()
     FROM grouped`,
    [trail.id, trail.startTime, trail.endTime, HIKES, viewer.gender],
  );
  await client.query('ANALYZE matches');
  return rowCount;
}

async function signIn(baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: VIEWER, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie;
}

/**
 * The ranking by brute force: every complete profile scored in SQL, the way architecture §5 says,
 * and sorted: the searchers first, and among them those living within the viewer's travel
 * distance of the trailhead (ADR 0068: great-circle distance from their city's point, rounded to
 * a km as the card shows it). Slow by design; the reference the server's answer must equal.
 */
function bruteForceQuery(viewer, trail, slotStart, limit = 20) {
  const params = [];
  const p = (v) => `$${params.push(v)}`;
  const EARTH_RADIUS_KM = 6371.0088;
  const km = `(2 * ${EARTH_RADIUS_KM} * asin(sqrt(
      power(sin(radians(c.latitude - ${p(trail.trailhead.latitude)}::float8) / 2), 2)
      + cos(radians(${p(trail.trailhead.latitude)}::float8)) * cos(radians(c.latitude))
        * power(sin(radians(c.longitude - ${p(trail.trailhead.longitude)}::float8) / 2), 2))))`;
  const band = `CASE WHEN c.latitude IS NOT NULL AND round(${km}) <= ${p(viewer.max_travel_km)} THEN 0 ELSE 1 END`;
  const score = (column) => `(CASE ${column} WHEN 'advanced' THEN 3 WHEN 'intermediate' THEN 2 ELSE 1 END)::numeric`;
  const skill = (column, level) => `(100 * (1 - abs(${score(`p.${column}`)} - ${p(SKILL_SCORES[level])}) / 2))`;
  const hiking = () => skill('skill_hiking', viewer.skill_hiking);
  const running = () => skill('skill_running', viewer.skill_running);
  const skillPart =
    trail.activity === 'hiking' ? hiking() : trail.activity === 'running' ? running() : `((${hiking()} + ${running()}) / 2)`;
  const preference = `(${p(POINTS.base)}
        + CASE WHEN p.pace = ${p(viewer.pace)} THEN ${p(POINTS.pace)} ELSE 0 END
        + CASE WHEN p.communication = ${p(viewer.communication)} THEN ${p(POINTS.communication)} ELSE 0 END
        + CASE WHEN p.adventure_level = ${p(viewer.adventure_level)} THEN ${p(POINTS.adventureLevel)} ELSE 0 END)`;
  const declared = `round((${skillPart} + ${preference}) / 2)::int`;
  // Measured (ADR 0056, 0068), written out on its own: each measure 100 × max(0, 1 − d / 0.5) with
  // d = |a − b| / min(a, b); both measures averaged, or the one both have; then as the declared formula.
  const part = (a, b) => `greatest(0, 100 * (1 - (abs(${a} - ${b}) / least(${a}, ${b})) / 0.5))`;
  const bothPace = 'vm.pace IS NOT NULL AND m.pace IS NOT NULL';
  const bothClimb = 'vm.climb IS NOT NULL AND m.climb IS NOT NULL';
  const measuredSkill = `CASE WHEN ${bothPace} AND ${bothClimb} THEN 0.5 * ${part('vm.pace', 'm.pace')} + 0.5 * ${part('vm.climb', 'm.climb')}
        WHEN ${bothPace} THEN ${part('vm.pace', 'm.pace')} ELSE ${part('vm.climb', 'm.climb')} END`;
  const compatibility = `CASE WHEN (${bothPace}) OR (${bothClimb})
      THEN floor((${measuredSkill} + ${preference}::float8) / 2 + 0.5)::int ELSE ${declared} END`;
  // The summary of the figures of the last 12 months, per person: medians over activities, rounded.
  const measures = `SELECT f.user_id,
        round((percentile_cont(0.5) WITHIN GROUP (ORDER BY f.flat_moving_seconds::float8 / (f.flat_moving_meters::float8 / 1000))
          FILTER (WHERE f.flat_moving_meters >= 500))::numeric)::float8 AS pace,
        round((percentile_cont(0.5) WITHIN GROUP (ORDER BY f.climb_ascent_meters::float8 / (f.climb_moving_seconds::float8 / 3600))
          FILTER (WHERE f.climb_ascent_meters >= 50 AND f.climb_moving_seconds > 0))::numeric)::float8 AS climb
      FROM "activity_figures" f
      WHERE f.activity = ${p(trail.activity)} AND (f.started_on IS NULL OR f.started_on > current_date - 365)
      GROUP BY f.user_id`;
  const text = `
    SELECT p.user_id, ${compatibility} AS compatibility, s.id AS searching_match_id, ${band} AS band
    FROM "profiles" p
    LEFT JOIN "city_points" c ON c.country = p.country AND c.city = p.city
    LEFT JOIN (${measures}) m ON m.user_id = p.user_id
    LEFT JOIN (${measures}) vm ON vm.user_id = ${p(viewer.user_id)}
    LEFT JOIN "matches" s
      ON s.id1 = p.user_id AND s.trail_id = ${p(trail.id)} AND s.start_time = ${p(slotStart)} AND s.status = 'searching'
    WHERE p.registration_completed_at IS NOT NULL
      AND p.user_id <> ${p(viewer.user_id)}
      -- Who may match (ADR 0038), written out on its own: a verified address of one's own, not a guest, not disabled.
      AND EXISTS (
        SELECT 1 FROM "users" u
        WHERE u.id = p.user_id AND u.email_verified AND u.email NOT LIKE '%.invalid' AND NOT u.is_anonymous AND NOT u.disabled
      )
      -- Comfort, both ways (ADR 0031), written out on its own rather than with the server's code.
      AND (NOT ${p(viewer.comfort_same_gender)} OR p.gender = ${p(viewer.gender)})
      AND (${p(viewer.comfort_age_min)}::int IS NULL OR p.age >= ${p(viewer.comfort_age_min)})
      AND (${p(viewer.comfort_age_max)}::int IS NULL OR p.age <= ${p(viewer.comfort_age_max)})
      AND (NOT p.comfort_same_gender OR p.gender = ${p(viewer.gender)})
      AND coalesce(p.comfort_age_min <= ${p(viewer.age)}, true) AND coalesce(p.comfort_age_max >= ${p(viewer.age)}, true)
      AND (cardinality(${p(viewer.languages)}::text[]) = 0 OR cardinality(p.languages) = 0 OR p.languages && ${p(viewer.languages)}::text[])
      AND NOT EXISTS (
        SELECT 1 FROM "matches" paired
        WHERE paired.trail_id = ${p(trail.id)} AND paired.start_time = ${p(slotStart)}
          AND paired.status IN ('pending', 'confirmed')
          AND paired.participants @> ARRAY[${p(viewer.user_id)}, p.user_id]::text[]
      )
    ORDER BY (s.id IS NULL), band, compatibility DESC, p.reliable DESC, s.created_at DESC, s.id DESC, p.user_id
    LIMIT ${p(limit)}`;
  return { text, values: params };
}

/** Plan nodes with their own time (total minus children's), costliest first. */
function costliestNodes(plan) {
  const nodes = [];
  const walk = (node, depth) => {
    const total = node['Actual Total Time'] * (node['Actual Loops'] ?? 1);
    const children = node.Plans ?? [];
    const childTotal = children
      .filter((c) => c['Parent Relationship'] !== 'InitPlan')
      .reduce((sum, c) => sum + c['Actual Total Time'] * (c['Actual Loops'] ?? 1), 0);
    nodes.push({ node, depth, self: Math.max(0, total - childTotal), total });
    children.forEach((c) => walk(c, depth + 1));
  };
  walk(plan, 0);
  return nodes;
}

const describe = (n) =>
  [
    n['Node Type'],
    n['Join Type'] && `(${n['Join Type']})`,
    n['Relation Name'] && `on ${n['Relation Name']}`,
    n['Index Name'] && `using ${n['Index Name']}`,
    n['Sort Method'] && `[${n['Sort Method']}]`,
  ]
    .filter(Boolean)
    .join(' ');

/**
 * Fastify's responseTime for the Best Matches requests in a stretch of the log: "incoming
 * request" names the URL, "request completed" (same reqId) carries the time.
 */
function serverTimes(log) {
  const bestMatchesReqIds = new Set();
  const times = [];
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line);
    if (entry.msg === 'incoming request' && entry.req?.url?.includes('/best-matches')) bestMatchesReqIds.add(entry.reqId);
    if (entry.msg === 'request completed' && bestMatchesReqIds.has(entry.reqId)) times.push(entry.responseTime);
  }
  return times;
}

const fmt = (ms) => `${ms.toFixed(1)} ms`;
const verdict = (ms) => (ms <= BUDGET_MS ? 'within budget' : 'OVER BUDGET');

// Loading a million profiles on a busy 2-core machine takes minutes.
const cleanup = createCleanup({ timeLimitMs: Math.max(6, PROFILES / 50_000) * 60_000 });
try {
  await buildServerBundle();
  const load = loadavg()[0];
  const dataDir = tempDir(cleanup, 'trailbuddy-bench-matches-');
  // LOG_LEVEL=info: Fastify logs each request's responseTime, the server time measured here.
  const server = await startServer(cleanup, { dataDir, env: { LOG_LEVEL: 'info', LOG_FORMAT: 'json' } });
  await waitForHealth(server);

  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  cleanup.add(() => client.end());

  const loadStarted = performance.now();
  const searches = await loadProfiles(client);
  const loadMs = performance.now() - loadStarted;

  const { trails } = await (await fetch(`${server.baseUrl}/api/trails`)).json();
  // A trail held on the measured day, so the slot is the trail's own session.
  const trail = trails.find((t) => t.weekendDay === DAY && t.trailhead);
  if (!trail) throw new Error(`no seeded trail with a trailhead on ${DAY}`);
  if (COMFORT)
    await client.query(
      `UPDATE profiles p SET comfort_same_gender = $2, comfort_age_min = $3, comfort_age_max = $4, languages = $5
       FROM users u WHERE u.id = p.user_id AND u.email = $1`,
      [VIEWER, VIEWER_COMFORT.sameGenderOnly, VIEWER_COMFORT.ageMin, VIEWER_COMFORT.ageMax, VIEWER_COMFORT.languages],
    );
  const {
    rows: [viewer],
  } = await client.query('SELECT p.* FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = $1', [VIEWER]);
  const viewerComfort = {
    sameGenderOnly: viewer.comfort_same_gender,
    ageMin: viewer.comfort_age_min,
    ageMax: viewer.comfort_age_max,
    languages: viewer.languages,
    gender: viewer.gender,
    age: viewer.age,
  };
  const rankingViewer = {
    skills: { hiking: viewer.skill_hiking, running: viewer.skill_running },
    preferences: { pace: viewer.pace, communication: viewer.communication, adventureLevel: viewer.adventure_level },
  };
  const paired = await pairViewer(client, viewer.user_id, trail);
  const figures = await loadFigures(client, viewer.user_id);
  const hikesLoaded = await loadHikes(client, trail, viewer);
  const { rows: counts } = await client.query(
    `SELECT (SELECT count(*) FROM profiles WHERE registration_completed_at IS NOT NULL)::int AS complete,
            (SELECT count(*) FROM users u JOIN profiles p ON p.user_id = u.id
             WHERE p.registration_completed_at IS NOT NULL AND (NOT u.email_verified OR u.is_anonymous OR u.disabled))::int AS may_not_match,
            (SELECT count(*) FROM matches)::int AS matches`,
  );

  // HTTP, sequential, after a warm-up.
  const cookie = await signIn(server.baseUrl);
  const url = `${server.baseUrl}/api/trails/${trail.id}/best-matches?day=${DAY}`;
  const get = async () => {
    const started = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    const body = await res.text();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`best-matches answered ${res.status}: ${body}`);
    return { ms, body: JSON.parse(body) };
  };
  let answer;
  for (let i = 0; i < WARMUP; i++) answer = (await get()).body;
  const logFrom = server.stdout.length;
  const http = [];
  for (let i = 0; i < REQUESTS; i++) http.push((await get()).ms);
  await new Promise((r) => setTimeout(r, 300)); // let the last log lines arrive

  const serverMs = serverTimes(server.stdout.slice(logFrom));

  // Every later page, following the cursor: timed the same way, and checked for completeness.
  const walkFrom = server.stdout.length;
  const walked = [...answer.candidates];
  const cursors = [];
  for (let cursor = answer.nextCursor; cursor;) {
    cursors.push(cursor);
    const res = await fetch(`${url}&cursor=${encodeURIComponent(cursor)}`, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`best-matches page answered ${res.status}: ${await res.text()}`);
    const page = await res.json();
    walked.push(...page.candidates);
    cursor = page.nextCursor;
  }
  await new Promise((r) => setTimeout(r, 300));
  const pageMs = serverTimes(server.stdout.slice(walkFrom));
  const searchersOnSlot = walked.filter((c) => c.searchingMatchId !== null);
  const everySearcher = await client.query(bruteForceQuery(viewer, trail, trail.startTime, 1_000_000));
  const allSearchers = everySearcher.rows.filter((r) => r.searching_match_id !== null);
  const { rows: mayNotMatch } = await client.query(
    'SELECT id FROM users WHERE id = ANY($1::text[]) AND (NOT email_verified OR is_anonymous OR disabled)',
    [walked.map((c) => c.profile.id)],
  );
  const walkComplete =
    mayNotMatch.length === 0 &&
    new Set(walked.map((c) => c.profile.id)).size === walked.length &&
    searchersOnSlot.length === allSearchers.length &&
    searchersOnSlot.every(
      (c, i) =>
        c.profile.id === allSearchers[i].user_id &&
        c.compatibility === allSearchers[i].compatibility &&
        c.trailhead.beyond === (allSearchers[i].band === 1),
    );
  const nearSearchers = allSearchers.filter((r) => r.band === 0).length;

  // The server's ranking query, built by its own code; the brute force checks the endpoint.
  const { rankingQuery } = await tsImport('../apps/server/src/matches/best-matches.ts', import.meta.url);
  const { summaryCutoffDay } = await tsImport('../apps/server/src/matches/hike-people.ts', import.meta.url);
  const rankingInput = (after) => ({
    viewerId: viewer.user_id,
    viewer: rankingViewer,
    comfort: viewerComfort,
    trailId: trail.id,
    activity: trail.activity,
    slotStart: new Date(trail.startTime),
    near: { trailhead: trail.trailhead, maxTravelKm: viewer.max_travel_km },
    measured: { pace: true, climb: true, since: summaryCutoffDay(new Date()) },
    after,
  });
  const toQuery = (after) => {
    const built = new PgDialect().sqlToQuery(rankingQuery(rankingInput(after)));
    return { text: built.sql, values: built.params };
  };
  const query = toQuery(undefined);
  // A page in the middle of the searchers: its cursor is the server's, decoded as the server does.
  const middle = cursors[Math.floor(cursors.length / 2)];
  const middleQuery = middle ? toQuery(JSON.parse(Buffer.from(middle, 'base64url').toString('utf8'))) : undefined;
  const reference = await client.query(bruteForceQuery(viewer, trail, trail.startTime));
  const same = (rows) =>
    rows.length === answer.candidates.length &&
    rows.every((r, i) => r.user_id === answer.candidates[i].profile.id && r.compatibility === answer.candidates[i].compatibility);
  // The endpoint scores the measured searchers on the server (ADR 0068), so the brute force is
  // checked against the endpoint's answer; the statement is timed on its own below.
  const sameAnswer = same(reference.rows);
  /** The median of EXPLAIN_RUNS runs of a statement under EXPLAIN (ANALYZE, BUFFERS). */
  const explainMedian = async ({ text, values }) => {
    const runs = [];
    for (let i = 0; i < EXPLAIN_RUNS; i++) {
      const { rows } = await client.query({ text: `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values });
      runs.push(rows[0]['QUERY PLAN'][0]);
    }
    runs.sort((a, b) => a['Execution Time'] - b['Execution Time']);
    return runs[Math.floor(runs.length / 2)];
  };
  const median = await explainMedian(query);
  const middleMedian = middleQuery ? await explainMedian(middleQuery) : undefined;

  const p50 = percentile(serverMs, 50);
  const p95 = percentile(serverMs, 95);
  console.log(
    `Best Matches for one trail with ${PROFILES.toLocaleString('en-US')} profiles (budget p95 ≤ ${BUDGET_MS} ms server time; architecture §7)`,
  );
  console.log(
    `  data: ${counts[0].complete.toLocaleString('en-US')} complete profiles, ${counts[0].may_not_match.toLocaleString('en-US')} of them people who may not match (unverified, guests, disabled) (${PROFILES.toLocaleString('en-US')} loaded in ${(loadMs / 1000).toFixed(1)} s), ${counts[0].matches.toLocaleString('en-US')} matches (${searches.toLocaleString('en-US')} open searches, ${paired} of the viewer's on this slot, ${hikesLoaded} hikes with room on it, ${answer.hikes?.length ?? 0} of them offered on the first page), ${figures.toLocaleString('en-US')} imported activities' figures (1 person in ${MEASURED_EVERY} and the viewer)`,
  );
  console.log(
    `  GET /api/trails/:id/best-matches?day=${DAY}: "${trail.name}" (${trail.activity}), signed in as ${VIEWER}; ${answer.candidates.length} candidates`,
  );
  console.log(
    COMFORT
      ? `  comfort filters on, both ways: the viewer (${viewer.gender}, ${viewer.age}) asks for ${JSON.stringify(VIEWER_COMFORT)}; loaded people ask for their own gender (1 in 5), an age band (1 in 7), languages (3 in 4)`
      : '  comfort filters off (BENCH_COMFORT=0)',
  );
  console.log(`  machine: ${availableParallelism()} CPUs, 1-min load average ${load.toFixed(2)} before the run`);
  if (serverMs.length === REQUESTS) {
    console.log(
      `  server time (Fastify responseTime), ${REQUESTS} sequential requests after ${WARMUP} warm-up: p50 ${fmt(p50)}  p95 ${fmt(p95)}  ${verdict(p95)} (judged on p95)`,
    );
  } else {
    console.log(`  server time: found ${serverMs.length} of ${REQUESTS} request log lines; see HTTP below`);
  }
  console.log(`  HTTP on loopback (upper bound), same requests: p50 ${fmt(percentile(http, 50))}  p95 ${fmt(percentile(http, 95))}`);
  console.log(
    `  every later page (${cursors.length} pages, ${walked.length.toLocaleString('en-US')} candidates in all, ${searchersOnSlot.length.toLocaleString('en-US')} of them searching the slot, ${nearSearchers} of those within ${viewer.max_travel_km} km of the trailhead): server time p50 ${fmt(percentile(pageMs, 50))}  p95 ${fmt(percentile(pageMs, 95))}  ${verdict(percentile(pageMs, 95))}; ${walkComplete ? 'every searcher exactly once, in the brute-force order, nobody who may not match' : `the walk DISAGREES with the brute-force ranking of the searchers${mayNotMatch.length ? ` (${mayNotMatch.length} who may not match shown)` : ''}`}`,
  );
  if (middleMedian)
    console.log(
      `  a middle page's ranking query (EXPLAIN ANALYZE, median of ${EXPLAIN_RUNS}): execution ${fmt(middleMedian['Execution Time'])}, planning ${fmt(middleMedian['Planning Time'])}`,
    );
  console.log(
    `  the ranking query alone (EXPLAIN ANALYZE, median of ${EXPLAIN_RUNS}): execution ${fmt(median['Execution Time'])}, planning ${fmt(median['Planning Time'])} (the measured searchers are its last branch); ${sameAnswer ? 'the endpoint and a brute-force ranking (band, measured ability) agree on all 20 candidates' : 'the endpoint and a brute-force ranking DISAGREE'}`,
  );
  // The planner's estimate decides whether PostgreSQL compiles the statement (jit_above_cost): a
  // compilation costs more than the statement itself, so it is said when it happens.
  const jit = (plan) => (plan.JIT ? `JIT compiled ${plan.JIT.Functions} functions in ${fmt(plan.JIT.Timing.Total)}` : 'no JIT');
  console.log(
    `  the ranking query's estimated cost ${Math.round(median.Plan['Total Cost']).toLocaleString('en-US')} (${jit(median)})${middleMedian ? `, a middle page's ${Math.round(middleMedian.Plan['Total Cost']).toLocaleString('en-US')} (${jit(middleMedian)})` : ''}`,
  );
  // BENCH_PLAN=1 prints the first page's whole plan, as PostgreSQL words it.
  if (process.env.BENCH_PLAN === '1') {
    const { rows } = await client.query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${query.text}`, values: query.values });
    console.log(rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'));
  }
  console.log('  costliest plan nodes (own time, summed over loops and parallel workers):');
  for (const { node, self, total } of costliestNodes(median.Plan)
    .sort((a, b) => b.self - a.self)
    .slice(0, 6)) {
    const rows = `${node['Actual Rows'].toLocaleString('en-US')} rows × ${node['Actual Loops']} loops`;
    console.log(`    ${fmt(self).padStart(9)} own, ${fmt(total).padStart(9)} total  ${describe(node)}  (${rows})`);
  }
  if (process.env.BENCH_PLAN) {
    const print = (n, depth) => {
      console.log(
        `    ${'  '.repeat(depth)}-> ${describe(n)}  actual ${n['Actual Total Time'].toFixed(2)} ms × ${n['Actual Loops']}, ${n['Actual Rows']} rows${n.Filter ? `  filter: ${n.Filter}` : ''}${n['Hash Cond'] ? `  hash: ${n['Hash Cond']}` : ''}${n['Join Filter'] ? `  join filter: ${n['Join Filter']}` : ''}${n['Index Cond'] ? `  index cond: ${n['Index Cond']}` : ''}${n['Recheck Cond'] ? `  recheck: ${n['Recheck Cond']}` : ''}`,
      );
      (n.Plans ?? []).forEach((c) => print(c, depth + 1));
    };
    console.log('  plan:');
    print(median.Plan, 0);
  }
} finally {
  await cleanup.run();
}
