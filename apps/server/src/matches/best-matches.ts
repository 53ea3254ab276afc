import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { BestMatchPage, HikeToJoin, StartSearchInput } from '@trailbuddy/shared/contracts/match';
import { ADVENTURE_LEVELS, COMMUNICATION_STYLES, PACES, SKILL_LEVELS, type Activity } from '@trailbuddy/shared/contracts/enums';
import { compatibility, compatibilityReasons, groupReasons, type CompatibilityProfile } from '@trailbuddy/shared/domain/compatibility';
import { abilityFor, measuredCompatibility, measuredReasons, type MeasuredSide } from '@trailbuddy/shared/domain/measured-compatibility';
import { MIN_CLIMB_METERS, MIN_FLAT_METERS } from '../ability/summary.js';
import { cityPoint } from '@trailbuddy/shared/data/city-points';
import {
  DEFAULT_MAX_TRAVEL_KM,
  nearestOf,
  trailheadDistance,
  type LatLng,
  type TrailheadDistance,
} from '@trailbuddy/shared/domain/distance';
import type { DbOrTx } from '../db/client.js';
import { profiles, trails, users } from '../db/schema/index.js';
import { notFound } from '../errors.js';
import { accountMayMatch, mayBeMatched } from '../policies/may-match-rule.js';
import { decodeCursor, encodeCursor, fromMicros, microsOf } from '../cursor.js';
import { comfortFilter, PROFILE_COMFORT, viewerComfortOf, type ViewerComfort } from '../profiles/comfort.js';
import { hikesWithRoom, myOpenJoinRequests } from './hike-joins.js';
import {
  averageCompatibility,
  countedFigures,
  hikePerson,
  matchingTraits,
  peopleById,
  summaryCutoffDay,
  summaryOfFigures,
} from './hike-people.js';
import { placesLeftOn } from './match-presenter.js';
import { toPublicProfile } from '../profiles/person.js';
import { withinTravel } from '../trails/trail-distance.js';
import { slotOf } from '../trails/trail-slots.js';

/** Candidates per page. */
export const BEST_MATCHES_PAGE = 20;
/**
 * People not searching the slot that are suggested at most, after everyone searching it: the
 * best-fitting few, never a way to page through every member (architecture §5).
 */
export const OTHERS_SHOWN = 20;

/**
 * Where a page ends (ADR 0022): among the slot's searchers, by travel band (ADR 0068), score,
 * badge (ADR 0031), search start (microseconds) and match id; or among the others, by band,
 * score, badge and user id.
 */
const score = z.number().int().min(0).max(100);
/** 0 within the viewer's travel distance of the trailhead, 1 farther or not known (ADR 0068). */
const band = z.number().int().min(0).max(1);
/** The badge as 1 or 0 (a cursor holds numbers and strings). */
const badge = z.number().int().min(0).max(1);
const position = z.union([
  z.tuple([z.literal('s'), band, score, badge, z.number().int().min(0).max(Number.MAX_SAFE_INTEGER), z.uuid()]),
  z.tuple([z.literal('o'), band, score, badge, z.string().min(1).max(200)]),
]);
export type BestMatchesPosition = z.infer<typeof position>;

/**
 * Compatibility depends only on the trail's activity skill and three preferences, of three
 * values each. Scoring the kinds (with the domain rule itself, not a copy of it in SQL) and then
 * taking the first users of the best kinds through an index makes the work depend on the number
 * of kinds, not on the number of profiles. A hiking or running trail's kinds are the hiking and
 * running skills and the preferences (243, the order of its indexes); a biking trail's, the
 * biking skill and the preferences (81, issue 23: profiles_biking_kind_idx and
 * matches_searching_biking_kind_recent_idx).
 */
