import { inArray, sql } from 'drizzle-orm';
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
  const viewerTraits = viewer?.registrationCompletedAt
    ? {
        skills: { hiking: viewer.skillHiking, running: viewer.skillRunning },
        preferences: { pace: viewer.pace, communication: viewer.communication, adventureLevel: viewer.adventureLevel },
      }
    : null;
  const k = scoredKinds(viewerTraits, trail.activity);
  // Enough per kind that the non-searching candidates still fill the list after searching
  // users (listed first, at most BEST_MATCHES_LIMIT of them) are taken out of it.
  const perKind = BEST_MATCHES_LIMIT * 2;

  // Each list goes as one array parameter (sql.param): a plain array would be spread into a tuple.
  const rows = await db.execute<{ user_id: string; compatibility: number; searching_match_id: string | null }>(sql`
    WITH kinds AS (
      SELECT * FROM unnest(${sql.param(k.h)}::text[], ${sql.param(k.r)}::text[], ${sql.param(k.pa)}::text[], ${sql.param(k.co)}::text[], ${sql.param(k.ad)}::text[], ${sql.param(k.score)}::int[])
        AS kind(h, r, pa, co, ad, compatibility)
    ),
    paired AS (
      SELECT u.id FROM matches m CROSS JOIN LATERAL unnest(m.participants) AS u(id)
      WHERE m.trail_id = ${trail.id} AND m.start_time = ${slot.start} AND m.status IN ('pending', 'confirmed')
        AND m.participants @> ARRAY[${viewerId}]::text[]
    ),
    candidates AS (
      SELECT p.user_id, kind.compatibility, s.id AS searching_match_id
      FROM matches s
      JOIN profiles p ON p.user_id = s.id1 AND p.registration_completed_at IS NOT NULL
      JOIN kinds kind ON (kind.h, kind.r, kind.pa, kind.co, kind.ad) = (p.skill_hiking, p.skill_running, p.pace, p.communication, p.adventure_level)
      WHERE s.trail_id = ${trail.id} AND s.start_time = ${slot.start} AND s.status = 'searching' AND s.id1 <> ${viewerId}
      UNION ALL
      SELECT best.user_id, kind.compatibility, NULL
      FROM kinds kind
      CROSS JOIN LATERAL (
        SELECT p.user_id FROM profiles p
        WHERE p.registration_completed_at IS NOT NULL
          AND (p.skill_hiking, p.skill_running, p.pace, p.communication, p.adventure_level) = (kind.h, kind.r, kind.pa, kind.co, kind.ad)
          AND p.user_id <> ${viewerId}
          AND NOT EXISTS (SELECT 1 FROM paired WHERE paired.id = p.user_id)
        ORDER BY p.user_id
        LIMIT ${perKind}
      ) best
    ),
    unique_candidates AS (
      SELECT DISTINCT ON (user_id) user_id, compatibility, searching_match_id
      FROM candidates
      WHERE NOT EXISTS (SELECT 1 FROM paired WHERE paired.id = candidates.user_id)
      ORDER BY user_id, (searching_match_id IS NULL)
    )
    SELECT * FROM unique_candidates
    ORDER BY (searching_match_id IS NULL), compatibility DESC, user_id
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
