import type { PushSubscriptionInput } from '@trailbuddy/shared/contracts/push';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { pushSubscriptions } from '../db/schema/index.js';

/**
 * Keeps a browser's subscription for a person. An endpoint is one browser: subscribing it again
 * refreshes its keys, and subscribing it for another person (someone else signed in on that
 * browser) moves it to them, so the browser never shows the previous person's notifications.
 */
export async function saveSubscription(db: DbOrTx, userId: string, subscription: PushSubscriptionInput): Promise<void> {
  const values = { userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: values.p256dh, auth: values.auth, createdAt: new Date() },
    });
}

/** Removes one of the person's own subscriptions; false when they have none with that endpoint. */
export async function removeSubscription(db: DbOrTx, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Drops a subscription the push service no longer knows (it answered 404 or 410). */
export async function removeExpiredSubscription(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