function scoredKinds(viewer: CompatibilityProfile | null, activity: Activity) {
  const kinds = {
    h: [] as string[],
    r: [] as string[],
    b: [] as string[],
    pa: [] as string[],
    co: [] as string[],
    ad: [] as string[],
    score: [] as number[],
    reliable: [] as boolean[],
  };
  // Biking reads one skill; the other two only need to be complete for the rule to score.
  const skillKinds =
    activity === 'biking'
      ? SKILL_LEVELS.map((biking) => ({ hiking: SKILL_LEVELS[0], running: SKILL_LEVELS[0], biking }))
      : SKILL_LEVELS.flatMap((hiking) => SKILL_LEVELS.map((running) => ({ hiking, running, biking: SKILL_LEVELS[0] })));
  for (const skills of skillKinds)
    for (const pace of PACES)
      for (const communication of COMMUNICATION_STYLES)
        for (const adventureLevel of ADVENTURE_LEVELS) {
          // Missing data on the viewer's side gives every kind the default (architecture §5).
          const score = compatibility(viewer, { skills, preferences: { pace, communication, adventureLevel } }, activity);
          // The reliability badge splits each kind in two: it ranks after compatibility (ADR 0031).
          for (const reliable of [true, false]) {
            kinds.h.push(skills.hiking);
            kinds.r.push(skills.running);
            kinds.b.push(skills.biking);
            kinds.pa.push(pace);
            kinds.co.push(communication);
            kinds.ad.push(adventureLevel);
            kinds.score.push(score);
            kinds.reliable.push(reliable);
          }
        }
  return kinds;
}

/** A candidate's skills of a kind: the biking skill on a biking trail, else hiking and running. */
function skillsOfKind(activity: Activity, alias: 's' | 'p'): SQL {
  const column = (name: string) => sql.raw(alias === 's' ? `s.searcher_skill_${name}` : `p.skill_${name}`);
  return activity === 'biking' ? sql`${column('biking')} = kind.b` : sql`(${column('hiking')}, ${column('running')}) = (kind.h, kind.r)`;
}

export interface RankingInput {
  viewerId: string;
  /** The viewer's traits, or null when the profile is incomplete (every kind scores the default). */
  viewer: CompatibilityProfile | null;
  /** The viewer's comfort preferences and the facts others' preferences are checked against (ADR 0031). */
  comfort: ViewerComfort;
  trailId: string;
  activity: Activity;
  /** The session the viewer looks at: the trail's start on the chosen day. */
  slotStart: Date;
  /**
   * The trail's trailhead and the viewer's travel distance: people living within it are listed
   * first (ADR 0068). None when the trail has no trailhead: one band, as before.
   */
  near?: { trailhead: LatLng; maxTravelKm: number };
  /**
   * The measures the viewer has for the trail's activity (ADR 0068): searchers with one of the
   * same are compared on it, outside the kinds (measuredSearchers). None: everyone by kind.
   */
  measured?: ViewerMeasures;
  /** The end of the previous page; none for the first. */
  after?: BestMatchesPosition;
}

/**
 * A page of the ranking of Best Matches as one statement (exported so bench/best-matches.mjs can
 * EXPLAIN exactly what the server runs). Rows: user_id, band, compatibility, reliable,
 * searching_match_id, started_micros; at most BEST_MATCHES_PAGE + 1, the extra one saying that
 * there is more.
 *
 * First everyone searching the slot, those living within the viewer's travel distance of the
 * trailhead first (ADR 0068: each kind is read once per band, the near band first), best score
 * first and, within a score, the most recently started search first (ADR 0022); then the best
 * OTHERS_SHOWN of everyone else, the near among them first. Both lists are
 * read kind by kind in order of score (ADR 0015): the kinds go in sorted by score, each kind gives
 * at most a page of people through an index (the slot's searchers through
 * matches_searching_kind_recent_idx, which carries each searcher's traits and orders them by
 * search start; everyone else through profiles_match_kind_idx), and an incremental sort stops as
 * soon as the page is known, usually within the first few kinds. A cursor skips the kinds that
 * scored better and, within its own kind, the searches it has passed, so a deep page costs what
 * the first does: the work depends on the number of kinds, not of profiles or of searchers.
 */
