import { and, eq, gte, isNull, or } from 'drizzle-orm';
import type { MeasuredAbility } from '@trailbuddy/shared/contracts/ability';
import type { Activity } from '@trailbuddy/shared/contracts/enums';
import type { DbOrTx } from '../db/client.js';
import { activityFigures } from '../db/schema/index.js';
import { summarise, summaryCutoff } from './summary.js';
import type { ActivityFigures } from './track-figures.js';

/** The UTC day of a moment: all a figure keeps of when it happened. */
const dayOf = (moment: Date) => new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));

/**
 * Keeps one activity's figures, once: the same file or provider activity imported again is a
 * duplicate (the unique key decides, so two imports racing still keep one row).
 */
export async function recordFigures(
  db: DbOrTx,
  userId: string,
  source: string,
  sourceKey: string,
  figures: ActivityFigures,
): Promise<'imported' | 'duplicate'> {
  const inserted = await db
    .insert(activityFigures)
    .values({
      userId,
      source,
      sourceKey,
      activity: figures.activity,
      startedOn: figures.startedOn && dayOf(figures.startedOn),
      distanceMeters: figures.distanceMeters,
      elevationGainMeters: figures.elevationGainMeters,
      flatMovingSeconds: figures.flatMovingSeconds,
      flatMovingMeters: figures.flatMovingMeters,
      climbMovingSeconds: figures.climbMovingSeconds,
      climbAscentMeters: figures.climbAscentMeters,
    })
    .onConflictDoNothing({ target: [activityFigures.userId, activityFigures.sourceKey] })
    .returning({ id: activityFigures.id });
  return inserted.length > 0 ? 'imported' : 'duplicate';
}

/** The member's measured ability now: the summary of the figures of the last 12 months. */
export async function loadAbilities(db: DbOrTx, userId: string, now: Date): Promise<MeasuredAbility[]> {
  const rows = await db
    .select()
    .from(activityFigures)
    .where(
      and(
        eq(activityFigures.userId, userId),
        or(isNull(activityFigures.startedOn), gte(activityFigures.startedOn, dayOf(summaryCutoff(now)))),
      ),
    );
  return summarise(
    rows.map((r) => ({ ...r, activity: r.activity as Activity })),
    now,
  );
}

/** "A member can delete it": every figure goes, so the summary is empty. */
export async function deleteFigures(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(activityFigures).where(eq(activityFigures.userId, userId));
}
