import type { PushSubscriptionInput } from '@trailbuddy/shared/contracts/push';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { lockInTransaction } from '../db/locks.js';
import { pushSubscriptions } from '../db/schema/index.js';

/**
 * Keeps a browser's subscription for a person. An endpoint is one browser: subscribing it again
 * refreshes its keys, and subscribing it for another person (someone else signed in on that
 * browser) moves it to them, so the browser never shows the previous person's notifications.
 * A person has at most `perAccount` browsers (ADR 0052): the newest stays, the oldest beyond the
 * cap go, in the same transaction, under a lock per person, so two subscribes at once cannot
 * both keep one too many.
 */
export async function saveSubscription(db: Db, userId: string, subscription: PushSubscriptionInput, perAccount: number): Promise<void> {
  const values = { userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
  await db.transaction(async (tx) => {
    // The clock after the lock, not the transaction's start: a subscribe that waited for the lock
    // is still the newest, and is not the one trimmed.
    await lockInTransaction(tx, 'push-subscriptions', userId);
    await tx
      .insert(pushSubscriptions)
      .values({ ...values, createdAt: sql`clock_timestamp()` })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh: values.p256dh, auth: values.auth, createdAt: sql`clock_timestamp()` },
      });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(perAccount);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
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

/** Drops a subscription that will never be delivered to: the push service no longer knows it (404, 410), or its endpoint is refused. */
export async function dropSubscription(db: DbOrTx, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