export function rankingQuery(input: RankingInput): SQL {
  const { viewerId, viewer, comfort, trailId, activity, slotStart, near, measured, after } = input;
  const k = scoredKinds(viewer, activity);
  const limit = BEST_MATCHES_PAGE + 1;
  const [phase, afterBand, score, reliable] = after ?? [];
  // A kind's place in the order: its band first (the near before the far), then score and badge.
  const rank = sql`(${score}::int, ${reliable === 1}::boolean)`;
  const kindAfter = sql`(kind.band > ${afterBand}::int OR (kind.band = ${afterBand}::int AND (kind.compatibility, kind.reliable) < ${rank}))`;
  const kindNotBefore = sql`(kind.band > ${afterBand}::int OR (kind.band = ${afterBand}::int AND (kind.compatibility, kind.reliable) <= ${rank}))`;
  const searchingAfter =
    after?.[0] === 's' ? sql`AND (${kindAfter} OR (s.created_at, s.id) < (${fromMicros(after[4])}, ${after[5]}::uuid))` : sql``;
  // Past the searchers, none of them is read again.
  const searchingKinds = phase === 'o' ? sql`WHERE false` : phase === 's' ? sql`WHERE ${kindNotBefore}` : sql``;
  // Searchers the viewer compares on measured ability are ranked beside this statement, not by kind.
  const byKind = measured ? sql`AND NOT ${comparableMeasure(sql.raw('s.id1'), activity, measured)}` : sql``;
  const searcherWithin = near
    ? withinTravel(sql.raw('s.searcher_latitude'), sql.raw('s.searcher_longitude'), near.trailhead, near.maxTravelKm)
    : sql`true`;
  // Past the searchers (an 'o' cursor) the measured ones are not read again either.
  const byMeasure = measured && phase !== 'o' ? sql`UNION ALL (${measuredSearchers(input, measured, searcherWithin)})` : sql``;
  const othersBand = near
    ? sql`CASE WHEN ${withinTravel(sql.raw('c.latitude'), sql.raw('c.longitude'), near.trailhead, near.maxTravelKm)} THEN 0 ELSE 1 END`
    : sql`0`;
  // Each list goes as one array parameter (sql.param): a plain array would be spread into a tuple.
  return sql`
    WITH paired AS MATERIALIZED (${pairedWith(viewerId, trailId, slotStart)}),
    scored AS MATERIALIZED (
      SELECT * FROM unnest(${sql.param(k.h)}::text[], ${sql.param(k.r)}::text[], ${sql.param(k.b)}::text[], ${sql.param(k.pa)}::text[], ${sql.param(k.co)}::text[], ${sql.param(k.ad)}::text[], ${sql.param(k.score)}::int[], ${sql.param(k.reliable)}::boolean[])
        AS kind(h, r, b, pa, co, ad, compatibility, reliable)
      ORDER BY compatibility DESC, reliable DESC
    ),
    ${near ? sql`near_kinds AS MATERIALIZED (${nearKinds(input, searcherWithin)}),` : sql``}
    kinds AS MATERIALIZED (${near ? nearThenFarKinds(activity) : sql`SELECT scored.*, 0 AS band FROM scored`}
      ORDER BY band, compatibility DESC, reliable DESC
    ),
    searching AS (
      SELECT best.user_id, kind.band, kind.compatibility, kind.reliable, best.searching_match_id, best.started_micros
      FROM kinds kind
      CROSS JOIN LATERAL (
        SELECT s.id1 AS user_id, s.id AS searching_match_id, s.created_at, ${microsOf(sql`s.created_at`)} AS started_micros
        FROM matches s
        WHERE s.trail_id = ${trailId} AND s.start_time = ${slotStart} AND s.status = 'searching'
          AND ${skillsOfKind(activity, 's')}
          AND (s.searcher_pace, s.searcher_communication, s.searcher_adventure_level, s.searcher_reliable)
            = (kind.pa, kind.co, kind.ad, kind.reliable)
          -- The kind's band: its searchers living within the viewer's travel distance, or the rest.
          AND ${searcherWithin} = (kind.band = 0)
          AND ${comfortFilter(SEARCHER_COMFORT, comfort)}
          AND s.id1 <> ${viewerId}
          AND NOT EXISTS (SELECT 1 FROM paired WHERE paired.id = s.id1)
          -- Only people who may match (ADR 0038): a search outlives a verification, a disable cancels it.
          AND ${mayBeMatched(sql.raw('s.id1'))}
          ${byKind}
          ${searchingAfter}
        ORDER BY s.created_at DESC, s.id DESC
        LIMIT ${limit}
      ) best
      ${searchingKinds}
      ORDER BY kind.band, kind.compatibility DESC, kind.reliable DESC, best.created_at DESC, best.searching_match_id DESC
      LIMIT ${limit}
    ),
    others AS (
      -- The best-fitting few of everyone else, by kind as before; then the near among them first.
      -- All of them, whatever the cursor: bestMatches orders them on the figure it shows and pages past them.
      SELECT * FROM (
        SELECT chosen.user_id, ${othersBand} AS band, chosen.compatibility, chosen.reliable, chosen.searching_match_id, chosen.started_micros
        FROM (
          SELECT best.user_id, kind.compatibility, kind.reliable, NULL::uuid AS searching_match_id, NULL::bigint AS started_micros
          FROM scored kind
          CROSS JOIN LATERAL (
            SELECT p.user_id FROM profiles p
            WHERE p.registration_completed_at IS NOT NULL
              AND ${skillsOfKind(activity, 'p')}
              AND (p.pace, p.communication, p.adventure_level, p.reliable) = (kind.pa, kind.co, kind.ad, kind.reliable)
              AND ${comfortFilter(PROFILE_COMFORT, comfort)}
              AND p.user_id <> ${viewerId}
              AND NOT EXISTS (SELECT 1 FROM paired WHERE paired.id = p.user_id)
              -- Only people who may match (ADR 0038): verified, not a guest, not disabled.
              AND EXISTS (SELECT 1 FROM users u WHERE u.id = p.user_id AND ${accountMayMatch('u')})
              AND NOT EXISTS (
                SELECT 1 FROM matches s
                WHERE s.id1 = p.user_id AND s.trail_id = ${trailId} AND s.start_time = ${slotStart} AND s.status = 'searching'
              )
            ORDER BY p.user_id
            LIMIT ${OTHERS_SHOWN}
          ) best
          ORDER BY kind.compatibility DESC, kind.reliable DESC, best.user_id
          LIMIT ${OTHERS_SHOWN}
        ) chosen
        JOIN profiles home ON home.user_id = chosen.user_id
        LEFT JOIN city_points c ON c.country = home.country AND c.city = home.city
      ) top
    )
    (SELECT * FROM (SELECT * FROM searching UNION ALL SELECT * FROM others) ranked
     ORDER BY ${RANKED_ORDER}
     LIMIT ${limit})
    ${byMeasure}
  `;
}

