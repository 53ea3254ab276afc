import { and, eq, inArray } from 'drizzle-orm';
import type { HikePerson, JoinRequestView } from '@trailbuddy/shared/contracts/match';
import type { Activity } from '@trailbuddy/shared/contracts/enums';
import { knownCompatibility, type CompatibilityProfile } from '@trailbuddy/shared/domain/compatibility';
import type { DbOrTx } from '../db/client.js';
import { hikeRequests, profiles, trails, users } from '../db/schema/index.js';
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
 * The compatibility of two people for a trail's activity: the one place every view of a hike
 * (the match card, the people on a hike, hikes to join, the request) computes it. Null when
 * either profile is incomplete: no figure rather than a default that reads as one (issue 24).
 */
export function compatibilityBetween(
  a: ProfileRow | null | undefined,
  b: ProfileRow | null | undefined,
  activity: Activity,
): number | null {
  return knownCompatibility(matchingTraits(a), matchingTraits(b), activity);
}

/**
 * The pair's compatibility on a trail at the moment the pair is first shown to each other as a
 * pair (a request or an invitation), to be stored on the match: every later view (Pending,
 * Upcoming, Completed, past partners) shows this one number, not one recomputed after either
 * edits a profile. Two statements: the trail's activity and both profiles.
 */
export async function pairCompatibilityNow(db: DbOrTx, a: string, b: string, trailId: string): Promise<number | null> {
  const [trail] = await db.select({ activity: trails.activity }).from(trails).where(eq(trails.id, trailId));
  const rows = await db
    .select()
    .from(profiles)
    .where(inArray(profiles.userId, [a, b]));
  const byId = new Map(rows.map((p) => [p.userId, p]));
  return trail ? compatibilityBetween(byId.get(a), byId.get(b), trail.activity) : null;
}

/** A hike's compatibility with a newcomer: the average over the people on it who have a figure. */
export function averageCompatibility(people: readonly HikePerson[]): number | null {
  const figures = people.flatMap((p) => (p.compatibility === null ? [] : [p.compatibility]));
  return figures.length === 0 ? null : Math.round(figures.reduce((sum, x) => sum + x, 0) / figures.length);
}

export interface PersonRow {
  user: UserRow;
  profile: ProfileRow | null;
  /** In a block with the viewer, either way: seen as "no longer available" (blocked-view.ts). */
  blocked: boolean;
}

/** The users and profiles of the given ids as `viewerId` may see them, keyed by id (missing users are absent). */
export async function peopleById(db: DbOrTx, ids: readonly string[], viewerId: string): Promise<Map<string, PersonRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const blocked = await blockedAmong(db, viewerId, unique);
  const rows = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.user.id, { ...r, blocked: blocked.has(r.user.id) }]));
}

/** One person as the viewer sees them on a hike: public profile and compatibility with the viewer. */
export function hikePerson(person: PersonRow, viewer: PersonRow | undefined, activity: Activity): HikePerson {
  return {
    profile: person.blocked ? unavailableProfile(person.user) : toPublicProfile(person.user, person.profile),
    compatibility: compatibilityBetween(viewer?.profile, person.profile, activity),
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
