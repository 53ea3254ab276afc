import { createHash, randomBytes } from 'node:crypto';
import { and, arrayContains, asc, eq, gte } from 'drizzle-orm';
import type { MatchView } from '@trailbuddy/shared/contracts/match';
import type { CalendarFeedCreated, CalendarFeedStatus } from '@trailbuddy/shared/contracts/calendar';
import type { Db, DbOrTx } from '../db/client.js';
import { calendarFeeds, matches } from '../db/schema/index.js';
import { presentMatches } from '../matches/match-presenter.js';

/** 32 random bytes: unguessable, and short enough for any calendar app's URL field. */
const TOKEN_BYTES = 32;
/** A cancelled session stays in the feed (as STATUS:CANCELLED) this long after its start, so subscribers see it go. */
export const FEED_KEEPS_PAST_MS = 30 * 24 * 60 * 60 * 1000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The subscription URL of a token; `.ics` at the end because some calendar apps look for it. */
export const feedUrl = (appUrl: string, token: string) => new URL(`/api/calendar/feed/${token}.ics`, appUrl).href;

export async function feedStatus(db: DbOrTx, userId: string): Promise<CalendarFeedStatus> {
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null };
}

/**
 * Creates the person's feed, or rotates it: a new token replaces the old one's hash in one
 * statement, so the previous URL stops working the moment the new one exists. The token itself
 * is returned once and never stored.
 */
export async function createOrRotateFeed(db: Db, userId: string, appUrl: string, now: Date): Promise<CalendarFeedCreated> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const [row] = await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hashOf(token), createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hashOf(token), createdAt: now } })
    .returning();
  return { url: feedUrl(appUrl, token), createdAt: row!.createdAt.toISOString() };
}

/** Revokes the feed; true when there was one. */
export async function revokeFeed(db: DbOrTx, userId: string): Promise<boolean> {
  const deleted = await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId)).returning({ userId: calendarFeeds.userId });
  return deleted.length > 0;
}

/** Whose feed a token opens, or null (unknown, rotated away or revoked: the caller cannot tell which). */
export async function feedOwner(db: DbOrTx, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, hashOf(token)));
  return row?.userId ?? null;
}

/**
 * What the feed lists: the person's searching, pending, confirmed and completed sessions, their
 * own proposed dates, and, for a while, the cancelled ones, so a subscribed calendar marks them
 * cancelled instead of silently dropping them. Sessions more than 30 days past are left out.
 */
export async function feedMatches(db: DbOrTx, userId: string, now: Date): Promise<MatchView[]> {
  const since = new Date(now.getTime() - FEED_KEEPS_PAST_MS);
  const rows = await db
    .select()
    .from(matches)
    .where(and(arrayContains(matches.participants, [userId]), gte(matches.endTime, since)))
    .orderBy(asc(matches.startTime));
  return presentMatches(db, rows, userId, now);
}
