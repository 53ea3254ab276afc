import { and, asc, count, eq, getTableColumns, gt, inArray, min, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  TRAIL_PAGE_SIZE,
  type CreateTrailInput,
  type Trail,
  type TrailListQuery,
  type TrailPage,
  type TrailPlaces,
} from '@trailbuddy/shared/contracts/trail';
import { findCountry, parseLocation } from '@trailbuddy/shared/data/locations';
import { nextWeekendSession, sessionAt, sortStartTimes } from '@trailbuddy/shared/domain/schedule';
import type { Db, DbOrTx } from '../db/client.js';
import { favourites, matches, searchFolded, trails } from '../db/schema/index.js';
import { invalidField, notFound } from '../errors.js';
import { publishEvent } from '../events/publish.js';
import { notify } from '../notifications/notify.js';
import { decodeCursor, encodeCursor, fromMicros, microsOf } from '../cursor.js';
import { distanceOrder, resolveOrigin, trailDistanceCursor } from './trail-distance.js';
import { toTrail } from './trail-presenter.js';

/**
 * Every column but the search vector, which only the database reads, and the route's file and
 * profile, which only its own route reads (a profile is a few kilobytes a trail).
 */
const { search: _search, routeFile: _routeFile, routeProfile: _routeProfile, ...listedColumns } = getTableColumns(trails);

/** A trail's place in the list: its order, its start in microseconds since the epoch (exact), its id. */
const trailCursor = z.tuple([
  // `order` is a PostgreSQL integer: a larger number would fail the query rather than the cursor.
  z
    .number()
    .int()
    .min(-(2 ** 31))
    .max(2 ** 31 - 1),
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  z.uuid(),
]);

/**
 * The words of a search as a prefix query: each word must start a word of the trail's name or
 * place. Only letters and digits reach to_tsquery, so no input can be a syntax error; a search
 * with no word in it filters nothing.
 */