/**
 * The kinds some near searcher of the slot has (ADR 0068), when the trail has a trailhead: the
 * near band probes only these. A pass over the slot's entries of the kind index, read from the
 * index alone (it carries the kind, the comfort facts and the home point). Most of a slot's
 * searchers live far from any one trailhead, so rather than probing every kind once more for a
 * few near people, the near band probes the handful of kinds they have. The pass may name a kind
 * whose near searchers later checks (who may match, the paired) leave out: its probe then finds
 * nobody, so the answer is the one probing every kind gives.
 */
function nearKinds({ trailId, slotStart, activity, comfort }: RankingInput, searcherWithin: SQL): SQL {
  const skills = activity === 'biking' ? sql.raw('s.searcher_skill_biking') : sql.raw('s.searcher_skill_hiking, s.searcher_skill_running');
  return sql`
      SELECT DISTINCT ${skills}, s.searcher_pace, s.searcher_communication, s.searcher_adventure_level, s.searcher_reliable
      FROM matches s
      WHERE s.trail_id = ${trailId} AND s.start_time = ${slotStart} AND s.status = 'searching'
        AND ${searcherWithin} AND ${comfortFilter(SEARCHER_COMFORT, comfort)}`;
}

/** The kinds of each band in the order they are read: the near kinds (nearKinds), then every kind again for the far band. */
function nearThenFarKinds(activity: Activity): SQL {
  return sql`
      SELECT kind.*, 0 AS band FROM scored kind
      WHERE EXISTS (
        SELECT 1 FROM near_kinds s
        WHERE ${skillsOfKind(activity, 's')}
          AND (s.searcher_pace, s.searcher_communication, s.searcher_adventure_level, s.searcher_reliable)
            = (kind.pa, kind.co, kind.ad, kind.reliable)
      )
      UNION ALL
      SELECT kind.*, 1 AS band FROM scored kind`;
}

/** The order of the ranking's rows: the slot's searchers, then the others; within each, the near first. */
const RANKED_ORDER = sql.raw(
  'ranked.searching_match_id IS NULL, ranked.band, ranked.compatibility DESC, ranked.reliable DESC, ranked.started_micros DESC, ranked.searching_match_id DESC, ranked.user_id',
);

/** Who the viewer is already on the slot with, or in a block with (either way: ADR 0032): never shown. */
function pairedWith(viewerId: string, trailId: string, slotStart: Date): SQL {
  return sql`
    SELECT u.id FROM matches m CROSS JOIN LATERAL unnest(m.participants) AS u(id)
    WHERE m.trail_id = ${trailId} AND m.start_time = ${slotStart} AND m.status IN ('pending', 'confirmed')
      AND m.participants @> ARRAY[${viewerId}]::text[]
    UNION SELECT blocked_id FROM user_blocks WHERE blocker_id = ${viewerId}
    UNION SELECT blocker_id FROM user_blocks WHERE blocked_id = ${viewerId}`;
}

