import { eq, inArray } from 'drizzle-orm';
import { MAX_TRAVEL_KM_DEFAULT, type PublicProfile } from '@trailbuddy/shared/contracts/profile';
import { PROFILE_DEFAULTS } from '@trailbuddy/shared/contracts/enums';
import { unavailablePersonName } from '@trailbuddy/shared/contracts/safety';
import { DEFAULT_AVATAR } from '@trailbuddy/shared/data/avatars';
import { formatLocation } from '@trailbuddy/shared/data/locations';
import type { DbOrTx } from '../db/client.js';
import { profiles, users } from '../db/schema/index.js';
import { blockedAmong } from '../safety/blocked-view.js';

/**
 * The one presenter of a person as others see them (ADR 0071): the row query that every reader of
 * "a user with their profile" runs, the public profile built from it, and the same profile as the
 * other side of a block sees it (ADR 0038). Matches, hikes, Best Matches, past partners, trip
 * cards and reminders all name people through these.
 */

export type ProfileRow = typeof profiles.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export interface PersonRow {
  user: UserRow;
  profile: ProfileRow | null;
}

/** A user with their profile (null before registration is complete), or undefined when there is no such user. */
export async function personRow(db: DbOrTx, userId: string): Promise<PersonRow | undefined> {
  const [row] = await personRows(db, [userId]);
  return row;
}

/** Users with their profiles, in no particular order; missing users are simply absent. */
export async function personRows(db: DbOrTx, ids: readonly string[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(ids.length === 1 ? eq(users.id, ids[0]!) : inArray(users.id, [...ids]));
}

/** The spec's defaults for a user who has not completed registration yet (product §3 "User"). */
export function profileDefaultsFor(userId: string): ProfileRow {
  const now = new Date(0);
  return {
    userId,
    fullName: null,
    image: DEFAULT_AVATAR,
    age: null,
    gender: null,
    country: null,
    city: null,
    bio: null,
    instagram: null,
    skillHiking: PROFILE_DEFAULTS.skills.hiking,
    skillRunning: PROFILE_DEFAULTS.skills.running,
    skillBiking: PROFILE_DEFAULTS.skills.biking,
    pace: PROFILE_DEFAULTS.preferences.pace,
    communication: PROFILE_DEFAULTS.preferences.communication,
    adventureLevel: PROFILE_DEFAULTS.preferences.adventureLevel,
    comfortSameGender: false,
    comfortAgeMin: null,
    comfortAgeMax: null,
    languages: [],
    reliabilityReviews: 0,
    reliabilityGood: 0,
    lateCancels: 0,
    reliable: false,
    maxTravelKm: MAX_TRAVEL_KM_DEFAULT,
    hasSeenOnboarding: false,
    registrationCompletedAt: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** What anyone who may see a person sees of them: never their e-mail, contact or comfort settings. */
export function toPublicProfile(user: Pick<UserRow, 'id' | 'name'>, profile: ProfileRow | null): PublicProfile {
  const row = profile ?? profileDefaultsFor(user.id);
  return {
    id: user.id,
    name: row.fullName ?? user.name,
    image: row.image,
    age: row.age,
    location: row.city || row.country ? formatLocation(row.city, row.country) : null,
    gender: row.gender,
    skills: { hiking: row.skillHiking, running: row.skillRunning, biking: row.skillBiking },
    bio: row.bio,
    instagram: row.instagram,
    preferences: { pace: row.pace, communication: row.communication, adventureLevel: row.adventureLevel },
    reliable: row.reliable,
  };
}

/** A profile as the other side of a block sees it: the first name with the label, the rest defaults. */
export function unavailableProfile(profile: Pick<PublicProfile, 'id' | 'name'>): PublicProfile {
  return {
    id: profile.id,
    name: unavailablePersonName(profile.name),
    image: DEFAULT_AVATAR,
    age: null,
    location: null,
    gender: null,
    skills: { ...PROFILE_DEFAULTS.skills },
    bio: null,
    instagram: null,
    preferences: { ...PROFILE_DEFAULTS.preferences },
    reliable: false,
  };
}

/** `profile` as `blocked` (from `blockedAmong`) lets the viewer see it. */
export const asSeenBy = (blocked: ReadonlySet<string>, profile: PublicProfile): PublicProfile =>
  blocked.has(profile.id) ? unavailableProfile(profile) : profile;

/** A person's name as `blocked` lets the viewer see it. */
export const nameAsSeenBy = (blocked: ReadonlySet<string>, personId: string | null, name: string): string =>
  personId !== null && blocked.has(personId) ? unavailablePersonName(name) : name;

/**
 * Public profiles of the given users, keyed by id (missing users are simply absent), as `viewerId`
 * may see them: someone in a block with the viewer, either way, shows only a first name and "no
 * longer available". `null` only for mail to a third party, never for a member's view.
 */
export async function publicProfilesById(db: DbOrTx, ids: string[], viewerId: string | null): Promise<Map<string, PublicProfile>> {
  const rows = await personRows(db, ids);
  const blocked = viewerId === null ? new Set<string>() : await blockedAmong(db, viewerId, ids);
  return new Map(rows.map((r) => [r.user.id, asSeenBy(blocked, toPublicProfile(r.user, r.profile))]));
}