export function searchQuery(q: string | undefined): string | null {
  const words = (q ?? '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/** A page and the end of the earliest session it depends on (its rows and the row after it). */
export interface TrailPageRead {
  page: TrailPage;
  firstEnd: number;
}

/**
 * One page of the public trail list, ordered by `order` (product §7 "live query ordered by field
 * order"), then start and id so that the order is total: sessions that have not ended, so the
 * list shows the coming weekend (architecture §5), narrowed by the query's filters. The cursor is
 * the last row's sort key (ADR 0022): a trail added meanwhile goes to the end of the order, so a
 * walk through the pages meets every trail once.
 */
export async function readTrailPage(db: DbOrTx, query: TrailListQuery, now: Date, favouritesOf?: string): Promise<TrailPageRead> {
  const limit = query.limit ?? TRAIL_PAGE_SIZE;
  const origin = resolveOrigin(query);
  const search = searchQuery(query.q);
  const filters = and(
    gt(trails.endTime, now),
    query.activity ? eq(trails.activity, query.activity) : undefined,
    query.country ? sql`lower(${trails.country}) = lower(${query.country})` : undefined,
    query.location ? sql`lower(${trails.location}) = lower(${query.location})` : undefined,
    search ? sql`${trails.search} @@ to_tsquery('simple', ${searchFolded(sql`${search}`)})` : undefined,
    favouritesOf
      ? sql`EXISTS (SELECT 1 FROM ${favourites} WHERE ${favourites.trailId} = ${trails.id} AND ${favourites.userId} = ${favouritesOf})`
      : undefined,
  );
  if (origin) return readByDistance(db, { ...query, limit }, origin, filters);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, trailCursor);
  const rows = await db
    .select({ ...listedColumns, startMicros: sql<string>`${microsOf(sql`${trails.startTime}`)}` })
    .from(trails)
    .where(
      and(
        filters,
        after
          ? sql`(${trails.order}, ${trails.startTime}, ${trails.id}) > (${after[0]}, ${fromMicros(after[1])}, ${after[2]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(trails.order), asc(trails.startTime), asc(trails.id))
    .limit(limit + 1);
  const listed = rows.slice(0, limit);
  const last = listed.at(-1);
  return {
    page: {
      trails: listed.map(toTrail),
      nextCursor: rows.length > limit && last ? encodeCursor([last.order, Number(last.startMicros), last.id]) : null,
    },
    firstEnd: Math.min(...rows.map((row) => row.endTime.getTime())),
  };
}

/**
 * The same list nearest trailhead first (ADR 0057), trails without a trailhead last in the list's
 * own order; the cursor is the last row's distance and list key.
 */
async function readByDistance(
  db: DbOrTx,
  query: TrailListQuery & { limit: number },
  origin: { latitude: number; longitude: number },
  filters: SQL | undefined,
): Promise<TrailPageRead> {
  const distance = distanceOrder(origin);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, trailDistanceCursor);
  const rows = await db
    .select({ ...listedColumns, startMicros: sql<string>`${microsOf(sql`${trails.startTime}`)}`, distance: sql<number>`${distance}` })
    .from(trails)
    .where(
      and(
        filters,
        after
          ? sql`(${distance}, ${trails.order}, ${trails.startTime}, ${trails.id}) > (${after[0]}::float8, ${after[1]}, ${fromMicros(after[2])}, ${after[3]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(distance, asc(trails.order), asc(trails.startTime), asc(trails.id))
    .limit(query.limit + 1);
  const listed = rows.slice(0, query.limit);
  const last = listed.at(-1);
  return {
    page: {
      trails: listed.map(toTrail),
      nextCursor:
        rows.length > query.limit && last ? encodeCursor([Number(last.distance), last.order, Number(last.startMicros), last.id]) : null,
      origin,
    },
    firstEnd: Math.min(...rows.map((row) => row.endTime.getTime())),
  };
}

/** A page of the list; with `favouritesOf`, of that person's favourite trails only. */
export async function listTrailPage(db: DbOrTx, query: TrailListQuery, now: Date, favouritesOf?: string): Promise<TrailPage> {
  return (await readTrailPage(db, query, now, favouritesOf)).page;
}

/**
 * The places that have listed trails, grouped by country, for the home's location filter: one
 * GROUP BY over the listed sessions, so its size follows the number of places, not of trails.
 * `firstEnd` is when the earliest listed session ends, when the answer may change by itself.
 */
export async function readTrailPlaces(db: DbOrTx, now: Date): Promise<{ places: TrailPlaces; firstEnd: number }> {
  const rows = await db
    .select({ country: trails.country, location: trails.location, trails: count(), firstEnd: min(trails.endTime) })
    .from(trails)
    .where(gt(trails.endTime, now))
    .groupBy(trails.country, trails.location);
  const byCountry = new Map<string, string[]>();
  for (const row of rows) byCountry.set(row.country, [...(byCountry.get(row.country) ?? []), row.location]);
  const collator = new Intl.Collator('en', { sensitivity: 'base' });
  return {
    places: {
      countries: [...byCountry]
        .sort(([a], [b]) => collator.compare(a, b))
        .map(([country, places]) => ({ country, places: places.sort(collator.compare) })),
      total: rows.reduce((sum, row) => sum + row.trails, 0),
    },
    firstEnd: Math.min(...rows.map((row) => (row.firstEnd ? row.firstEnd.getTime() : Infinity))),
  };
}

export async function getTrail(db: DbOrTx, id: string): Promise<Trail> {
  const [row] = await db.select().from(trails).where(eq(trails.id, id));
  if (!row) throw notFound('Trail');
  return toTrail(row);
}

/** "City, Country" → the country the home filter groups by. */
function countryOf(location: string): string {
  const { country } = parseLocation(location);
  if (!country) throw invalidField('location', 'Location must be written as "City, Country".');
  return findCountry(country)?.name ?? country;
}

/** The columns the admin form sets on a trail, added or edited; the location must name its country. */
function placeOf(input: Omit<CreateTrailInput, 'weekendDay' | 'startTimes'>) {
  const { name, location, length, hours, difficulty, activity, description, linkmap } = input;
  return { name, location, country: countryOf(location), length, hours, difficulty, activity, description, linkmap };
}

export interface NewTrail extends CreateTrailInput {
  image?: string | null;
  map?: string | null;
}

/**
 * Adds a trail as the coming weekend's session (architecture §5): next Saturday or Sunday at
 * its first start time (10:00 when none is given) in the trails' time zone, lasting `hours`
 * (ADR 0065: the session is the first start time's, the others are the same day later). It goes
 * to the end of the list.
 */
export async function createTrail(db: Db, input: NewTrail, ctx: { createdBy: string; now: Date; timeZone: string }): Promise<Trail> {
  const startTimes = sortStartTimes(input.startTimes ?? []);
  const session = nextWeekendSession(input.weekendDay, ctx.now, { hours: input.hours, timeZone: ctx.timeZone, time: startTimes[0] });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(trails)
      .values({
        ...placeOf(input),
        image: input.image ?? null,
        map: input.map ?? null,
        startTime: session.start,
        endTime: session.end,
        weekendDay: input.weekendDay,
        startTimes,
        order: sql`(SELECT coalesce(max("order"), 0) + 1 FROM ${trails})`,
        createdBy: ctx.createdBy,
      })
      .returning();
    // Every open home list and admin list hears about it (at commit).
    await publishEvent(tx, { type: 'trail.created', audience: null, payload: { trailId: row!.id } });
    return toTrail(row!);
  });
}

/**
 * An administrator's edit of a trail (issue 23): its place, description and images change; its
 * session keeps its day and starts at the first of the start times (unchanged when none are
 * sent), ending after the new hours. Hikes already made keep their own times (people are booked
 * on them). A new image's key replaces the old one, whose key is returned so
 * the caller removes the file after commit.
 */
export async function updateTrail(
  db: Db,
  id: string,
  input: Omit<NewTrail, 'weekendDay'>,
  ctx: { timeZone: string },
): Promise<{ trail: Trail; replaced: (string | null)[] }> {
  const place = placeOf(input);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(trails).where(eq(trails.id, id)).for('update');
    if (!current) throw notFound('Trail');
    const startTimes = input.startTimes ? sortStartTimes(input.startTimes) : current.startTimes;
    const start = input.startTimes
      ? sessionAt(current, current.weekendDay, startTimes[0], { timeZone: ctx.timeZone }).start
      : current.startTime;
    const [row] = await tx
      .update(trails)
      .set({
        ...place,
        ...(input.image ? { image: input.image } : {}),
        ...(input.map ? { map: input.map } : {}),
        startTimes,
        startTime: start,
        endTime: new Date(start.getTime() + input.hours * 3_600_000),
      })
      .where(eq(trails.id, id))
      .returning();
    // Every open home list, trail page and admin list hears about it (at commit).
    await publishEvent(tx, { type: 'trail.changed', audience: null, payload: { trailId: id } });
    const replaced = [input.image ? current.image : null, input.map ? current.map : null].filter(
      (key) => key !== row!.image && key !== row!.map,
    );
    return { trail: toTrail(row!), replaced };
  });
}

/**
 * Deletes a trail (its matches go with it); returns the removed row's file keys. Everyone with
 * a match still to come there is told, in the same transaction, before the matches go (the
 * notification keeps the trail's name; its match link becomes null).
 */
export async function deleteTrail(
  db: Db,
  id: string,
  ctx: { actorId: string; now: Date },
): Promise<{ image: string | null; map: string | null }> {
  return db.transaction(async (tx) => {
    const affected = await tx
      .select({ id: matches.id, participants: matches.participants })
      .from(matches)
      .where(
        and(
          eq(matches.trailId, id),
          inArray(matches.status, ['searching', 'pending', 'confirmed', 'active']),
          gt(matches.endTime, ctx.now),
        ),
      );
    for (const m of affected) {
      for (const recipientId of m.participants) {
        await notify(tx, { recipientId, kind: 'trail-removed', matchId: m.id, actorId: ctx.actorId, now: ctx.now });
      }
    }
    const [row] = await tx.delete(trails).where(eq(trails.id, id)).returning({ image: trails.image, map: trails.map });
    if (!row) throw notFound('Trail');
    await publishEvent(tx, { type: 'trail.deleted', audience: null, payload: { trailId: id } });
    return row;
  });
}
