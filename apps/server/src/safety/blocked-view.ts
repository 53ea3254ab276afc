import { and, eq, inArray, or } from 'drizzle-orm';
import { PROFILE_DEFAULTS } from '@trailbuddy/shared/contracts/enums';
import type { PublicProfile } from '@trailbuddy/shared/contracts/profile';
import { unavailablePersonName } from '@trailbuddy/shared/contracts/safety';
import { DEFAULT_AVATAR } from '@trailbuddy/shared/data/avatars';
import type { DbOrTx } from '../db/client.js';
import { userBlocks } from '../db/schema/index.js';

/**
 * The one place that decides what a blocked pair sees of each other (ADR 0038, issue 22): once
 * either blocked the other, every view that names the other person (a match, a past partner, a
 * changed plan, a conversation's match, a notification) shows a first name and "no longer
 * available", and nothing else of the profile. Presenters ask `blockedAmong` once per answer and
 * pass each named person through `asSeenBy`.
 */

/** Of `others`, the people `viewerId` blocked or was blocked by: one query for a whole answer. */
export async function blockedAmong(db: DbOrTx, viewerId: string, others: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(others)].filter((id) => id !== viewerId);
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ blockerId: userBlocks.blockerId, blockedId: userBlocks.blockedId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, viewerId), inArray(userBlocks.blockedId, ids)),
        and(eq(userBlocks.blockedId, viewerId), inArray(userBlocks.blockerId, ids)),
      ),
    );
  return new Set(rows.map((r) => (r.blockerId === viewerId ? r.blockedId : r.blockerId)));
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
