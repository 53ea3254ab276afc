import { relations } from 'drizzle-orm';
import { accounts, sessions, users } from './auth.js';

/**
 * Drizzle relations for Better Auth's joins (`advanced.database.joins`, ADR 0058): its drizzle
 * adapter reads a session with its user, an account with its user and a user with its accounts
 * in one relational query each, under these names (Better Auth's model names: `user`, and the
 * plural `accounts` for a list).
 */
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));

export const usersRelations = relations(users, ({ many }) => ({
  sessions: many(sessions),
  accounts: many(accounts),
}));
