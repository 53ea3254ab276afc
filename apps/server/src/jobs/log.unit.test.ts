import { describe, expect, it } from 'vitest';
import { jobQueueLogger, type JobLog } from './log.js';

const recorder = () => {
  const lines: { level: string; obj: object; msg?: string }[] = [];
  const log: JobLog = {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => lines.push({ level: 'error', obj, msg }),
  };
  return { log, lines };
};

const job = {
  id: '7',
  task_identifier: 'send_sms',
  payload: { to: '+351912345678', body: '123456 is your TrailBuddy verification code.' },
};

describe('jobQueueLogger', () => {
  it('logs a failed job by id and task, never its payload (a live code)', () => {
    const { log, lines } = recorder();
    jobQueueLogger(log).error('Failed task 7 (send_sms) with error', { failure: true, job, error: new Error('503') });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', obj: { jobId: '7', task: 'send_sms', failure: true } });
    expect(JSON.stringify(lines[0])).not.toContain('123456');
  });

  it('drops the line per completed job and the debug chatter, maps warnings', () => {
    const { log, lines } = recorder();
    const logger = jobQueueLogger(log);
    logger.info('Completed task 7 (send_sms) with success', { job, success: true });
    logger.debug('polling');
    logger.warn('cron backfill');
    expect(lines.map((l) => [l.level, l.msg])).toEqual([['warn', 'cron backfill']]);
  });
});
