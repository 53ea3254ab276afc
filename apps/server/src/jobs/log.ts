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

/**
 * graphile-worker's own messages (worker start, a failed attempt, cron backfill) in our log, with
 * its scope (task, job id) as fields. Debug chatter is dropped: it logs every poll.
 */
export function jobQueueLogger(log: JobLog): Logger {
  return new Logger((scope) => (level: LogLevel, message: string, meta?: object) => {
    const fields = { jobQueue: scope, ...meta };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else if (level === 'info') log.info(fields, message);
  });
}
