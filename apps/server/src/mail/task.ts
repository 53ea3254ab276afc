import type { Task } from 'graphile-worker';
import type { Db } from '../db/client.js';
import { deliverMessage } from '../jobs/outgoing-messages.js';
import type { JobLog } from '../jobs/log.js';
import type { MailJob } from './queue.js';
import { InvalidMailParamsError, parseTemplateMail, renderMail } from './templates.js';
import { MailSendError, type MailTransport } from './transports.js';

export interface SendMailTaskOptions {
  db: Db;
  transport: MailTransport;
  log: JobLog;
}

/**
 * The `send_mail` task: renders the queued mail and hands it to the transport, outside any
 * database transaction (jobs/outgoing-messages.ts). The payload is re-validated first: a job
 * that no longer renders (a template changed under a queued mail) fails at once.
 */
export function sendMailTask({ db, transport, log }: SendMailTaskOptions): Task {
  return async (payload, helpers) => {
    const job = payload as Partial<MailJob>;
    const idempotencyKey = String(job.idempotencyKey);
    const delivery = {
      ledger: { channel: 'mail' as const, idempotencyKey },
      job: helpers.job,
      db,
      log,
      noun: 'mail',
      // A mail that no longer renders, or a send the provider refused for good, will not get
      // better by waiting: fail it now instead of retrying for hours.
      isPermanent: (err: unknown) => err instanceof InvalidMailParamsError || (err instanceof MailSendError && !err.retryable),
      logMeta: { jobId: helpers.job.id, template: job.template },
    };
    await deliverMessage(delivery, async () => {
      const mail = parseTemplateMail(String(job.template), job.params);
      await transport.send({ ...renderMail(mail), to: String(job.to), template: mail.template, params: mail.params, idempotencyKey });
    });
  };
}
