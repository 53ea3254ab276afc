import { inArray, sql, type SQL } from 'drizzle-orm';
import type { BestMatch, StartSearchInput } from '@trailbuddy/shared/contracts/match';
import type { Activity, SkillLevel } from '@trailbuddy/shared/contracts/enums';
import { DEFAULT_COMPATIBILITY, PREFERENCE_POINTS, SKILL_SCORES } from '@trailbuddy/shared/domain/compatibility';
import { sessionForDay } from '@trailbuddy/shared/domain/schedule';
import type { DbOrTx } from '../db/client.js';
import { matches, profiles, trails, users } from '../db/schema/index.js';
import { notFound } from '../errors.js';
import { toPublicProfile } from './profiles.js';

const BEST_MATCHES_LIMIT = 20;

/** beginner 1, intermediate 2, advanced 3 (SPEC §9), as SQL over a profile's skill column. */
const score = (column: SQL) => sql`(CASE ${column} WHEN 'advanced' THEN 3 WHEN 'intermediate' THEN 2 ELSE 1 END)::numeric`;

/** 100 × (1 − |a − b| / 2) between the candidate row `p` and the viewer, for one skill. */
function skillPart(column: 'skill_hiking' | 'skill_running', viewerLevel: SkillLevel): SQL {
  return sql`(100 * (1 - abs(${score(sql.raw(`p.${column}`))} - ${SKILL_SCORES[viewerLevel]}) / 2))`;
}

/** The skill part for the trail's activity; biking averages the hiking and running parts. */
function skillPartFor(activity: Activity, viewer: { skillHiking: SkillLevel; skillRunning: SkillLevel }): SQL {
  const hiking = skillPart('skill_hiking', viewer.skillHiking);
  const running = skillPart('skill_running', viewer.skillRunning);
  if (activity === 'hiking') return hiking;
  if (activity === 'running') return running;
  return sql`((${hiking} + ${running}) / 2)`;
}

/**
 * Best Matches for a trail and day (ARCHITECTURE §5): other users with a complete profile, ranked
 * by compatibility, those already searching the same trail and day first, excluding the viewer
 * and anyone already paired with them for that slot. The score is computed in PostgreSQL with
 * the same formula as `domain/compatibility.ts` (a test holds the two together), so ranking 100k
 * profiles is one scan, not 100k rows shipped to Node.
 */
export async function bestMatches(
  db: DbOrTx,
  viewerId: string,
  trailId: string,
  day: StartSearchInput['day'],
  timeZone: string,
): Promise<BestMatch[]> {
  const [trail] = await db
    .select()
    .from(trails)
    .where(sql`${trails.id} = ${trailId}`);
  if (!trail) throw notFound('Trail');
  const slot = sessionForDay({ startTime: trail.startTime, endTime: trail.endTime, weekendDay: trail.weekendDay }, day, { timeZone });
  const [viewer] = await db
    .select()
    .from(profiles)
    .where(sql`${profiles.userId} = ${viewerId}`);

  // Missing data on the viewer's side: everyone shows the default (ARCHITECTURE §5).
  const compatibilitySql = viewer?.registrationCompletedAt
    ? sql`round((
        ${skillPartFor(trail.activity, viewer)}
        + ${PREFERENCE_POINTS.base}
        + CASE WHEN p.pace = ${viewer.pace} THEN ${PREFERENCE_POINTS.pace} ELSE 0 END
        + CASE WHEN p.communication = ${viewer.communication} THEN ${PREFERENCE_POINTS.communication} ELSE 0 END
        + CASE WHEN p.adventure_level = ${viewer.adventureLevel} THEN ${PREFERENCE_POINTS.adventureLevel} ELSE 0 END
      ) / 2)::int`
    : sql`${DEFAULT_COMPATIBILITY}::int`;

  const rows = await db.execute<{ user_id: string; compatibility: number; searching_match_id: string | null }>(sql`
    SELECT p.user_id, ${compatibilitySql} AS compatibility, s.id AS searching_match_id
    FROM ${profiles} p
    LEFT JOIN ${matches} s
      ON s.id1 = p.user_id AND s.trail_id = ${trail.id} AND s.start_time = ${slot.start} AND s.status = 'searching'
    WHERE p.registration_completed_at IS NOT NULL
      AND p.user_id <> ${viewerId}
      AND NOT EXISTS (
        SELECT 1 FROM ${matches} paired
        WHERE paired.trail_id = ${trail.id} AND paired.start_time = ${slot.start}
          AND paired.status IN ('pending', 'confirmed')
          AND paired.participants @> ARRAY[${viewerId}, p.user_id]::text[]
      )
    ORDER BY (s.id IS NULL), compatibility DESC, p.user_id
    LIMIT ${BEST_MATCHES_LIMIT}
  `);
  if (rows.rows.length === 0) return [];
  const ids = rows.rows.map((r) => r.user_id);
  const people = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .innerJoin(profiles, sql`${profiles.userId} = ${users.id}`)
    .where(inArray(users.id, ids));
  const byId = new Map(people.map((p) => [p.user.id, toPublicProfile(p.user, p.profile)]));
  return rows.rows.flatMap((r) => {
    const profile = byId.get(r.user_id);
    return profile ? [{ profile, compatibility: Number(r.compatibility), searchingMatchId: r.searching_match_id }] : [];
  });
}
