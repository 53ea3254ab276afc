import { is, SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { lockInTransaction } from '../db/locks.js';

/**
 * The task identifiers of the job queue (graphile-worker, ADR 0011). A job names its task by
 * this string in the database, so never rename one while jobs of the old name may be pending.
 */
export const TASKS = {
  sendMail: 'send_mail',
  sendSms: 'send_sms',
  expireMatches: 'expire_matches',
  recurTrails: 'recur_trails',
  pruneLiveEvents: 'prune_live_events',
  pruneExpiredRecords: 'prune_expired_records',
  /** A person's due notifications, batched into one mail (notifications/mail-batch.ts). */
  mailNotifications: 'mail_notifications',
  /** Wakes the batchers of the people whose notification mail may be due (notifications/mail-sweep.ts). */
  sweepNotificationMail: 'sweep_notification_mail',
  /** Feedback prompts for the hikes that ended (notifications/feedback-prompts.ts). */
  promptFeedback: 'prompt_feedback',
  /** The day-before reminder of every confirmed hike (jobs/hike-reminders.ts). */
  remindHikes: 'remind_hikes',
  sendPush: 'send_push',
  /** A deleted account's pictures, removed after the deletion committed (account/erase-files-task.ts). */
  eraseAccountFiles: 'erase_account_files',
  /** Alerts the emergency contact of a shared trip not checked out in time (trips/overdue.ts, ADR 0033). */
  alertOverdueTrips: 'alert_overdue_trips',
  /** Notifications a migration wrote in the app only, sent on their other channels (notifications/waiting-channels.ts). */
  sendWaitingNotifications: 'send_waiting_notifications',
} as const;
export type TaskName = (typeof TASKS)[keyof typeof TASKS];

export interface AddJobOptions {
  /** How many tries before the job is given up (graphile-worker's default is 25). */
  maxAttempts?: number;
  /** A pending job with the same key is replaced rather than duplicated. */
  jobKey?: string;
  /** Not before this instant (default: at once). */
  runAt?: Date;
  /**
   * What a pending job with the same key keeps: `replace` (the default) takes the new run time,
   * `preserve_run_at` keeps its own (a job that will look again at its time anyway).
   */
  jobKeyMode?: 'replace' | 'preserve_run_at';
}

/**
 * The `graphile_worker.add_job(...)` call, for a caller that composes it into a statement of its
 * own (one job per row of a CTE, in the same round trip as the change). `payload` and `jobKey`
 * may be SQL that reads that CTE's columns.
 */
export function addJobCall(
  task: TaskName,
  payload: object | SQL,
  opts: Omit<AddJobOptions, 'jobKey'> & { jobKey?: string | SQL } = {},
): SQL {
  const payloadSql = is(payload, SQL) ? payload : sql`${JSON.stringify(payload)}`;
  return sql`graphile_worker.add_job(
      identifier => ${task}::text,
      payload => (${payloadSql})::json,
      max_attempts => ${opts.maxAttempts ?? null}::int,
      job_key => (${opts.jobKey ?? null})::text,
      run_at => ${opts.runAt?.toISOString() ?? null}::timestamptz,
      job_key_mode => ${opts.jobKeyMode ?? 'replace'}::text
    )`;
}

/**
 * Adds a keyed job unless one with `jobKey` is waiting already, for a caller that composes it into
 * a statement of its own (migration 0033's `add_job_unless_waiting`): graphile-worker's add_job
 * NOTIFYs on every call, and a burst needs one waiting job, not a NOTIFY per write. No wake-up is
 * lost: the task holds the key (holdJobKey) while it reads, so a waiting job sees this write.
 */
export function addJobUnlessWaitingCall(task: TaskName, payload: object | SQL, jobKey: string | SQL): SQL {
  // SQL for a statement built once and filled in per call (db/client.ts statementPerShape).
  const json = is(payload, SQL) ? payload : JSON.stringify(payload);
  return sql`add_job_unless_waiting(${task}::text, ${json}::json, ${jobKey}::text)`;
}

/**
 * Taken first in the transaction of a task whose jobs are added with addJobUnlessWaitingCall:
 * a write that found this job waiting and skipped adding one commits before the task reads.
 */
export async function holdJobKey(tx: DbOrTx, jobKey: string): Promise<void> {
  await lockInTransaction(tx, 'job', jobKey);
}

/**
 * Adds a job with `graphile_worker.add_job()` on the caller's connection: inside a transaction
 * it commits or rolls back with the business change, and on commit the queue's NOTIFY wakes a
 * worker in some instance at once (no polling, no nudging from the request).
 */
export async function addJob(db: DbOrTx, task: TaskName, payload: object, opts: AddJobOptions = {}): Promise<void> {
  await db.execute(sql`SELECT ${addJobCall(task, payload, opts)}`);
}