/** Which measures the viewer has for the trail's activity, and from which day figures count. */
export interface ViewerMeasures {
  pace: boolean;
  climb: boolean;
  since: Date;
}

/**
 * Whether a person (a column) has, for the activity, a measure the viewer has too: a figure of
 * the summary's window that summarise() would take for a flat pace or a climbing rate (ADR 0056's
 * thresholds, imported, not copied). Exactly the people measuredSkillPart compares on a measured
 * basis with the viewer.
 */
function comparableMeasure(user: SQL, activity: Activity, measures: ViewerMeasures): SQL {
  const counted = [
    ...(measures.pace ? [sql`f.flat_moving_meters >= ${MIN_FLAT_METERS}`] : []),
    ...(measures.climb ? [sql`(f.climb_ascent_meters >= ${MIN_CLIMB_METERS} AND f.climb_moving_seconds > 0)`] : []),
  ];
  return sql`EXISTS (
    SELECT 1 FROM activity_figures f
    WHERE f.user_id = ${user} AND f.activity = ${activity}
      AND (f.started_on IS NULL OR f.started_on >= ${measures.since.toISOString().slice(0, 10)}::date)
      AND (${sql.join(counted, sql` OR `)}))`;
}

/**
 * The slot's searchers the viewer compares on measured ability (ADR 0068), every one of them
 * with their band, badge and search start, and no compatibility: scored in bestMatches with
 * measuredCompatibility itself and merged into the page by the same order. They are the
 * searchers who imported activities, a few of one slot's searchers; a branch of the ranking
 * statement (one round trip), read through the slot's kind index.
 */
function measuredSearchers(
  { viewerId, comfort, trailId, activity, slotStart }: RankingInput,
  measured: ViewerMeasures,
  searcherWithin: SQL,
): SQL {
  return sql`
    SELECT s.id1 AS user_id, CASE WHEN ${searcherWithin} THEN 0 ELSE 1 END AS band, NULL::int AS compatibility,
           s.searcher_reliable AS reliable, s.id AS searching_match_id, ${microsOf(sql`s.created_at`)} AS started_micros
    FROM matches s
    WHERE s.trail_id = ${trailId} AND s.start_time = ${slotStart} AND s.status = 'searching'
      -- A complete searcher, as the kinds require.
      AND s.searcher_pace IS NOT NULL AND s.searcher_communication IS NOT NULL AND s.searcher_adventure_level IS NOT NULL
      AND s.searcher_reliable IS NOT NULL
      AND ${comfortFilter(SEARCHER_COMFORT, comfort)}
      AND s.id1 <> ${viewerId}
      AND NOT EXISTS (SELECT 1 FROM paired WHERE paired.id = s.id1)
      AND ${mayBeMatched(sql.raw('s.id1'))}
      AND ${comparableMeasure(sql.raw('s.id1'), activity, measured)}`;
}

/** A searching candidate's comfort facts: the search's copy of them (migration 0016). */
const SEARCHER_COMFORT = {
  gender: sql.raw('s.searcher_gender'),
  age: sql.raw('s.searcher_age'),
  sameGender: sql.raw('s.searcher_same_gender'),
  ageMin: sql.raw('s.searcher_age_min'),
  ageMax: sql.raw('s.searcher_age_max'),
  languages: sql.raw('s.searcher_languages'),
};

/**
 * Best Matches for a trail and day (architecture §5): other users who may match (a verified
 * contact, a complete profile, not a guest, not disabled: ADR 0038), ranked
 * by compatibility, those already searching the same trail and day first, excluding the viewer
 * and anyone already paired with them for that slot.
 */
