import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';

/**
 * How long a disconnected client can catch up with Last-Event-ID instead of refetching. The
 * job queue prunes every five minutes (jobs/schedule.ts).
 */
export const LIVE_EVENT_RETENTION_MS = 60 * 60_000;

/**
 * Deletes the events created before `olderThan`, always as a prefix by id: everything up to
 * the newest old event goes. Replay relies on that shape (what is kept is every event after
 * the oldest kept id), which a plain `created_at <` delete would not guarantee, because
 * `created_at` is the transaction's start and so not ordered like the ids.
 * Returns the number of rows deleted. Overlapping runs are harmless: each deletes what is left.
 */
export async function pruneLiveEvents(db: DbOrTx, { olderThan }: { olderThan: Date }): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM live_events
    WHERE id <= (SELECT max(id) FROM live_events WHERE created_at < ${olderThan.toISOString()}::timestamptz)
  `);
  return result.rowCount ?? 0;
}
