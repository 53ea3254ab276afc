import type { Task } from 'graphile-worker';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { pushSubscriptions } from '../db/schema/index.js';
import type { JobLog } from '../jobs/log.js';
import { deliverMessage } from '../jobs/outgoing-messages.js';
import type { PushJob } from './queue.js';
import { PushSendError, type PushSender } from './send.js';
import { dropSubscription } from './subscriptions.js';

export interface SendPushTaskOptions {
  db: Db;
  sender: PushSender;
  log: JobLog;
}

/**
 * The `send_push` task: one message to one browser, outside any transaction (the push service
 * may be slow), through the delivery body mail and SMS use (jobs/outgoing-messages.ts). A
 * subscription removed since the job was queued sends nothing; one the push service calls expired
 * (404, 410), or whose endpoint the sender refuses to connect to (ADR 0052), is removed and the
 * message dropped; 429, 5xx and network trouble are retried with graphile-worker's backoff until
 * the last attempt; any other refusal (our request or keys) fails at once, since waiting will not
 * change the answer. Logs never carry the message.
 */
export function sendPushTask({ db, sender, log }: SendPushTaskOptions): Task {
  return async (payload, helpers) => {
    const job = payload as PushJob;
    const meta = { jobId: helpers.job.id, subscriptionId: job.subscriptionId };
    const [target] = await db
      .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, job.subscriptionId));
    if (!target) return;
    const delivery = {
      // Keyed by browser and tag in the queue itself (push/queue.ts), so no ledger row.
      ledger: null,
      job: helpers.job,
      db,
      log,
      noun: 'push',
      isPermanent: (err: unknown) => err instanceof PushSendError && !err.retryable,
      logMeta: meta,
    };
    await deliverMessage(delivery, async () => {
      const outcome = await sender.send(target, job.payload);
      if (outcome === 'sent') return;
      // Expired, or not a push service we connect to: no retry will change that, so the subscription goes.
      await dropSubscription(db, job.subscriptionId);
      if (outcome === 'gone') log.info(meta, 'push subscription expired, removed');
      else log.warn(meta, 'push endpoint refused (not a public push service address), subscription removed');
      return 'dropped';
    });
  };
}
