import type { PushPayload } from '@trailbuddy/shared/contracts/push';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { pushSubscriptions } from '../db/schema/index.js';
import { addJob, TASKS } from '../jobs/queue.js';

/** Tries before a push is given up: a push service that is down for longer makes the message stale anyway. */
export const PUSH_MAX_ATTEMPTS = 5;

/** What a `send_push` job carries: one message for one browser, found again by id when it is sent. */
export interface PushJob {
  subscriptionId: string;
  payload: PushPayload;
}

/**
 * Queues a push message to every browser the person subscribed, one `send_push` job per browser
 * (ADR 0024), on the caller's connection: inside the business transaction it commits or rolls
 * back with the change. One job per browser, so a failing push service is retried for its
 * browser only and the others are not sent twice. A pending job with the same tag for the same
 * browser is replaced, as the device would replace the notification. `runAt` holds the message
 * back (quiet hours). Returns the number of browsers queued for.
 */
export async function enqueuePush(db: DbOrTx, recipientId: string, payload: PushPayload, opts: { runAt?: Date } = {}): Promise<number> {
  const browsers = await db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, recipientId));
  for (const browser of browsers) {
    const job: PushJob = { subscriptionId: browser.id, payload };
    await addJob(db, TASKS.sendPush, job, {
      maxAttempts: PUSH_MAX_ATTEMPTS,
      jobKey: `push:${browser.id}:${payload.tag}`,
      runAt: opts.runAt,
    });
  }
  return browsers.length;
}
