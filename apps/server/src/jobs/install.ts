import { runMigrations } from 'graphile-worker';
import { jobQueueLogger, silentLog, type JobLog } from './log.js';

/**
 * Installs or upgrades graphile-worker's own schema (`graphile_worker`). Needs a direct
 * connection (not a transaction-mode pooler): its migrations run as one session. Instances
 * starting together are safe: the queue detects a concurrent migration and waits for it. Run it
 * before the application's migrations, which move rows into the queue (0009).
 */
export async function installJobQueue(opts: { connectionString: string; log?: JobLog }): Promise<void> {
  await runMigrations({ connectionString: opts.connectionString, logger: jobQueueLogger(opts.log ?? silentLog) });
}
