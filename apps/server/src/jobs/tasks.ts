import type { TaskList } from 'graphile-worker';
import { eraseAccountFilesTask } from '../account/erase-files-task.js';
import type { Db } from '../db/client.js';
import { LIVE_EVENT_RETENTION_MS, pruneLiveEvents } from '../events/prune.js';
import { sendMailTask } from '../mail/task.js';
import { promptFeedback } from '../notifications/feedback-prompts.js';
import { mailNotificationsTask, type NotificationMailSettings } from '../notifications/mail-batch.js';
import { mailSweepTask, type MailSweepSettings } from '../notifications/mail-sweep.js';
import { sendWaitingNotificationsTask } from '../notifications/waiting-channels.js';
import type { MailTransport } from '../mail/transports.js';
import type { PushSender } from '../push/send.js';
import { sendPushTask } from '../push/task.js';
import { sendSmsTask } from '../auth/phone/sms/task.js';
import type { SmsTransport } from '../auth/phone/sms/transports.js';
import type { FileStorage } from '../storage/storage.js';
import type { JobLog } from './log.js';
import { remindHikes } from './hike-reminders.js';
import { expireMatches } from './match-expiry.js';
import { pruneExpiredRecords } from './prune.js';
import { TASKS } from './queue.js';
import { recurTrails } from './trail-recurrence.js';
import { alertOverdueTrips, type OverdueSettings } from '../trips/overdue.js';

export interface TaskDeps {
  /** The application's database (Drizzle): tasks read and write through it, not the queue's pool. */
  db: Db;
  log: JobLog;
  timeZone: string;
  /** Injectable so tests can move time; the scheduled tasks read it, not the cron tick. */
  now: () => Date;
  /** Without one, `send_mail` jobs wait in the queue for an instance that has it. */
  mail?: MailTransport | undefined;
  /** Without one (SMS off), `send_sms` jobs wait likewise. */
  sms?: SmsTransport | undefined;
  /** Without them, `mail_notifications` jobs wait for an instance that has them. */
  notificationMail?: (NotificationMailSettings & MailSweepSettings) | undefined;
  /** Without one (no VAPID keys), `send_push` jobs wait likewise. */
  push?: PushSender | undefined;
  /** Without it, `erase_account_files` jobs wait for an instance that has the file storage. */
  storage?: FileStorage | undefined;
  /** Without them, `alert_overdue_trips` jobs wait for an instance that has them. */
  trips?: OverdueSettings | undefined;
}

/** Every task this server runs, by identifier (jobs/queue.ts). */
export function createTaskList(deps: TaskDeps): TaskList {
  const { db, log, now } = deps;
  const tasks: TaskList = {
    [TASKS.expireMatches]: async () => {
      const expired = await expireMatches(db, now());
      if (expired > 0) log.info({ expired }, 'expired matches');
    },
    [TASKS.recurTrails]: async () => {
      const recurred = await recurTrails(db, now(), deps.timeZone);
      if (recurred > 0) log.info({ recurred }, 'recurred trails');
    },
    [TASKS.remindHikes]: async () => {
      const reminded = await remindHikes(db, now(), deps.timeZone);
      if (reminded > 0) log.info({ reminded }, 'sent hike reminders');
    },
    [TASKS.promptFeedback]: async () => {
      const prompted = await promptFeedback(db, now());
      if (prompted > 0) log.info({ prompted }, 'feedback prompts');
    },
    [TASKS.pruneLiveEvents]: async () => {
      const deleted = await pruneLiveEvents(db, { olderThan: new Date(now().getTime() - LIVE_EVENT_RETENTION_MS) });
      if (deleted > 0) log.info({ deleted }, 'pruned live events');
    },
    [TASKS.pruneExpiredRecords]: async () => {
      const deleted = await pruneExpiredRecords(db, now());
      if (Object.values(deleted).some((n) => n > 0)) log.info({ deleted }, 'pruned expired records');
    },
    [TASKS.sendWaitingNotifications]: sendWaitingNotificationsTask({ db, log, now }),
  };
  if (deps.mail) tasks[TASKS.sendMail] = sendMailTask({ db, transport: deps.mail, log });
  if (deps.notificationMail) {
    tasks[TASKS.mailNotifications] = mailNotificationsTask({ db, log, now, settings: deps.notificationMail });
    tasks[TASKS.sweepNotificationMail] = mailSweepTask({ db, log, now, settings: deps.notificationMail });
  }
  if (deps.sms) tasks[TASKS.sendSms] = sendSmsTask({ db, transport: deps.sms, log });
  if (deps.storage) tasks[TASKS.eraseAccountFiles] = eraseAccountFilesTask({ storage: deps.storage, log });
  const trips = deps.trips;
  if (trips) {
    tasks[TASKS.alertOverdueTrips] = async () => {
      const alerted = await alertOverdueTrips(db, now(), trips);
      if (alerted > 0) log.info({ alerted }, 'alerted emergency contacts of overdue trips');
    };
  }
  if (deps.push) tasks[TASKS.sendPush] = sendPushTask({ db, sender: deps.push, log });
  return tasks;
}
