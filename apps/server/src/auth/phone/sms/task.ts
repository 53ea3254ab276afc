import type { Task } from 'graphile-worker';
import type { Db } from '../../../db/client.js';
import { deliverMessage } from '../../../jobs/outgoing-messages.js';
import type { JobLog } from '../../../jobs/log.js';
import type { SmsToQueue } from './queue.js';
import { SmsSendError, type SmsTransport } from './transports.js';

/** The `send_sms` task: hands the queued text to the transport, outside any database transaction. */
export function sendSmsTask({ db, transport, log }: { db: Db; transport: SmsTransport; log: JobLog }): Task {
  return async (payload, helpers) => {
    const sms = payload as SmsToQueue;
    const delivery = {
      ledger: { channel: 'sms' as const, idempotencyKey: sms.idempotencyKey },
      job: helpers.job,
      db,
      log,
      noun: 'sms',
      isPermanent: (err: unknown) => err instanceof SmsSendError && !err.retryable,
      // Never the body in logs: it carries a live sign-in code.
      logMeta: { jobId: helpers.job.id, transport: transport.kind },
    };
    await deliverMessage(delivery, () => transport.send(sms));
  };
}
