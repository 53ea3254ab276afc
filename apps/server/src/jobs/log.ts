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
