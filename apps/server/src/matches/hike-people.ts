import { and, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { HikePerson, JoinRequestView } from '@trailbuddy/shared/contracts/match';
import type { Activity } from '@trailbuddy/shared/contracts/enums';
import type { MeasuredAbility } from '@trailbuddy/shared/contracts/ability';
import type { CompatibilityProfile } from '@trailbuddy/shared/domain/compatibility';
import { knownMeasuredCompatibility } from '@trailbuddy/shared/domain/measured-compatibility';
import { summarise, summaryCutoff } from '../ability/summary.js';
import type { ActivityFigures } from '../ability/track-figures.js';
import type { DbOrTx } from '../db/client.js';
import { activityFigures, hikeRequests, profiles, trails, users } from '../db/schema/index.js';
import { blockedAmong } from '../safety/blocked-view.js';
import { toPublicProfile, unavailableProfile } from '../profiles/person.js';

type ProfileRow = typeof profiles.$inferSelect;
type UserRow = typeof users.$inferSelect;

/** A profile's compatibility traits, or null until its registration is complete (every score is then the default). */
export const matchingTraits = (p: ProfileRow | null | undefined): CompatibilityProfile | null =>
  p?.registrationCompletedAt
    ? {
        skills: { hiking: p.skillHiking, running: p.skillRunning, biking: p.skillBiking },
        preferences: { pace: p.pace, communication: p.communication, adventureLevel: p.adventureLevel },
      }
    : null;

/**
 * The pair's compatibility on a trail at the moment the pair is first shown to each other as a
 * pair (a request or an invitation), to be stored on the match: every later view (Pending,
 * Upcoming, Completed, past partners) shows this one number, not one recomputed after either
 * edits a profile or imports activities. Measured where both have a measure for the trail's
 * activity (ADR 0068), as Best Matches ranks them. Three statements: the trail's activity, both
 * profiles, their activity figures.
 */
export async function pairCompatibilityNow(db: DbOrTx, a: string, b: string, trailId: string, now: Date): Promise<number | null> {
  const [trail] = await db.select({ activity: trails.activity }).from(trails).where(eq(trails.id, trailId));
  if (!trail) return null;
  const [rows, abilities] = await Promise.all([
    db
      .select()
      .from(profiles)
      .where(inArray(profiles.userId, [a, b])),
    abilitiesOf(db, [a, b], trail.activity, now),
  ]);
  const byId = new Map(rows.map((p) => [p.userId, p]));
  const side = (id: string) => ({ profile: matchingTraits(byId.get(id)), abilities: abilities.get(id) });
  return knownMeasuredCompatibility(side(a), side(b), trail.activity);
}

/**
 * The measured ability of each of these people for one activity, or for each when `activity` is
 * null (ADR 0056's summary of the figures of the last 12 months, computed as GET /api/me/ability
 * computes it), keyed by user; people without figures are absent. One statement.
 */
export async function abilitiesOf(
  db: DbOrTx,
  userIds: readonly string[],
  activity: Activity | null,
  now: Date,
): Promise<Map<string, MeasuredAbility[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(activityFigures)
    .where(
      and(
        inArray(activityFigures.userId, [...new Set(userIds)]),
        activity === null ? undefined : eq(activityFigures.activity, activity),
        or(isNull(activityFigures.startedOn), gte(activityFigures.startedOn, summaryCutoffDay(now))),
      ),
    );
  const byUser = new Map<string, typeof rows>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  return new Map(
    [...byUser].map(([id, figures]) => [
      id,
      summarise(
        figures.map((f) => ({ ...f, activity: f.activity as Activity })),
        now,
      ),
    ]),
  );
}

/** One figure as countedFigures carries it: a row of activity_figures in JSON, its day as text. */
type FigureJson = Omit<ActivityFigures, 'startedOn'> & { startedOn: string | null };

/**
 * The figures a person (a column) has for one activity in the summary's window, as abilitiesOf
 * reads them, as one JSON value (null without any, or when `when` is false): a statement that
 * lists people carries their figures in its own rows, one round trip less (ADR 0068).
 * summaryOfFigures reads it.
 */
export function countedFigures(user: SQL, activity: Activity | SQL, now: Date, when: SQL = sql`true`): SQL<FigureJson[] | null> {
  return sql<FigureJson[] | null>`(
    SELECT json_agg(json_build_object(
      'activity', f.activity, 'startedOn', f.started_on, 'distanceMeters', f.distance_meters, 'elevationGainMeters', f.elevation_gain_meters,
      'flatMovingSeconds', f.flat_moving_seconds, 'flatMovingMeters', f.flat_moving_meters,
      'climbMovingSeconds', f.climb_moving_seconds, 'climbAscentMeters', f.climb_ascent_meters))
    FROM activity_figures f
    WHERE (${when}) AND f.user_id = ${user} AND f.activity = ${activity}
      AND (f.started_on IS NULL OR f.started_on >= ${summaryCutoffDay(now).toISOString().slice(0, 10)}::date))`;
}

/** The measured ability from countedFigures' value, as abilitiesOf gives it: none without figures. */
export function summaryOfFigures(figures: readonly FigureJson[] | null, now: Date): MeasuredAbility[] | undefined {
  if (figures === null || figures.length === 0) return undefined;
  return summarise(
    figures.map((f) => ({ ...f, startedOn: f.startedOn === null ? null : new Date(f.startedOn) })),
    now,
  );
}

/**
 * The first day whose figures the summary counts: a figure's day is its UTC midnight, counted when
 * at or after summaryCutoff(now), so the first UTC midnight at or after it.
 */
export function summaryCutoffDay(now: Date): Date {
  const DAY_MS = 24 * 3600 * 1000;
  return new Date(Math.ceil(summaryCutoff(now).getTime() / DAY_MS) * DAY_MS);
}

/** A hike's compatibility with a newcomer: the average over the people on it who have a figure. */
export function averageCompatibility(people: readonly HikePerson[]): number | null {
  const figures = people.flatMap((p) => (p.compatibility === null ? [] : [p.compatibility]));
  return figures.length === 0 ? null : Math.round(figures.reduce((sum, x) => sum + x, 0) / figures.length);
}

export interface PersonRow {
  user: UserRow;
  profile: ProfileRow | null;
  /** Their measured ability (ADR 0056's summary, every activity), absent without figures: a hike's people are scored on it (ADR 0068). */
  abilities?: MeasuredAbility[];
  /** In a block with the viewer, either way: seen as "no longer available" (blocked-view.ts). */
  blocked: boolean;
}

/**
 * The users and profiles of the given ids as `viewerId` may see them, with their measured ability
 * as of `now` (the caller's clock, never the wall clock's default), keyed by id (missing users are absent).
 */
export async function peopleById(db: DbOrTx, ids: readonly string[], viewerId: string, now: Date): Promise<Map<string, PersonRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const blocked = await blockedAmong(db, viewerId, unique);
  const rows = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, unique));
  // Their figures by one index scan over all of them (a caller in a transaction runs one statement at a time).
  const abilities = await abilitiesOf(db, unique, null, now);
  return new Map(rows.map((r) => [r.user.id, { ...r, abilities: abilities.get(r.user.id), blocked: blocked.has(r.user.id) }]));
}

