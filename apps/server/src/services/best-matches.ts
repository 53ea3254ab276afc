import { sql, type SQL } from 'drizzle-orm';
import type { BestMatch, StartSearchInput } from '@trailbuddy/shared/contracts/match';
import { ADVENTURE_LEVELS, COMMUNICATION_STYLES, PACES, SKILL_LEVELS, type Activity } from '@trailbuddy/shared/contracts/enums';
import { compatibility, type CompatibilityProfile } from '@trailbuddy/shared/domain/compatibility';
import { sessionForDay } from '@trailbuddy/shared/domain/schedule';
import type { DbOrTx } from '../db/client.js';
import { profiles, trails, users } from '../db/schema/index.js';
import { notFound } from '../errors.js';
import { toPublicProfile } from './profiles.js';

const BEST_MATCHES_LIMIT = 20;

/**
 * Compatibility depends only on five profile fields of three values each, so there are 243
 * kinds of candidate. Scoring the kinds (with the domain rule itself, not a copy of it in SQL)
 * and then taking the first users of the best kinds through an index makes the work depend on
 * the number of kinds, not on the number of profiles.
 */
function scoredKinds(viewer: CompatibilityProfile | null, activity: Activity) {
  const kinds = { h: [] as string[], r: [] as string[], pa: [] as string[], co: [] as string[], ad: [] as string[], score: [] as number[] };
  for (const hiking of SKILL_LEVELS)
    for (const running of SKILL_LEVELS)
      for (const pace of PACES)
        for (const communication of COMMUNICATION_STYLES)
          for (const adventureLevel of ADVENTURE_LEVELS) {
            kinds.h.push(hiking);
            kinds.r.push(running);
            kinds.pa.push(pace);
            kinds.co.push(communication);
            kinds.ad.push(adventureLevel);
            // Missing data on the viewer's side gives every kind the default (ARCHITECTURE §5).
            kinds.score.push(
              compatibility(viewer, { skills: { hiking, running }, preferences: { pace, communication, adventureLevel } }, activity),
            );
          }
  return kinds;
}

export interface RankingInput {
  viewerId: string;
  /** The viewer's traits, or null when the profile is incomplete (every kind scores the default). */
  viewer: CompatibilityProfile | null;
  trailId: string;
  activity: Activity;
  /** The session the viewer looks at: the trail's start on the chosen day. */
  slotStart: Date;
}

/**
 * The ranking of Best Matches as one statement (exported so bench/best-matches.mjs can EXPLAIN
 * exactly what the server runs). Rows: user_id, compatibility, searching_match_id.
 *
 * Two lists, each cut at the limit before they are joined, both read kind by kind in order of
 * score (ADR 0015): the kinds go in sorted by score, each kind gives at most `limit` users in
 * user-id order through an index (the slot's searchers through matches_searching_kind_idx, which
 * carries each searcher's traits; everyone else through profiles_match_kind_idx), and an
 * incremental sort on (score, user id) stops as soon as the best `limit` are known, usually
 * within the first few kinds. The work depends on the number of kinds, not of profiles or of
 * searchers.
 */
