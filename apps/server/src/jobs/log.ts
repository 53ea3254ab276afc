import { Logger, type LogLevel } from 'graphile-worker';

/**
 * The logging the jobs and the mail worker need. Structurally a subset of pino's logger (the
 * object first, then the message), so the server passes `app.log` and tests pass a recorder.
 */
export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export const silentLog: JobLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface QueueLogMeta {
  job?: { id: string; task_identifier: string };
  success?: boolean;
}

/**
 * graphile-worker's own messages (worker start, a failed attempt, cron backfill) in our log, with
 * its scope as fields. Never the job itself: its payload holds sign-in links and codes, so only
 * its id and task are kept. Debug chatter (every poll) and the line per completed job (our
 * tasks log what they did) are dropped.
 */
export function jobQueueLogger(log: JobLog): Logger {
  return new Logger((scope) => (level: LogLevel, message: string, meta?: object) => {
    const { job, success, ...rest } = (meta ?? {}) as QueueLogMeta & Record<string, unknown>;
    if (success) return;
    const fields = { jobQueue: scope, ...rest, ...(job && { jobId: job.id, task: job.task_identifier }) };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else if (level === 'info') log.info(fields, message);
  });
}
