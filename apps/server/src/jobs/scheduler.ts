import type { JobLog } from './log.js';

export interface JobOptions {
  name: string;
  /** Pause between the end of one run and the start of the next. */
  intervalMs: number;
  run: () => Promise<unknown>;
  log: JobLog;
  /** Run once straight away instead of after the first interval (default true). */
  runOnStart?: boolean;
}

export interface Job {
  /** Stops scheduling and resolves once a run in progress has finished. */
  stop(): Promise<void>;
  /** Runs as soon as possible; during a run, one more run follows it (never two at once). */
  trigger(): void;
}

/**
 * A periodic in-process job. The next run is scheduled when the previous one ends (a timeout
 * chain, not setInterval), so a slow run never overlaps the next one, and a failing run is
 * logged and retried at the next tick instead of crashing the process. Cross-instance
 * exclusion is not this module's job: each run takes an advisory lock (advisory-lock.ts).
 */
export function startJob({ name, intervalMs, run, log, runOnStart = true }: JobOptions): Job {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let rerun = false;

  const schedule = (delay: number) => {
    clearTimeout(timer);
    timer = setTimeout(tick, delay);
    // A job alone must not keep the process (or a test worker) alive; the server stops it.
    timer.unref();
  };

  function tick(): void {
    timer = undefined;
    if (stopped) return;
    if (running) {
      rerun = true;
      return;
    }
    running = (async () => {
      try {
        await run();
      } catch (err) {
        log.error({ err, job: name }, `job ${name} failed`);
      }
    })().finally(() => {
      running = undefined;
      if (stopped) return;
      if (rerun) {
        rerun = false;
        schedule(0);
      } else {
        schedule(intervalMs);
      }
    });
  }

  if (runOnStart) schedule(0);
  else schedule(intervalMs);

  return {
    trigger() {
      if (stopped) return;
      if (running) rerun = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
