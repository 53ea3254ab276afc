import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { withAdvisoryLock } from '../jobs/advisory-lock.js';
import { LIVE_EVENTS_PRUNE } from '../jobs/lock-keys.js';
import type { JobLog } from '../jobs/log.js';
import { startJob, type Job } from '../jobs/scheduler.js';

export const DEFAULT_LIVE_EVENT_RETENTION_MS = 60 * 60_000;
export const DEFAULT_LIVE_EVENT_PRUNE_INTERVAL_MS = 5 * 60_000;

/**
 * Deletes the events created before `olderThan`, always as a prefix by id: everything up to
 * the newest old event goes. Replay relies on that shape (what is kept is every event after
 * the oldest kept id), which a plain `created_at <` delete would not guarantee, because
 * `created_at` is the transaction's start and so not ordered like the ids.
 * Returns the number of rows deleted.
 */
export async function pruneLiveEvents(db: DbOrTx, { olderThan }: { olderThan: Date }): Promise<number> {
  const result = await db.execute(sql`
    DELETE FROM live_events
    WHERE id <= (SELECT max(id) FROM live_events WHERE created_at < ${olderThan.toISOString()}::timestamptz)
  `);
  return result.rowCount ?? 0;
}

export interface LiveEventPruningOptions {
  db: Db;
  log: JobLog;
  /** How long a disconnected client can catch up with Last-Event-ID instead of refetching. */
  retentionMs?: number;
  intervalMs?: number;
  now?: () => Date;
}

/** Prunes periodically in every instance; the advisory lock lets one of them do each run. */
export function startLiveEventPruning(opts: LiveEventPruningOptions): Job {
  const retentionMs = opts.retentionMs ?? DEFAULT_LIVE_EVENT_RETENTION_MS;
  const now = opts.now ?? (() => new Date());
  return startJob({
    name: 'live-events-prune',
    intervalMs: opts.intervalMs ?? DEFAULT_LIVE_EVENT_PRUNE_INTERVAL_MS,
    log: opts.log,
    run: async () => {
      const olderThan = new Date(now().getTime() - retentionMs);
      const run = await withAdvisoryLock(opts.db, LIVE_EVENTS_PRUNE, (tx) => pruneLiveEvents(tx, { olderThan }));
      if (run.ran && run.value > 0) opts.log.info({ deleted: run.value }, 'pruned live events');
    },
  });
}