export async function bestMatches(
  db: DbOrTx,
  viewerId: string,
  trailId: string,
  { day, time, cursor }: { day: StartSearchInput['day']; time?: string; cursor?: string },
  timeZone: string,
  now: Date = new Date(),
): Promise<BestMatchPage> {
  const after = cursor === undefined ? undefined : decodeCursor(cursor, position);
  // The trail, the viewer's profile and the viewer's figures for the trail's activity: one statement.
  const [first] = await db
    .select({ trail: trails, profile: profiles, figures: countedFigures(sql`${viewerId}::text`, sql`${trails.activity}`, now) })
    .from(trails)
    .leftJoin(profiles, sql`${profiles.userId} = ${viewerId}`)
    .where(sql`${trails.id} = ${trailId}`);
  const trail = first?.trail;
  const viewer = first?.profile ?? undefined;
  if (!trail) throw notFound('Trail');
  const slot = slotOf(trail, day, time, timeZone);
  const viewerTraits = matchingTraits(viewer);
  const comfort = viewerComfortOf(viewer);
  const trailhead: LatLng | undefined =
    trail.trailheadLatitude !== null && trail.trailheadLongitude !== null
      ? { latitude: trail.trailheadLatitude, longitude: trail.trailheadLongitude }
      : undefined;
  const maxTravelKm = viewer?.maxTravelKm ?? DEFAULT_MAX_TRAVEL_KM;
  // The viewer's measure for the trail's activity, if any (ADR 0068): who shares one is compared on it.
  const viewerAbilities = viewerTraits && first ? (summaryOfFigures(first.figures, now) ?? []) : [];
  const mine = abilityFor(viewerAbilities, trail.activity);
  const measured: ViewerMeasures | undefined =
    mine && (mine.flatPaceSecondsPerKm !== null || mine.climbRateMetersPerHour !== null)
      ? { pace: mine.flatPaceSecondsPerKm !== null, climb: mine.climbRateMetersPerHour !== null, since: summaryCutoffDay(now) }
      : undefined;
  const input: RankingInput = {
    viewerId,
    viewer: viewerTraits,
    comfort,
    trailId: trail.id,
    activity: trail.activity,
    slotStart: slot.start,
    near: trailhead && { trailhead, maxTravelKm },
    measured,
    after,
  };
  // The hikes to join (first page only) are read beside the ranking, on another connection.
  const hikes =
    after === undefined
      ? hikesToJoin(db, viewerId, trail, slot.start, comfort, (p) => distanceOf(p, trailhead, maxTravelKm), now)
      : Promise.resolve([]);
  // Awaited below; this only keeps a failure while the ranking runs from being reported unhandled.
  hikes.catch(() => undefined);
  // The people come with their rank in the same round trip, and, for a measured viewer, with the
  // figures of those scored here on measured ability (the others by kind and the measured
  // searchers, whose rows carry no compatibility), as abilitiesOf reads them.
  const ranked = (query: SQL, withFigures: boolean) =>
    db
      .select({
        user: users,
        profile: profiles,
        band: sql<number>`ranked.band`,
        compatibility: sql<number | null>`ranked.compatibility`,
        reliable: sql<boolean>`ranked.reliable`,
        searchingMatchId: sql<string | null>`ranked.searching_match_id`,
        startedMicros: sql<string | null>`ranked.started_micros`,
        figures: withFigures
          ? countedFigures(sql`ranked.user_id`, trail.activity, now, sql`ranked.searching_match_id IS NULL OR ranked.compatibility IS NULL`)
          : sql<null>`NULL::json`,
      })
      .from(sql`(${query}) AS ranked`)
      .innerJoin(users, sql`${users.id} = ranked.user_id`)
      .innerJoin(profiles, sql`${profiles.userId} = ranked.user_id`)
      .orderBy(RANKED_ORDER);
  // Two statements at once, on two connections; past the searchers (an 'o' cursor) none of them is read again.
  // Measured ability changes a figure only when both have a measure for the activity: the others
  // by kind and the measured searchers are scored here, by the one rule the request stores.
  const rows = await ranked(rankingQuery(input), measured !== undefined);
  const me: MeasuredSide = { profile: viewerTraits, abilities: viewerAbilities };
  const sideOf = (r: (typeof rows)[number]): MeasuredSide => ({
    profile: matchingTraits(r.profile),
    abilities: summaryOfFigures(r.figures, now),
  });
  const scored = rows
    .map((r) => {
      const score = measured || r.compatibility === null ? measuredCompatibility(me, sideOf(r), trail.activity) : Number(r.compatibility);
      return { ...r, score, key: positionOf({ ...r, compatibility: score }) };
    })
    .filter((r) => after === undefined || compareKeys(r.key, after) > 0)
    .sort((a, b) => compareKeys(a.key, b.key));
  const page = scored.slice(0, BEST_MATCHES_PAGE);
  const last = page.at(-1);
  return {
    hikes: await hikes,
    candidates: page.map((r) => ({
      profile: toPublicProfile(r.user, r.profile),
      // The ranking's score is the formula's (scoredKinds, measuredCompatibility); with no traits of the viewer's there is no figure to show.
      compatibility: viewerTraits ? r.score : null,
      reasons: measured
        ? measuredReasons(me, sideOf(r), trail.activity)
        : compatibilityReasons(viewerTraits, matchingTraits(r.profile), trail.activity),
      trailhead: distanceOf(r.profile, trailhead, maxTravelKm),
      searchingMatchId: r.searchingMatchId,
    })),
    nextCursor: scored.length > BEST_MATCHES_PAGE && last ? encodeCursor(last.key) : null,
  };
}

