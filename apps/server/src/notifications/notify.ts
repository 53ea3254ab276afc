import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  channelEnabled,
  inQuietHours,
  type NotificationExtraParams,
  type NotificationKind,
  type NotificationParams,
} from '@trailbuddy/shared/contracts/notifications';
import type { DbOrTx } from '../db/client.js';
import { matches, notifications, profiles, trails, users } from '../db/schema/index.js';
import { publishEvent } from '../events/publish.js';
import { addJob, TASKS } from '../jobs/queue.js';
import { loadPreferences } from './preferences.js';

export { channelEnabled, inQuietHours, quietHoursEnd } from '@trailbuddy/shared/contracts/notifications';

export interface NotifyInput<K extends NotificationKind = NotificationKind> {
  /** Who the notification is for; never the person who caused it. */
  recipientId: string;
  kind: K;
  /** The match it is about: its trail names the texts, and the mail rule "one per kind per match" keys on it. */
  matchId?: string | null;
  /** Who caused it (the partner): their name goes into the texts. */
  actorId?: string | null;
  /** The kind's own params (NotificationExtraParams); names and the trail are filled in here. */
  params?: NotificationExtraParams[K];
  /** The caller's clock (quiet hours); default the real one. */
  now?: Date;
}

/** The job that mails a person's unseen notifications, one pending per person (mail-batch.ts). */
export const notificationMailJobKey = (recipientId: string) => `notification-mail:${recipientId}`;

const FALLBACK_ACTOR = 'Someone';
const FALLBACK_TRAIL = 'your trail';

/** The actor's display name and the match's trail, in one round trip. */
async function baseParams(tx: DbOrTx, actorId: string | null, matchId: string | null) {
  const { rows } = await tx.execute<{ actor_name: string | null; trail_name: string | null }>(sql`
    SELECT
      (SELECT coalesce(${profiles.fullName}, ${users.name}) FROM ${users} LEFT JOIN ${profiles} ON ${profiles.userId} = ${users.id}
        WHERE ${users.id} = ${actorId}) AS actor_name,
      (SELECT ${trails.name} FROM ${matches} JOIN ${trails} ON ${trails.id} = ${matches.trailId}
        WHERE ${matches.id} = ${matchId}::uuid) AS trail_name
  `);
  return { actorName: rows[0]?.actor_name ?? FALLBACK_ACTOR, trailName: rows[0]?.trail_name ?? FALLBACK_TRAIL };
}

/**
 * Creates a notification for one person in the caller's transaction (ADR 0025): the row, the
 * live event `notification.created` to their streams and the channel jobs their preferences
 * allow all commit with the change, or, on rollback, none of them exist.
 *
 * Channels: in-app (the row is listed and counted, the event refreshes the bell), e-mail (the
 * person's mail batcher is woken; it mails only what stays unread for the delay), push (the
 * dispatch point below).
 */
export async function notify<K extends NotificationKind>(tx: DbOrTx, input: NotifyInput<K>): Promise<void> {
  const { recipientId, kind } = input;
  const actorId = input.actorId ?? null;
  const matchId = input.matchId ?? null;
  // Nobody is told about what they did themselves.
  if (actorId === recipientId) return;
  const now = input.now ?? new Date();

  const prefs = await loadPreferences(tx, recipientId);
  const inApp = channelEnabled(prefs, kind, 'inApp');
  const email = channelEnabled(prefs, kind, 'email');
  const push = channelEnabled(prefs, kind, 'push');
  if (!inApp && !email && !push) return;

  const params: NotificationParams<K> = { ...(await baseParams(tx, actorId, matchId)), ...input.params } as NotificationParams<K>;
  const [row] = await tx
    .insert(notifications)
    .values({
      recipientId,
      kind,
      matchId,
      actorId,
      params: params as unknown as Record<string, string>,
      inApp,
      mailStatus: email ? 'pending' : 'none',
    })
    .returning({ id: notifications.id });
  const notificationId = row!.id;

  if (inApp) {
    await publishEvent(tx, { type: 'notification.created', audience: [recipientId], payload: { notificationId, kind } });
  }
  if (email) {
    // Wakes the person's batcher at once; it works out when the mail is due (the delay, quiet
    // hours) and reschedules itself. The job key keeps one pending batcher per person.
    await addJob(tx, TASKS.mailNotifications, { recipientId }, { jobKey: notificationMailJobKey(recipientId) });
  }

  // ── PUSH DISPATCH POINT ─────────────────────────────────────────────────────────────────
  // The web-push channel plugs in here: queue the push for `notificationId` in this same
  // transaction when `push` is on and the person is not in their quiet hours.
  if (push && !inQuietHours(prefs, now)) {
    // (web push: added by the push channel)
  }
}

/** Marks one of the person's notifications read; false when it is not theirs (or not there). */
export async function markRead(db: DbOrTx, recipientId: string, notificationId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, notificationId), eq(notifications.recipientId, recipientId)))
      .returning({ id: notifications.id });
    if (!row) return false;
    await publishEvent(tx, { type: 'notification.read', audience: [recipientId], payload: { notificationId } });
    return true;
  });
}

/** Marks every notification of the person read. */
export async function markAllRead(db: DbOrTx, recipientId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
    await publishEvent(tx, { type: 'notification.read', audience: [recipientId], payload: { notificationId: null } });
  });
}
