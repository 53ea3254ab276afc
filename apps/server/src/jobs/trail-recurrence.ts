import { and, asc, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recurrenceOf } from '@trailbuddy/shared/domain/schedule';
import type { Db } from '../db/client.js';
import { trails } from '../db/schema/index.js';
import { publishEvent } from '../events/publish.js';

/** Enough to catch up after a long downtime without looping forever on bad data. */
const MAX_CATCH_UP_ROUNDS = 60;

/**
 * When a trail's session has started, its copy 7 days later is created, once (architecture §5).
 * The unique index on `recurred_from_id` makes "once" hold even against a concurrent run (the
 * scheduled runs are serial anyway: jobs/schedule.ts), and copies are made in id order so two
 * overlapping runs wait on each other instead of deadlocking. A server that was down for weeks
 * catches up copy by copy until the newest session is in the future.
 */
export async function recurTrails(db: Db, now: Date, timeZone: string): Promise<number> {
  return db.transaction(async (tx) => {
    let created = 0;
    for (let round = 0; round < MAX_CATCH_UP_ROUNDS; round++) {
      const copy = alias(trails, 'copy');
      const due = await tx
        .select({ trail: trails })
        .from(trails)
        .leftJoin(copy, sql`${copy.recurredFromId} = ${trails.id}`)
        .where(and(lte(trails.startTime, now), isNull(copy.id)))
        .orderBy(asc(trails.id));
      if (due.length === 0) break;
      for (const { trail } of due) {
        const next = recurrenceOf({ start: trail.startTime, end: trail.endTime }, { timeZone });
        const { id: _id, createdAt: _createdAt, ...fields } = trail;
        const [inserted] = await tx
          .insert(trails)
          .values({ ...fields, startTime: next.start, endTime: next.end, recurredFromId: trail.id })
          .onConflictDoNothing()
          .returning({ id: trails.id });
        if (inserted) {
          created += 1;
          await publishEvent(tx, { type: 'trail.created', audience: null, payload: { trailId: inserted.id } });
        }
      }
    }
    return created;
  });
}