/**
 * The ranking's order on positions (ADR 0022, 0068), as RANKED_ORDER has it: the searchers, then
 * the others; the near band first; the better figure, then the badge; among searchers the most
 * recent search (then the higher match id), among the others the lower user id.
 */
export function compareKeys(a: BestMatchesPosition, b: BestMatchesPosition): number {
  const text = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  if (a[0] !== b[0]) return a[0] === 's' ? -1 : 1;
  const head = a[1] - b[1] || b[2] - a[2] || b[3] - a[3];
  if (head !== 0) return head;
  if (a[0] === 's' && b[0] === 's') return b[4] - a[4] || text(b[5], a[5]);
  return text(String(a[4]), String(b[4]));
}

/** How far a person lives from the trailhead, against the viewer's travel distance (the card's words and the band). */
function distanceOf(profile: { country: string | null; city: string | null } | null, trailhead: LatLng | undefined, maxTravelKm: number) {
  return trailheadDistance(cityPoint(profile?.country, profile?.city), trailhead, maxTravelKm);
}

function positionOf(row: {
  user: { id: string };
  band: number;
  compatibility: number | null;
  reliable: boolean;
  searchingMatchId: string | null;
  startedMicros: string | null;
}): BestMatchesPosition {
  const compatibility = Number(row.compatibility);
  const band = Number(row.band);
  return row.searchingMatchId !== null && row.startedMicros !== null
    ? ['s', band, compatibility, row.reliable ? 1 : 0, Number(row.startedMicros), row.searchingMatchId]
    : ['o', band, compatibility, row.reliable ? 1 : 0, row.user.id];
}

/**
 * The slot's hikes with room that the viewer may join (ADR 0054): who is on each, with their
 * compatibility with the viewer, and the places left; like a person's card, the hike's figure
 * (the average over its people), why (what the viewer shares with all of them) and how far (its
 * nearest person from the trailhead), the near hikes first (ADR 0068). Three statements whatever
 * the number of hikes: the hikes (comfort both ways in SQL), their people, the viewer's open requests.
 */
async function hikesToJoin(
  db: DbOrTx,
  viewerId: string,
  trail: { id: string; activity: Activity },
  slotStart: Date,
  comfort: ViewerComfort,
  distance: (profile: { country: string | null; city: string | null } | null) => TrailheadDistance,
  now: Date,
): Promise<HikeToJoin[]> {
  const hikes = await hikesWithRoom(db, viewerId, trail.id, slotStart, comfort);
  if (hikes.length === 0) return [];
  const people = await peopleById(db, [viewerId, ...hikes.flatMap((h) => h.participants)], viewerId, now);
  const viewer = people.get(viewerId);
  const requested = await myOpenJoinRequests(
    db,
    viewerId,
    hikes.map((h) => h.id),
  );
  const offered = hikes.map((hike) => {
    const rows = hike.participants.flatMap((id) => people.get(id) ?? []);
    const on = rows.map((person) => hikePerson(person, viewer, trail.activity));
    return {
      matchId: hike.id,
      people: on,
      compatibility: averageCompatibility(on),
      reasons: groupReasons(
        matchingTraits(viewer?.profile),
        rows.map((person) => matchingTraits(person.profile)),
        trail.activity,
      ),
      trailhead: nearestOf(rows.map((person) => distance(person.profile))),
      placesLeft: placesLeftOn(hike),
      requested: requested.has(hike.id),
    };
  });
  // The near hikes first, each band in the order the hikes were confirmed (a stable sort).
  return offered.sort(
    (a, b) => Number(a.trailhead.beyond || a.trailhead.km === null) - Number(b.trailhead.beyond || b.trailhead.km === null),
  );
}
