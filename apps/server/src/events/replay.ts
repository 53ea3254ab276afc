import { and, asc, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { liveEvents } from '../db/schema/events.js';
import type { LiveEvent, LiveEventType } from './types.js';

export const DEFAULT_REPLAY_LIMIT = 500;

export type Replay =
  /** Every event for the user after the given id, in id order (possibly none). */
  | { kind: 'events'; events: LiveEvent[] }
  /**
   * The events cannot be replayed (pruned, too many, or an id this database never issued):
   * the client must refetch everything. `latestId` is where it can resume from afterwards.
   */
  | { kind: 'resync'; latestId: number };

// The highest id the sequence has handed out, committed or not. A client never saw more.
const issuedId = sql<string>`(SELECT CASE WHEN is_called THEN last_value ELSE last_value - 1 END FROM live_events_id_seq)`;

/**
 * What a client reconnecting with `Last-Event-ID: afterId` missed. Retained rows are always
 * a suffix by id (see prune.ts), so nothing was lost when the client's id is at most one
 * below the oldest retained row; a larger gap may hide pruned events and asks for a resync
 * (conservatively: ids skipped by rolled-back transactions look the same).
 */
export async function eventsSince(db: Db, opts: { userId: string; afterId: number; limit?: number }): Promise<Replay> {
  const limit = opts.limit ?? DEFAULT_REPLAY_LIMIT;
  // One snapshot for the bounds and the rows, so a prune in between cannot slip through.
  return db.transaction(
    async (tx): Promise<Replay> => {
      const [bounds] = await tx
        .select({ oldest: sql<string | null>`min(${liveEvents.id})`, newest: sql<string | null>`max(${liveEvents.id})`, issued: issuedId })
        .from(liveEvents);
      const oldest = bounds?.oldest == null ? null : Number(bounds.oldest);
      const issued = Number(bounds?.issued ?? 0);
      const latestId = bounds?.newest == null ? issued : Number(bounds.newest);
      const missedPruned = oldest === null ? opts.afterId < issued : opts.afterId < oldest - 1;
      if (opts.afterId > issued || missedPruned) return { kind: 'resync', latestId };

      const rows = await tx
        .select({ id: liveEvents.id, type: liveEvents.type, audience: liveEvents.audience, payload: liveEvents.payload })
        .from(liveEvents)
        .where(
          and(
            gt(liveEvents.id, opts.afterId),
            or(isNull(liveEvents.audience), sql`${liveEvents.audience} @> ARRAY[${opts.userId}]::text[]`),
          ),
        )
        .orderBy(asc(liveEvents.id))
        .limit(limit + 1);
      if (rows.length > limit) return { kind: 'resync', latestId };
      // Rows written by publishEvent, whose input is typed by the shared payload contract.
      return { kind: 'events', events: rows.map((r) => ({ ...r, type: r.type as LiveEventType }) as LiveEvent) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The id a client that refetches everything now can resume from. */
export async function latestEventId(db: Db): Promise<number> {
  const { rows } = await db.execute<{ latest: string | number | null }>(
    sql`SELECT coalesce((SELECT max(id) FROM live_events), ${issuedId}) AS latest`,
  );
  return Number(rows[0]?.latest ?? 0);
}