export function rankingQuery({ viewerId, viewer, trailId, activity, slotStart }: RankingInput): SQL {
  const k = scoredKinds(viewer, activity);
  // Each list goes as one array parameter (sql.param): a plain array would be spread into a tuple.
  return sql`
    WITH paired AS MATERIALIZED (
      SELECT u.id FROM matches m CROSS JOIN LATERAL unnest(m.participants) AS u(id)
      WHERE m.trail_id = ${trailId} AND m.start_time = ${slotStart} AND m.status IN ('pending', 'confirmed')
        AND m.participants @> ARRAY[${viewerId}]::text[]
    ),
    kinds AS MATERIALIZED (
      SELECT * FROM unnest(${sql.param(k.h)}::text[], ${sql.param(k.r)}::text[], ${sql.param(k.pa)}::text[], ${sql.param(k.co)}::text[], ${sql.param(k.ad)}::text[], ${sql.param(k.score)}::int[])
        AS kind(h, r, pa, co, ad, compatibility)
      ORDER BY compatibility DESC
    ),
    searching AS (
      SELECT best.user_id, kind.compatibility, best.searching_match_id
      FROM kinds kind
      CROSS JOIN LATERAL (
        SELECT s.id1 AS user_id, s.id AS searching_match_id FROM matches s
        WHERE s.trail_id = ${trailId} AND s.start_time = ${slotStart} AND s.status = 'searching'
          AND (s.searcher_skill_hiking, s.searcher_skill_running, s.searcher_pace, s.searcher_communication, s.searcher_adventure_level)
            = (kind.h, kind.r, kind.pa, kind.co, kind.ad)
          AND s.id1 <> ${viewerId}
          AND NOT EXISTS (SELECT 1 FROM paired WHERE paired.id = s.id1)
          AND EXISTS (SELECT 1 FROM profiles p WHERE p.user_id = s.id1 AND p.registration_completed_at IS NOT NULL)
        ORDER BY s.id1
        LIMIT ${BEST_MATCHES_LIMIT}
      ) best
      ORDER BY kind.compatibility DESC, best.user_id
      LIMIT ${BEST_MATCHES_LIMIT}
    ),
    others AS (
      SELECT best.user_id, kind.compatibility, NULL::uuid AS searching_match_id
      FROM kinds kind
      CROSS JOIN LATERAL (
        SELECT p.user_id FROM profiles p
        WHERE p.registration_completed_at IS NOT NULL
          AND (p.skill_hiking, p.skill_running, p.pace, p.communication, p.adventure_level) = (kind.h, kind.r, kind.pa, kind.co, kind.ad)
          AND p.user_id <> ${viewerId}
          AND NOT EXISTS (SELECT 1 FROM paired WHERE paired.id = p.user_id)
          AND NOT EXISTS (
            SELECT 1 FROM matches s
            WHERE s.id1 = p.user_id AND s.trail_id = ${trailId} AND s.start_time = ${slotStart} AND s.status = 'searching'
          )
        ORDER BY p.user_id
        LIMIT ${BEST_MATCHES_LIMIT}
      ) best
      ORDER BY kind.compatibility DESC, best.user_id
      LIMIT ${BEST_MATCHES_LIMIT}
    )
    SELECT * FROM (SELECT * FROM searching UNION ALL SELECT * FROM others) ranked
    ORDER BY (searching_match_id IS NULL), compatibility DESC, user_id
    LIMIT ${BEST_MATCHES_LIMIT}
  `;
}

/**
 * Best Matches for a trail and day (ARCHITECTURE §5): other users with a complete profile, ranked
 * by compatibility, those already searching the same trail and day first, excluding the viewer
 * and anyone already paired with them for that slot.
 */
export async function bestMatches(
  db: DbOrTx,
  viewerId: string,
  trailId: string,
  day: StartSearchInput['day'],
  timeZone: string,
): Promise<BestMatch[]> {
  const [[trail], [viewer]] = await Promise.all([
    db
      .select()
      .from(trails)
      .where(sql`${trails.id} = ${trailId}`),
    db
      .select()
      .from(profiles)
      .where(sql`${profiles.userId} = ${viewerId}`),
  ]);
  if (!trail) throw notFound('Trail');
  const slot = sessionForDay({ startTime: trail.startTime, endTime: trail.endTime, weekendDay: trail.weekendDay }, day, { timeZone });
  const viewerTraits = viewer?.registrationCompletedAt
    ? {
        skills: { hiking: viewer.skillHiking, running: viewer.skillRunning },
        preferences: { pace: viewer.pace, communication: viewer.communication, adventureLevel: viewer.adventureLevel },
      }
    : null;
  const ranked = rankingQuery({ viewerId, viewer: viewerTraits, trailId: trail.id, activity: trail.activity, slotStart: slot.start });
  // The people come with their rank in the same round trip.
  const rows = await db
    .select({
      user: users,
      profile: profiles,
      compatibility: sql<number>`ranked.compatibility`,
      searchingMatchId: sql<string | null>`ranked.searching_match_id`,
    })
    .from(sql`(${ranked}) AS ranked`)
    .innerJoin(users, sql`${users.id} = ranked.user_id`)
    .innerJoin(profiles, sql`${profiles.userId} = ranked.user_id`)
    .orderBy(sql`ranked.searching_match_id IS NULL`, sql`ranked.compatibility DESC`, sql`ranked.user_id`);
  return rows.map((r) => ({
    profile: toPublicProfile(r.user, r.profile),
    compatibility: Number(r.compatibility),
    searchingMatchId: r.searchingMatchId,
  }));
}
