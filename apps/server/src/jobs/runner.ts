import { run, type Runner, type WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import { scheduleMailSweep } from '../notifications/mail-sweep.js';
import { jobQueueLogger } from './log.js';
import { scheduledJobs } from './schedule.js';
import { createTaskList, type TaskDeps } from './tasks.js';

export interface JobRunnerOptions extends Omit<TaskDeps, 'now'> {
  /**
   * A direct connection to the database (not a transaction-mode pooler): the runner LISTENs for
   * new jobs on a session of its own, and locks and completes jobs on the others.
   */
  connectionString: string;
  now?: () => Date;
  /** Jobs one instance runs at a time (default 4: mail and SMS sends mostly wait on the network). */
  concurrency?: number;
  /** Schedule the recurring jobs (default true). Tests that only deliver messages turn it off. */
  schedule?: boolean;
  /** How often to look for jobs that were due later (retries); new jobs arrive by NOTIFY. */
  pollIntervalMs?: number;
}

export interface JobRunner {
  /** graphile-worker's event emitter (job:start, job:success, job:error …), for logs and tests. */
  events: WorkerEvents;
  /** Lets the running jobs finish, then closes the runner's connections. */
  stop(): Promise<void>;
}

/**
 * Starts this instance's worker (every instance runs one, ADR 0011): it picks up jobs as soon as
 * another transaction commits them, retries failed ones with graphile-worker's backoff, and runs
 * the crontab of jobs/schedule.ts.
 */
export async function startJobRunner(opts: JobRunnerOptions): Promise<JobRunner> {
  const pool = new pg.Pool({ connectionString: opts.connectionString, max: (opts.concurrency ?? 4) + 2 });
  // A connection dropping (database restart) must not crash the process: graphile-worker
  // notices on its next query and reconnects.
  const dropped = (err: Error) => opts.log.warn({ err }, 'job queue connection lost');
  pool.on('error', dropped);
  pool.on('connect', (client) => client.on('error', dropped));
  let runner: Runner;
  try {
    // The first mail sweep, at once unless one is waiting (it then schedules the next itself).
    if (opts.notificationMail) await scheduleMailSweep(opts.db, 0);
    runner = await run({
      pgPool: pool,
      concurrency: opts.concurrency ?? 4,
      pollInterval: opts.pollIntervalMs ?? 2000,
      // main.ts owns shutdown: it stops the runner among its other cleanups.
      noHandleSignals: true,
      logger: jobQueueLogger(opts.log),
      taskList: createTaskList({ ...opts, now: opts.now ?? (() => new Date()) }),
      parsedCronItems: opts.schedule === false ? [] : scheduledJobs(),
    });
  } catch (err) {
    await pool.end();
    throw err;
  }
  return {
    events: runner.events,
    async stop() {
      await runner.stop();
      await pool.end();
    },
  };
}
