import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { NotificationKind, NotificationPreferences } from '@trailbuddy/shared/contracts/notifications';
import { users } from './auth.js';
import { matches } from './matches.js';

/**
 * One row per notification (ADR 0025), written by `notify()` in the transaction of the change it
 * is about. `params` holds the texts' values as they were then (names, the trail), so an entry
 * reads the same after the match or trail is gone.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** Set null when the match goes (a trail removed by an administrator deletes its matches). */
    matchId: uuid('match_id').references(() => matches.id, { onDelete: 'set null' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    /** False when the person turned this kind's in-app channel off: kept for the e-mail, not listed. */
    inApp: boolean('in_app').notNull(),
    /**
     * The e-mail channel: `pending` waits for the delay (and is dropped if read meanwhile),
     * `sent` went out in a batch, `skipped` was read in time or is not to be mailed at all
     * (`none`: the channel was off when it was created).
     */
    mailStatus: text('mail_status', { enum: ['none', 'pending', 'sent', 'skipped'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    // The list, newest first, with the id as tie-breaker for the cursor.
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt.desc(), t.id.desc()),
    // The bell's count.
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`read_at IS NULL AND in_app`),
    // The mail batcher's pick.
    index('notifications_mail_pending_idx')
      .on(t.recipientId, t.createdAt)
      .where(sql`mail_status = 'pending'`),
  ],
);

/**
 * "Never more than one mail per kind per match": the first mail of a kind about a match claims
 * the row, any later one of the same kind and match is dropped from its batch.
 */
export const notificationMailClaims = pgTable(
  'notification_mail_claims',
  {
    recipientId: text('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    matchId: uuid('match_id').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recipientId, t.kind, t.matchId] })],
);

/** A person's notification choices; no row = every default (NOTIFICATION_KINDS). */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Per kind and channel, only what differs from the defaults. */
  channels: jsonb('channels')
    .$type<NotificationPreferences['channels']>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /** "HH:MM" in `time_zone`; both null = no quiet hours. */
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  timeZone: text('time_zone').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
