import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { CreateTrailInput, Trail } from '@trailbuddy/shared/contracts/trail';
import { findCountry, parseLocation } from '@trailbuddy/shared/data/locations';
import { nextWeekendSession } from '@trailbuddy/shared/domain/schedule';
import type { Db, DbOrTx } from '../db/client.js';
import { matches, trails } from '../db/schema/index.js';
import { invalidField, notFound } from '../errors.js';
import { publishEvent } from '../events/publish.js';
import { notify } from '../notifications/notify.js';

type TrailRow = typeof trails.$inferSelect;

/** Stored files are served by /api/files; rows keep the storage key (SPEC §7 paths). */
export const fileUrl = (key: string | null): string | null => (key === null ? null : /^(https?:)?\//.test(key) ? key : `/api/files/${key}`);

export function toTrail(row: TrailRow): Trail {
  return {
    id: row.id,
    name: row.name,
    location: row.location,
    country: row.country,
    length: row.length,
    hours: row.hours,
    difficulty: row.difficulty,
    activity: row.activity,
    description: row.description,
    linkmap: row.linkmap,
    image: fileUrl(row.image),
    map: fileUrl(row.map),
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    weekendDay: row.weekendDay,
    order: row.order,
  };
}

/**
 * The public trail list, ordered by `order` (SPEC §7 "live query ordered by field order"):
 * sessions that have not ended, so the list shows the coming weekend (ARCHITECTURE §5).
 */
export async function listTrails(db: DbOrTx, filter: { activity?: Trail['activity']; country?: string }, now: Date): Promise<Trail[]> {
  const rows = await db
    .select()
    .from(trails)
    .where(
      and(
        gt(trails.endTime, now),
        filter.activity ? eq(trails.activity, filter.activity) : undefined,
        filter.country ? sql`lower(${trails.country}) = lower(${filter.country})` : undefined,
      ),
    )
    .orderBy(asc(trails.order), asc(trails.startTime));
  return rows.map(toTrail);
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

export interface NewTrail extends CreateTrailInput {
  image?: string | null;
  map?: string | null;
}

/**
 * Adds a trail as the coming weekend's session (ARCHITECTURE §5): next Saturday or Sunday at
 * 10:00 in the trails' time zone, lasting `hours`. It goes to the end of the list.
 */
export async function createTrail(db: Db, input: NewTrail, ctx: { createdBy: string; now: Date; timeZone: string }): Promise<Trail> {
  const country = countryOf(input.location);
  const session = nextWeekendSession(input.weekendDay, ctx.now, { hours: input.hours, timeZone: ctx.timeZone });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(trails)
      .values({
        name: input.name,
        location: input.location,
        country,
        length: input.length,
        hours: input.hours,
        difficulty: input.difficulty,
        activity: input.activity,
        description: input.description,
        linkmap: input.linkmap,
        image: input.image ?? null,
        map: input.map ?? null,
        startTime: session.start,
        endTime: session.end,
        weekendDay: input.weekendDay,
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
