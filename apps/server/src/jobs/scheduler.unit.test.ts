import { describe, expect, it, vi } from 'vitest';
import type { JobLog } from './log.js';
import { startJob } from './scheduler.js';

const recorder = () => {
  const errors: object[] = [];
  const log: JobLog = { info: () => undefined, warn: () => undefined, error: (obj) => errors.push(obj) };
  return { log, errors };
};

/** A run that stays in progress until the test lets it finish. */
function controllableRun() {
  let active = 0;
  let maxActive = 0;
  let calls = 0;
  let finish: (() => void) | undefined;
  const run = async () => {
    calls++;
    active++;
    maxActive = Math.max(maxActive, active);
    await new Promise<void>((resolve) => (finish = resolve));
    active--;
  };
  return {
    run,
    get calls() {
      return calls;
    },
    get maxActive() {
      return maxActive;
    },
    finish: () => finish?.(),
  };
}

describe('startJob', () => {
  it('never overlaps runs; a trigger during a run queues exactly one more', async () => {
    const r = controllableRun();
    const job = startJob({ name: 't', intervalMs: 60_000, run: r.run, log: recorder().log });
    await vi.waitFor(() => expect(r.calls).toBe(1));
    job.trigger();
    job.trigger();
    job.trigger();
    r.finish();
    await vi.waitFor(() => expect(r.calls).toBe(2));
    r.finish();
    // The three triggers collapsed into one follow-up run, and the interval is a minute.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(r.calls).toBe(2);
    expect(r.maxActive).toBe(1);
    await job.stop();
  });

  it('logs a failing run and keeps going', async () => {
    const { log, errors } = recorder();
    let calls = 0;
    const job = startJob({
      name: 'flaky',
      intervalMs: 5,
      log,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('boom');
      },
    });
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(2));
    await job.stop();
    expect(errors[0]).toMatchObject({ job: 'flaky', err: expect.objectContaining({ message: 'boom' }) });
  });

  it('stop() waits for the run in progress and then schedules nothing', async () => {
    const r = controllableRun();
    const job = startJob({ name: 't', intervalMs: 1, run: r.run, log: recorder().log });
    await vi.waitFor(() => expect(r.calls).toBe(1));
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(false);
    r.finish();
    await stopping;
    job.trigger();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(r.calls).toBe(1);
  });

  it('with runOnStart false waits for the interval or a trigger', async () => {
    const run = vi.fn(async () => undefined);
    const job = startJob({ name: 't', intervalMs: 60_000, run, log: recorder().log, runOnStart: false });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(run).not.toHaveBeenCalled();
    job.trigger();
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    await job.stop();
  });
});
