import { and, arrayContains, eq, gt } from 'drizzle-orm';
import { isWeekendDay, startTimeOf } from '@trailbuddy/shared/domain/schedule';
import type { DbOrTx } from '../db/client.js';
import { AppError } from '../errors.js';
import { matches } from '../db/schema/index.js';
import type { SessionUser } from '../plugins/auth-session.js';
import { bestMatches } from '../matches/best-matches.js';
import { isBlockedPair } from '../safety/blocks.js';
import { isAdmin } from './admin.js';

export interface VisibilityDeps {
  db: DbOrTx;
  adminEmails: readonly string[];
  timeZone: string;
  now: () => Date;
}

/** Whether the two share a match in any state: a request, an invitation, a hike, a cancelled one. */
async function sharesAMatch(db: DbOrTx, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ id: matches.id })
    .from(matches)
    .where(arrayContains(matches.participants, [a, b]))
    .limit(1);
  return row !== undefined;
}

/** The weekend day a search's session falls on where the trails are. */
const weekendDayOf = (start: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone }).format(start).toLowerCase();

/**
 * Whether `targetId` is among the Best Matches of one of the viewer's open searches: read through
 * the Best Matches service itself, page by page, so whatever decides who is a candidate (the
 * ranking, comfort filters) also decides whose profile opens, and nobody filtered out of a list
 * can be reached around it.
 */
async function isCandidateOfMySearch(deps: VisibilityDeps, viewerId: string, targetId: string): Promise<boolean> {
  const searches = await deps.db
    .selectDistinct({ trailId: matches.trailId, startTime: matches.startTime })
    .from(matches)
    .where(and(eq(matches.id1, viewerId), eq(matches.status, 'searching'), gt(matches.startTime, deps.now())));
  for (const search of searches) {
    const day = weekendDayOf(search.startTime, deps.timeZone);
    if (!isWeekendDay(day)) continue;
    let cursor: string | undefined;
    do {
      // The search's own start time (ADR 0065): Best Matches is per slot.
      const time = startTimeOf(search.startTime, deps.timeZone);
      const page = await bestMatches(deps.db, viewerId, search.trailId, { day, time, cursor }, deps.timeZone, deps.now()).catch(
        (err: unknown) => {
          // A time the trail no longer offers (the administrator changed them) lists nobody.
          if (err instanceof AppError && err.status === 400) return null;
          throw err;
        },
      );
      if (!page) break;
      if (page.candidates.some((c) => c.profile.id === targetId)) return true;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }
  return false;
}

/**
 * Who may open a person's public profile (ADR 0030): themselves, an administrator, anyone they
 * share a match with, and the Best Matches candidates' viewer while the search is open. Everyone
 * else is told the profile does not exist, so a guess at an id learns nothing. Once either of two
 * people blocked the other, neither opens the other's profile, whatever they shared before (ADR
 * 0038): a link kept from an old match answers as for nobody, and the blocked person cannot tell.
 */
export async function maySeeProfile(deps: VisibilityDeps, viewer: SessionUser, targetId: string): Promise<boolean> {
  if (viewer.id === targetId || isAdmin(viewer.email, deps.adminEmails)) return true;
  if (await isBlockedPair(deps.db, viewer.id, targetId)) return false;
  if (await sharesAMatch(deps.db, viewer.id, targetId)) return true;
  return isCandidateOfMySearch(deps, viewer.id, targetId);
}
