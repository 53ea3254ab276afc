import { createHash } from 'node:crypto';
import type { Db } from '../db/client.js';
import { greetingName } from './account-actions/actions-codes.js';
import { enqueueMail } from '../mail/queue.js';

/** What Better Auth sends: the account mails, queued so a mail failure never fails the auth request that caused it. */
export type AuthMailer = ReturnType<typeof queuedAuthMailer>;

/** One mail per link: the link carries a fresh token each time one is requested. */
const digest = (link: string) => createHash('sha256').update(link).digest('hex');

/** Account mails are queued like every other mail; a worker sends them once they commit. */
export function queuedAuthMailer(db: Db) {
  const send = (template: 'verify-email' | 'reset-password') => async (to: { email: string; name: string }, link: string) => {
    // Better Auth accepts a sign-up without a name; the mail still greets someone (the address's local part).
    const params = { to_name: greetingName(to), link };
    await enqueueMail(db, { template, to: to.email, params, idempotencyKey: `${template}:${digest(link)}` });
  };
  return { verifyEmail: send('verify-email'), passwordReset: send('reset-password') };
}
