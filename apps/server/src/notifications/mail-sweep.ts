import { sql } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import type { Db } from '../db/client.js';
import { notifications } from '../db/schema/index.js';
import type { JobLog } from '../jobs/log.js';
import { addJob, addJobUnlessWaitingCall, TASKS } from '../jobs/queue.js';
import { NOTIFICATION_MAIL_KEY_PREFIX, type NotificationMailSettings } from './mail-batch.js';

export interface MailSweepSettings extends Pick<NotificationMailSettings, 'delayMs'> {
  /** How often the sweep looks (NOTIFICATION_MAIL_SWEEP_S): a mail goes out up to this long after it is due. */
  sweepMs: number;
}

/** The sweep's own job key: one sweep waits at a time, however many instances run. */
export const MAIL_SWEEP_JOB_KEY = 'notification-mail-sweep';

/** People woken per statement, so one statement holds few job-key locks at a time. */
const BATCH = 500;

/**
 * Wakes the mail batcher (mail-batch.ts) of everyone with a notification pending for at least the
 * delay at `now`, the earliest any of their mail can be due (ADR 0078). A person whose batcher is
 * waiting already (rescheduled for the rest of a burst, or for the end of their quiet hours) is
 * left to it. The batcher decides what is due and mails it; this only finds who to ask, from the
 * rows themselves, so no write has to add a job and no wake-up can be lost. Returns how many
 * batchers it added.
 */
export async function wakeDueBatchers(db: Db, now: Date, delayMs: number): Promise<number> {
  const cutoff = new Date(now.getTime() - delayMs).toISOString();
  let added = 0;
  let after = '';
  for (;;) {
    const { rows } = await db.execute<{ recipient_id: string; added: boolean }>(sql`
      WITH due AS (
        SELECT DISTINCT ${notifications.recipientId} AS recipient_id FROM ${notifications}
        WHERE ${notifications.mailStatus} = 'pending' AND ${notifications.createdAt} <= ${cutoff}::timestamptz
          AND ${notifications.recipientId} > ${after}
        ORDER BY 1 LIMIT ${BATCH}
      )
      SELECT recipient_id, ${addJobUnlessWaitingCall(
        TASKS.mailNotifications,
        sql`json_build_object('recipientId', recipient_id)`,
        sql`${NOTIFICATION_MAIL_KEY_PREFIX} || recipient_id`,
      )} AS added
      FROM due ORDER BY recipient_id
    `);
    added += rows.filter((r) => r.added).length;
    if (rows.length < BATCH) return added;
    after = rows[rows.length - 1]!.recipient_id;
  }
}

/**
 * Schedules the next sweep `afterMs` from now, unless one is waiting already. The crontab's
 * minute tick does the same (jobs/schedule.ts), so a sweep lost with a crashed instance is
 * replaced within a minute.
 */
export async function scheduleMailSweep(db: Db, afterMs: number): Promise<void> {
  await addJob(
    db,
    TASKS.sweepNotificationMail,
    {},
    { jobKey: MAIL_SWEEP_JOB_KEY, jobKeyMode: 'preserve_run_at', runAt: new Date(Date.now() + afterMs), maxAttempts: 1 },
  );
}

/** The `sweep_notification_mail` task: wake the due batchers, then schedule the next sweep. */
export function mailSweepTask(deps: { db: Db; log: JobLog; now: () => Date; settings: MailSweepSettings }): Task {
  return async () => {
    const woken = await wakeDueBatchers(deps.db, deps.now(), deps.settings.delayMs);
    if (woken > 0) deps.log.info({ woken }, 'notification mail batchers woken');
    await scheduleMailSweep(deps.db, deps.settings.sweepMs);
  };
}