/**
 * One person as the viewer sees them on a hike: public profile and compatibility with the viewer,
 * on measured ability where both have it, as Best Matches ranks a person (ADR 0068), so a hike's
 * average is taken over the same figures.
 */
export function hikePerson(person: PersonRow, viewer: PersonRow | undefined, activity: Activity): HikePerson {
  return {
    profile: person.blocked ? unavailableProfile(person.user) : toPublicProfile(person.user, person.profile),
    compatibility: knownMeasuredCompatibility(
      { profile: matchingTraits(viewer?.profile), abilities: viewer?.abilities },
      { profile: matchingTraits(person.profile), abilities: person.abilities },
      activity,
    ),
  };
}

/** The open requests to join the given hikes, oldest first. */
export async function openJoinRequests(db: DbOrTx, matchIds: readonly string[]) {
  if (matchIds.length === 0) return [];
  return db
    .select()
    .from(hikeRequests)
    .where(and(inArray(hikeRequests.matchId, [...matchIds]), eq(hikeRequests.status, 'pending')))
    .orderBy(hikeRequests.createdAt);
}

export function joinRequestView(
  request: { id: string; userId: string; createdAt: Date },
  people: Map<string, PersonRow>,
  viewer: PersonRow | undefined,
  activity: Activity,
): JoinRequestView | null {
  const person = people.get(request.userId);
  return person ? { id: request.id, person: hikePerson(person, viewer, activity), createdAt: request.createdAt.toISOString() } : null;
}
