import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * A browser that agreed to receive web push for one person (ADR 0024): the push service's
 * endpoint and the browser's keys to encrypt for (RFC 8291). An endpoint is one browser, so it is
 * unique: the last person to subscribe from that browser owns it. Rows go with the account, when
 * the push service answers 404 or 410 (the browser dropped the subscription), when the endpoint
 * is refused at send time, and beyond the newest few of a person (ADR 0052).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key (base64url), the key each message is encrypted for. */
    p256dh: text('p256dh').notNull(),
    /** The browser's 16-byte authentication secret (base64url). */
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);
