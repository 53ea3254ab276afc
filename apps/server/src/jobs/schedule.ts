import { parseCronItems, type ParsedCronItem } from 'graphile-worker';
import { MAIL_SWEEP_JOB_KEY } from '../notifications/mail-sweep.js';
import { TASKS } from './queue.js';

/**
 * The recurring jobs. graphile-worker's cron records each tick in `known_crontabs` in the same
 * statement that adds the tick's job, so however many instances run it, every tick is scheduled
 * once, and one worker somewhere runs it.
 *
 * The match and trail jobs share the named queue `schedule`, which runs its jobs one at a time
 * across all instances: a slow run is never overlapped by the next tick's. Each run catches up
 * with everything due, so a missed tick costs nothing; a short backfill still runs the ticks an
 * instance restart skipped, so a deploy does not delay expiry by a minute. One attempt each: the
 * next tick is the retry.
 */
const SCHEDULE_QUEUE = 'schedule';
const BACKFILL_MS = 2 * 60_000;

export function scheduledJobs(): ParsedCronItem[] {
  return parseCronItems([
    {
      task: TASKS.expireMatches,
      identifier: TASKS.expireMatches,
      match: '* * * * *',
      options: { queueName: SCHEDULE_QUEUE, maxAttempts: 1, backfillPeriod: BACKFILL_MS },
    },
    {
      task: TASKS.recurTrails,
      identifier: TASKS.recurTrails,
      match: '* * * * *',
      options: { queueName: SCHEDULE_QUEUE, maxAttempts: 1, backfillPeriod: BACKFILL_MS },
    },
    // Each run claims what is due in one UPDATE, so a tick run twice would still remind once.
    {
      task: TASKS.remindHikes,
      identifier: TASKS.remindHikes,
      match: '*/5 * * * *',
      options: { queueName: SCHEDULE_QUEUE, maxAttempts: 1, backfillPeriod: BACKFILL_MS },
    },
    {
      task: TASKS.promptFeedback,
      identifier: TASKS.promptFeedback,
      match: '* * * * *',
      options: { queueName: SCHEDULE_QUEUE, maxAttempts: 1, backfillPeriod: BACKFILL_MS },
    },
    // Claims each overdue trip in one UPDATE, so a tick run twice still alerts once.
    {
      task: TASKS.alertOverdueTrips,
      identifier: TASKS.alertOverdueTrips,
      match: '* * * * *',
      options: { queueName: SCHEDULE_QUEUE, maxAttempts: 1, backfillPeriod: BACKFILL_MS },
    },
    // The mail sweep schedules its own next run, NOTIFICATION_MAIL_SWEEP_S on; this tick leaves
    // a waiting one as it is and replaces one lost with a crashed instance (notifications/mail-sweep.ts).
    {
      task: TASKS.sweepNotificationMail,
      identifier: TASKS.sweepNotificationMail,
      match: '* * * * *',
      options: { maxAttempts: 1, jobKey: MAIL_SWEEP_JOB_KEY, jobKeyMode: 'preserve_run_at' },
    },
    // Pruning deletes idempotently, so it needs no queue of its own.
    { task: TASKS.pruneLiveEvents, identifier: TASKS.pruneLiveEvents, match: '*/5 * * * *', options: { maxAttempts: 1 } },
    { task: TASKS.pruneExpiredRecords, identifier: TASKS.pruneExpiredRecords, match: '17 * * * *', options: { maxAttempts: 1 } },
  ]);
}
