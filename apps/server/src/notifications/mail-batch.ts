import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Task } from 'graphile-worker';
import { channelEnabled, inQuietHours, quietHoursEnd } from '@trailbuddy/shared/contracts/notifications';
import type { Db } from '../db/client.js';
import { notificationMailClaims, notifications, profiles, users } from '../db/schema/index.js';
import type { JobLog } from '../jobs/log.js';
import { addJob, holdJobKey, TASKS } from '../jobs/queue.js';
import { enqueueMail } from '../mail/queue.js';
import type { NotificationMailItem } from '../mail/notification-templates.js';
import { blockedAmong } from '../safety/blocked-view.js';
import { paramsAsSeenBy } from './inbox.js';
import { notificationPath } from './notify.js';
import { loadPreferences } from './preferences.js';
import { createUnsubscribeToken } from './unsubscribe-token.js';

/** The key of a person's batcher job: one waits per person at most (mail-sweep.ts adds it). */
export const NOTIFICATION_MAIL_KEY_PREFIX = 'notification-mail:';
export const notificationMailJobKey = (recipientId: string) => `${NOTIFICATION_MAIL_KEY_PREFIX}${recipientId}`;

export interface NotificationMailSettings {
  /** How long a notification may stay unseen in the app before it is mailed (NOTIFICATION_MAIL_DELAY_S). */
  delayMs: number;
  /** The public origin: the links in the mail. */
  appUrl: string;
  /** Signs the unsubscribe tokens (unsubscribe-token.ts `unsubscribeKey`). */
  unsubscribeKey: Buffer;
}

/** The app's address of one notification: it opens the view the notification is about (after sign-in). */
export const notificationLink = (appUrl: string, id: string) => `${appUrl}${notificationPath(id)}`;
export const preferencesLink = (appUrl: string) => `${appUrl}/me/notifications`;
export const unsubscribeLink = (appUrl: string, token: string) =>
  `${appUrl}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

export interface BatchResult {
  /** Notifications the mail carried (0: no mail). */
  mailed: number;
  /** When to look again (notifications still waiting), or null. */
  nextRunAt: Date | null;
}

/**
 * One person's notification mail, decided at `now` (ADR 0025):
 * - a pending notification read in the app, or whose kind's e-mail the person has turned off
 *   since, is dropped (`skipped`);
 * - nothing goes out during the person's quiet hours: the next look is when they end;
 * - a burst becomes one mail: the mail waits until `delay` has passed since the newest pending
 *   notification, but never longer than twice the delay after the oldest, so a steady stream
 *   still gets mailed; it carries every pending notification that has gone unseen for `delay`;
 * - at most one mail per kind per match: the first claims (person, kind, match), a later one of
 *   the same kind and match is dropped.
 * The rows are locked, so two runs for one person (two instances) cannot mail the same
 * notification twice; the mail is queued in the same transaction (enqueueMail).
 */
export async function mailDueNotifications(
  db: Db,
  recipientId: string,
  now: Date,
  settings: NotificationMailSettings,
): Promise<BatchResult> {
  return db.transaction(async (tx) => {
    // A send that found this batcher waiting did not wake it (notify.ts): it commits first.
    await holdJobKey(tx, notificationMailJobKey(recipientId));
    const pending = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, recipientId), eq(notifications.mailStatus, 'pending')))
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .for('update');
    if (pending.length === 0) return { mailed: 0, nextRunAt: null };

    const prefs = await loadPreferences(tx, recipientId);
    const dropped = pending.filter((n) => n.readAt !== null || !channelEnabled(prefs, n.kind, 'email'));
    const waiting = pending.filter((n) => !dropped.includes(n));
    const skip = async (ids: string[]) => {
      if (ids.length > 0) await tx.update(notifications).set({ mailStatus: 'skipped' }).where(inArray(notifications.id, ids));
    };
    await skip(dropped.map((n) => n.id));
    if (waiting.length === 0) return { mailed: 0, nextRunAt: null };

    if (inQuietHours(prefs, now)) return { mailed: 0, nextRunAt: quietHoursEnd(prefs, now) };
    const oldest = waiting[0]!.createdAt.getTime();
    const newest = waiting[waiting.length - 1]!.createdAt.getTime();
    const due = Math.min(newest + settings.delayMs, oldest + 2 * settings.delayMs);
    if (now.getTime() < due) return { mailed: 0, nextRunAt: new Date(due) };

    const ripe = waiting.filter((n) => n.createdAt.getTime() + settings.delayMs <= now.getTime());
    const later = waiting.filter((n) => !ripe.includes(n));
    const nextRunAt = later.length > 0 ? new Date(later[0]!.createdAt.getTime() + settings.delayMs) : null;

    const batch: typeof ripe = [];
    const repeated: string[] = [];
    for (const n of ripe) {
      if (n.matchId === null) {
        batch.push(n);
        continue;
      }
      const [claimed] = await tx
        .insert(notificationMailClaims)
        .values({ recipientId, kind: n.kind, matchId: n.matchId })
        .onConflictDoNothing()
        .returning({ kind: notificationMailClaims.kind });
      if (claimed) batch.push(n);
      else repeated.push(n.id);
    }
    await skip(repeated);
    if (batch.length === 0) return { mailed: 0, nextRunAt };

    const [person] = await tx
      .select({ email: users.email, tenantEmail: users.tenantEmail, name: users.name, fullName: profiles.fullName })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, recipientId));
    await tx
      .update(notifications)
      .set({ mailStatus: 'sent' })
      .where(
        inArray(
          notifications.id,
          batch.map((n) => n.id),
        ),
      );
    if (!person) return { mailed: 0, nextRunAt };

    // A block made while the notification waited reaches its mail too (issue 22).
    const blocked = await blockedAmong(
      tx,
      recipientId,
      batch.flatMap((n) => (n.actorId ? [n.actorId] : [])),
    );
    const items: NotificationMailItem[] = batch.map((n) => ({
      kind: n.kind,
      params: paramsAsSeenBy(n, blocked),
      link: notificationLink(settings.appUrl, n.id),
    }));
    const token = createUnsubscribeToken(settings.unsubscribeKey, { userId: recipientId, kinds: batch.map((n) => n.kind) });
    await enqueueMail(tx, {
      template: 'notifications',
      // A tenant account's mailbox is its tenant_email (ADR 0009).
      to: person.tenantEmail ?? person.email,
      params: {
        to_name: person.fullName ?? person.name,
        items: JSON.stringify(items),
        unsubscribe_url: unsubscribeLink(settings.appUrl, token),
        preferences_url: preferencesLink(settings.appUrl),
      },
      // The batch is named by its first notification: a re-run of this job cannot mail it twice.
      idempotencyKey: `notifications:${batch[0]!.id}`,
    });
    return { mailed: batch.length, nextRunAt };
  });
}

/** The `mail_notifications` task: one person's batch, then the next look if something still waits. */
export function mailNotificationsTask(deps: { db: Db; log: JobLog; now: () => Date; settings: NotificationMailSettings }): Task {
  return async (payload) => {
    const recipientId = String((payload as { recipientId?: unknown }).recipientId);
    const result = await mailDueNotifications(deps.db, recipientId, deps.now(), deps.settings);
    if (result.mailed > 0) deps.log.info({ recipientId, mailed: result.mailed }, 'notification mail queued');
    if (result.nextRunAt) {
      await addJob(
        deps.db,
        TASKS.mailNotifications,
        { recipientId },
        { jobKey: notificationMailJobKey(recipientId), runAt: result.nextRunAt },
      );
    }
  };
}
