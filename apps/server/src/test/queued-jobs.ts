// Test helper (imported by tests only): what the job queue holds, and a way to work it off once.
import { sql } from 'drizzle-orm';
import { runOnce, type Job } from 'graphile-worker';
import { expect } from 'vitest';
import type { Db } from '../db/client.js';
import { jobQueueLogger, silentLog } from '../jobs/log.js';
import { addJob, TASKS, type TaskName } from '../jobs/queue.js';
import { startJobRunner, type JobRunner, type JobRunnerOptions } from '../jobs/runner.js';
import { createTaskList, type TaskDeps } from '../jobs/tasks.js';
import type { MailJob } from '../mail/queue.js';
import type { SmsToQueue } from '../auth/phone/sms/queue.js';
import type { MatchWorld } from './match-fixtures.js';

export interface QueuedJob<P> {
  id: string;
  payload: P;
  attempts: number;
  lastError: string | null;
  runAt: Date;
}

/**
 * The jobs of one task still in the queue (pending, retrying or failed for good), oldest first.
 * graphile-worker's public `jobs` view leaves out the payload, which is what these tests check,
 * so this reads its table; the version is pinned (~0.17) and this is test code only.
 */
export async function queuedJobs<P>(db: Db, task: TaskName): Promise<QueuedJob<P>[]> {
  const { rows } = await db.execute<{ id: string; payload: P; attempts: number; last_error: string | null; run_at: string }>(sql`
    SELECT j.id::text AS id, j.payload, j.attempts, j.last_error, j.run_at
    FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = ${task}
    ORDER BY j.id
  `);
  return rows.map((r) => ({ id: r.id, payload: r.payload, attempts: r.attempts, lastError: r.last_error, runAt: new Date(r.run_at) }));
}

/** The mails queued (not yet sent), oldest first, optionally to one address or of one template. */
export async function queuedMail(db: Db, filter: { to?: string; template?: string } = {}): Promise<MailJob[]> {
  return (await queuedJobs<MailJob>(db, TASKS.sendMail))
    .map((j) => j.payload)
    .filter((m) => (filter.to === undefined || m.to === filter.to) && (filter.template === undefined || m.template === filter.template));
}

/** The text messages queued (not yet sent), oldest first, optionally to one number. */
export async function queuedSms(db: Db, filter: { to?: string } = {}): Promise<SmsToQueue[]> {
  return (await queuedJobs<SmsToQueue>(db, TASKS.sendSms))
    .map((j) => j.payload)
    .filter((m) => filter.to === undefined || m.to === filter.to);
}

/**
 * Runs every job that is due now with the server's own tasks, then returns (graphile-worker's
 * `runOnce`). Only the transports given get their task, so the other channel's jobs stay queued.
 */
export async function runDueJobs(connectionString: string, deps: Partial<TaskDeps> & { db: Db }): Promise<void> {
  const taskList = createTaskList({ log: silentLog, timeZone: 'Europe/Lisbon', now: () => new Date(), ...deps });
  await runOnce({ connectionString, taskList, noHandleSignals: true, logger: jobQueueLogger(silentLog) });
  // graphile-worker records a job's completion or failure without making the task wait for it,
  // so `runOnce` can return a moment before; wait until no job is held any more.
  for (let i = 0; i < 100; i++) {
    const { rows } = await deps.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE locked_at IS NOT NULL`,
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('a job stayed locked after runOnce');
}

/**
 * Adds `times` jobs of a scheduled task at once and waits until the given runners (instances on
 * one database) have run them all: the race a cron tick seen by many instances would make.
 */
export async function raceTask(db: Db, runners: { events: JobRunner['events'] }[], task: TaskName, times: number): Promise<void> {
  let done = 0;
  const count = ({ job }: { job: Job }) => {
    if (job.task_identifier === task) done++;
  };
  for (const r of runners) r.events.on('job:success', count);
  try {
    for (let i = 0; i < times; i++) await addJob(db, task, {});
    await expect.poll(() => done, { timeout: 15_000, interval: 50 }).toBeGreaterThanOrEqual(times);
  } finally {
    for (const r of runners) r.events.off('job:success', count);
  }
}

/**
 * One server instance's job worker on a match world's database, reading the world's (movable)
 * clock: the cron-job tests start two of these to show a tick is acted on once.
 */
export function worldJobRunner(w: MatchWorld, extra: Partial<JobRunnerOptions> = {}): Promise<JobRunner> {
  return startJobRunner({
    connectionString: w.t.database.url,
    db: w.t.database.db,
    log: silentLog,
    timeZone: 'Europe/Lisbon',
    now: () => w.clock.now,
    pollIntervalMs: 200,
    ...extra,
  });
}
