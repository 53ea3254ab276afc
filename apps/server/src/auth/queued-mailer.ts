import { createHash } from 'node:crypto';
import type { Db } from '../db/client.js';
import { enqueueMail } from '../mail/queue.js';
import type { AuthMailer } from './senders.js';

/** One mail per link: the link carries a fresh token each time one is requested. */
const digest = (link: string) => createHash('sha256').update(link).digest('hex');

/** Account mails are queued like every other mail; a worker sends them once they commit. */
export function queuedAuthMailer(db: Db): AuthMailer {
  const send = (template: 'verify-email' | 'reset-password') => async (to: { email: string; name: string }, link: string) => {
    await enqueueMail(db, { template, to: to.email, params: { to_name: to.name, link }, idempotencyKey: `${template}:${digest(link)}` });
  };
  return { verifyEmail: send('verify-email'), passwordReset: send('reset-password') };
}
