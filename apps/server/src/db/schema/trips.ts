import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { matches } from './matches.js';

/**
 * A person's emergency contact (issue 14, ADR 0033): one per account, erased with it. The contact
 * receives nothing but the confirmation mail until they follow its link (`confirmedAt`); only the
 * SHA-256 of the link's token is kept. Changing the address clears the confirmation.
 */
export const emergencyContacts = pgTable('emergency_contacts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  email: text('email').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  confirmTokenHash: text('confirm_token_hash').unique(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One participant's side of a confirmed hike: the trip shared with their contact (the trip
 * page's token hash and its expiry), their check-in and check-out, and when the overdue alert
 * went out (set in the statement that claims it, so it goes once).
 */
export const tripParticipations = pgTable(
  'trip_participations',
  {
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    shareTokenHash: text('share_token_hash').unique(),
    shareExpiresAt: timestamp('share_expires_at', { withTimezone: true }),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    checkedOutAt: timestamp('checked_out_at', { withTimezone: true }),
    overdueAlertedAt: timestamp('overdue_alerted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.matchId, t.userId] }),
    // The overdue job's scan: shared trips not checked out and not alerted yet.
    index('trip_participations_overdue_idx')
      .on(t.matchId)
      .where(sql`shared_at IS NOT NULL AND checked_out_at IS NULL AND overdue_alerted_at IS NULL`),
  ],
);
