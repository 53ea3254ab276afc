import type { Db } from '../db/client.js';
import { expireMatches } from './match-expiry.js';
import type { JobLog } from './log.js';
import { startJob, type Job } from './scheduler.js';
import { recurTrails } from './trail-recurrence.js';

/**
 * Expiry then recurrence, on boot and every minute, in every instance (each run takes its
 * advisory lock). The clock is injectable so tests can move time.
 */
export function startMatchJobs(opts: { db: Db; log: JobLog; timeZone: string; now?: () => Date; intervalMs?: number }): Job {
  const now = opts.now ?? (() => new Date());
  return startJob({
    name: 'matches',
    intervalMs: opts.intervalMs ?? 60_000,
    log: opts.log,
    run: async () => {
      const at = now();
      const expired = await expireMatches(opts.db, at);
      const recurred = await recurTrails(opts.db, at, opts.timeZone);
      if (expired || recurred) opts.log.info({ expired, recurred }, 'match jobs ran');
    },
  });
}
