import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/**
 * A person's calendar subscription (ADR 0027): one per person. Only the SHA-256 of the secret
 * token is stored, so a leaked database does not leak anyone's schedule; rotating replaces the
 * hash, revoking deletes the row, and either way the old URL stops working at once.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
