import type { Task } from 'graphile-worker';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { pushSubscriptions } from '../db/schema/index.js';
import type { JobLog } from '../jobs/log.js';
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
 * may be slow). A subscription removed since the job was queued sends nothing; one the push
 * service calls expired (404, 410), or whose endpoint the sender refuses to connect to (ADR 0052),
 * is removed; 429, 5xx and network trouble are thrown, so
 * graphile-worker retries with its backoff; any other refusal (our request or keys) is logged
 * and dropped, since waiting will not change the answer. Logs never carry the message.
 */
export function sendPushTask({ db, sender, log }: SendPushTaskOptions): Task {
  return async (payload, helpers) => {
    const job = payload as PushJob;
    const meta = { jobId: helpers.job.id, subscriptionId: job.subscriptionId, attempts: helpers.job.attempts };
    const [target] = await db
      .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, job.subscriptionId));
    if (!target) return;
    try {
      const outcome = await sender.send(target, job.payload);
      if (outcome === 'gone') {
        await dropSubscription(db, job.subscriptionId);
        log.info(meta, 'push subscription expired, removed');
        return;
      }
      if (outcome === 'refused') {
        // Not a push service we connect to: no retry will change that, so the subscription goes.
        await dropSubscription(db, job.subscriptionId);
        log.warn(meta, 'push endpoint refused (not a public push service address), subscription removed');
        return;
      }
      log.info(meta, 'push sent');
    } catch (err) {
      if (err instanceof PushSendError && !err.retryable) {
        log.error({ ...meta, statusCode: err.statusCode }, 'push refused by the push service, dropped');
        return;
      }
      log.warn({ ...meta, error: err instanceof Error ? err.message : String(err) }, 'push delivery failed, will retry');
      throw err;
    }
  };
}
