import { z } from 'zod';
import type { DbOrTx } from '../db/client.js';
import { idempotencyKeySchema, queueMessageOnce } from '../jobs/outgoing-messages.js';
import { TASKS } from '../jobs/queue.js';
import { isPlaceholderEmail } from '../auth/placeholder-emails.js';
import { InvalidMailParamsError, parseTemplateMail, type TemplateName, type TemplateParams } from './templates.js';

/**
 * Tries before a mail is given up: graphile-worker waits exp(n) seconds after the n-th failure,
 * so ten tries span about three and a half hours of SMTP outage.
 */
export const MAIL_MAX_ATTEMPTS = 10;

/** What a `send_mail` job carries: the mail as queued, rendered only when it is sent. */
export interface MailJob {
  template: TemplateName;
  to: string;
  params: Record<string, string>;
  idempotencyKey: string;
}

/** Params as a caller gives them: `to_email` defaults to the recipient. */
export type EnqueueParams<N extends TemplateName> = Omit<TemplateParams<N>, 'to_email'> & { to_email?: string };

export type MailToEnqueue = {
  [N in TemplateName]: {
    template: N;
    to: string;
    params: EnqueueParams<N>;
    /**
     * Names the mail, not the attempt: the same business event always yields the same key
     * (e.g. `welcome:<userId>`, `match-confirmed:<matchId>:<userId>`), so a retried request
     * cannot queue it twice, even after the first one was sent. It also becomes the Message-ID,
     * for receivers to dedupe on.
     */
    idempotencyKey: string;
  };
}[TemplateName];

const recipientSchema = z.email();

export interface EnqueueResult {
  /** False when a mail with this idempotency key was queued before (and maybe sent). */
  queued: boolean;
}

/**
 * Queues a mail as a `send_mail` job (ADR 0011). Pass the caller's transaction so the mail
 * commits (or rolls back) with the business change; a worker in some instance delivers it after
 * the commit, so a mail failure never blocks or loses that change. Params are validated here,
 * where a bug is still the caller's stack trace, rather than at delivery time.
 */
export async function enqueueMail(db: DbOrTx, mail: MailToEnqueue): Promise<EnqueueResult> {
  const to = recipientSchema.safeParse(mail.to);
  if (!to.success) throw new InvalidMailParamsError(mail.template, { to: 'must be an e-mail address' });
  const key = idempotencyKeySchema.safeParse(mail.idempotencyKey);
  if (!key.success) throw new InvalidMailParamsError(mail.template, { idempotencyKey: key.error.issues[0]?.message ?? 'is invalid' });
  if (mail.params.to_email !== undefined && mail.params.to_email !== mail.to) {
    throw new InvalidMailParamsError(mail.template, { to_email: 'differs from the recipient' });
  }

  // A placeholder address (guests, phone-only and tenant accounts) can receive no mail; a mail
  // to it would only retry until it fails.
  if (isPlaceholderEmail(mail.to)) return { queued: false };

  const { params } = parseTemplateMail(mail.template, { ...mail.params, to_email: mail.to });
  const job: MailJob = { template: mail.template, to: mail.to, params, idempotencyKey: mail.idempotencyKey };
  return queueMessageOnce(db, {
    channel: 'mail',
    task: TASKS.sendMail,
    idempotencyKey: mail.idempotencyKey,
    payload: job,
    maxAttempts: MAIL_MAX_ATTEMPTS,
  });
}
