import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  notificationKindSchema,
  notificationPreferencesSchema,
  type NotificationPreferences,
} from '@trailbuddy/shared/contracts/notifications';
import type { DbOrTx } from '../db/client.js';
import { notificationPreferences } from '../db/schema/index.js';

type PreferencesRow = Pick<typeof notificationPreferences.$inferSelect, 'channels' | 'quietStart' | 'quietEnd' | 'timeZone'>;

/** A person's preferences from their stored row (or none: the defaults). */
export function preferencesFromRow(row: PreferencesRow | undefined | null): NotificationPreferences {
  if (!row) return DEFAULT_NOTIFICATION_PREFERENCES;
  const parsed = notificationPreferencesSchema.safeParse({
    channels: row.channels,
    quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
    timeZone: row.timeZone,
  });
  // A row written by an older release that no longer parses (a kind renamed): its switches
  // are dropped rather than failing every notification of that person.
  return parsed.success ? parsed.data : { ...DEFAULT_NOTIFICATION_PREFERENCES, timeZone: row.timeZone };
}

/** The person's preferences, or the defaults when they never saved any. */
export async function loadPreferences(db: DbOrTx, userId: string): Promise<NotificationPreferences> {
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return preferencesFromRow(row);
}

/** Replaces the person's preferences (already validated by the route's schema). */
export async function savePreferences(db: DbOrTx, userId: string, prefs: NotificationPreferences): Promise<NotificationPreferences> {
  const values = {
    channels: prefs.channels,
    quietStart: prefs.quietHours?.start ?? null,
    quietEnd: prefs.quietHours?.end ?? null,
    timeZone: prefs.timeZone,
  };
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...values, updatedAt: sql`now()` } })
    .returning();
  return preferencesFromRow(row);
}

/** Turns one channel of one kind off (the e-mail's one-click unsubscribe), keeping the rest. */
export async function switchChannelOff(db: DbOrTx, userId: string, kinds: readonly string[], channel: 'email' | 'push'): Promise<void> {
  await db.transaction(async (tx) => {
    // Locked, so two unsubscribes at once cannot overwrite each other's switch.
    const [row] = await tx.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).for('update');
    const prefs = preferencesFromRow(row);
    const channels = { ...prefs.channels };
    for (const kind of kinds) {
      const k = notificationKindSchema.safeParse(kind);
      if (k.success) channels[k.data] = { ...channels[k.data], [channel]: false };
    }
    await savePreferences(tx, userId, { ...prefs, channels });
  });
}
