import { and, eq, inArray } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import {
  channelEnabled,
  inQuietHours,
  NOTIFICATION_KIND_NAMES,
  NOTIFICATION_PARAM_FALLBACKS,
  type NotificationKind,
  type NotificationParams,
} from '@trailbuddy/shared/contracts/notifications';
import type { Db } from '../db/client.js';
import { notifications } from '../db/schema/index.js';
import type { JobLog } from '../jobs/log.js';
import { enqueuePush } from '../push/queue.js';
import { pushPayloadOf } from './notify.js';
import { loadPreferences } from './preferences.js';

/** At most this many notifications per transaction, so one run holds few row locks at a time. */
const BATCH = 200;

/**
 * Sends the notifications of `kind` that a migration wrote in the app only (mail status `none`:
 * SQL can neither render a mail nor a push) on each person's other channels, the way `notify()`
 * does for every kind (ADR 0025, ADR 0067): the e-mail waits as `pending` for the mail sweep when
 * their preferences take this kind by mail (the batcher then drops it if read meanwhile), the push to
 * their browsers when they take it by push and are not in their quiet hours. A notification read
 * already in the app goes out on no other channel. Each row is settled (`pending` or `skipped`), so
 * a second run, or a second instance, sends nothing twice. Returns how many it settled.
 */
export async function sendWaitingNotifications(db: Db, kind: NotificationKind, now: Date): Promise<number> {
  let settled = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const waiting = await tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.kind, kind), eq(notifications.mailStatus, 'none')))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const mailed: string[] = [];
      for (const n of waiting) {
        const prefs = await loadPreferences(tx, n.recipientId);
        const unread = n.readAt === null;
        // Pending, its mail is the mail sweep's to wake (mail-sweep.ts): its delay has passed.
        if (unread && channelEnabled(prefs, kind, 'email')) mailed.push(n.id);
        if (unread && channelEnabled(prefs, kind, 'push') && !inQuietHours(prefs, now)) {
          await enqueuePush(
            tx,
            n.recipientId,
            pushPayloadOf(kind, { ...NOTIFICATION_PARAM_FALLBACKS, ...n.params } as NotificationParams, n.id, n.matchId),
          );
        }
      }
      const ids = waiting.map((n) => n.id);
      const skipped = ids.filter((id) => !mailed.includes(id));
      if (mailed.length > 0) await tx.update(notifications).set({ mailStatus: 'pending' }).where(inArray(notifications.id, mailed));
      if (skipped.length > 0) await tx.update(notifications).set({ mailStatus: 'skipped' }).where(inArray(notifications.id, skipped));
      return waiting.length;
    });
    settled += done;
    if (done < BATCH) return settled;
  }
}

/** The task: `{ kind }` names the kind a migration wrote in the app only (migration 0038). */
export function sendWaitingNotificationsTask(deps: { db: Db; log: JobLog; now: () => Date }): Task {
  return async (payload) => {
    const kind = (payload as { kind?: unknown } | null)?.kind;
    if (typeof kind !== 'string' || !(NOTIFICATION_KIND_NAMES as string[]).includes(kind)) {
      deps.log.warn({ payload }, 'send_waiting_notifications: no known kind; nothing sent');
      return;
    }
    const settled = await sendWaitingNotifications(deps.db, kind as NotificationKind, deps.now());
    if (settled > 0) deps.log.info({ kind, settled }, 'sent waiting notifications on their other channels');
  };
}
