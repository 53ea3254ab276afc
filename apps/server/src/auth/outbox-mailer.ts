import { createHash } from 'node:crypto';
import type { Db } from '../db/client.js';
import { enqueueMail } from '../mail/outbox.js';
import type { AuthMailer } from './senders.js';

/** One mail per link: the link carries a fresh token each time one is requested. */
const digest = (link: string) => createHash('sha256').update(link).digest('hex');

/** Account mails go through the outbox like every other mail, then the worker is nudged. */
export function outboxAuthMailer(db: Db, mailQueued: () => void): AuthMailer {
  return {
    async verifyEmail(to, link) {
      await enqueueMail(db, {
        template: 'verify-email',
        to: to.email,
        params: { to_name: to.name, link },
        idempotencyKey: `verify-email:${digest(link)}`,
      });
      mailQueued();
    },
    async passwordReset(to, link) {
      await enqueueMail(db, {
        template: 'reset-password',
        to: to.email,
        params: { to_name: to.name, link },
        idempotencyKey: `reset-password:${digest(link)}`,
      });
      mailQueued();
    },
  };
}
