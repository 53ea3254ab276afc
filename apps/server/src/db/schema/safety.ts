import { bigserial, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ReportContext } from '@trailbuddy/shared/contracts/safety';
import { users } from './auth.js';

/**
 * Who blocked whom (issue 14, ADR 0032). One row per direction; a pair is blocked when either row
 * exists. Triggers of the migration refuse a pending or confirmed match, and a message, between a
 * blocked pair, under the same advisory lock the block takes, so neither can slip past a block.
 */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('user_blocks_blocked_idx').on(t.blockedId, t.blockerId)],
);

/**
 * A report about a person. `context` is a copy of the match and its last messages as they were
 * when reported (not a reference), so the moderator reads what the reporter saw.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedId: text('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    context: jsonb('context').$type<ReportContext>().notNull(),
    status: text('status', { enum: ['open', 'in_review', 'closed'] })
      .notNull()
      .default('open'),
    resolution: text('resolution', { enum: ['dismissed', 'warned', 'disabled'] }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('reports_queue_idx').on(t.status, t.createdAt)],
);

/**
 * Every administrator action: who, what, when, why. Append-only: a trigger of the migration
 * refuses UPDATE and DELETE, and there are no foreign keys, so no cascade can erase a row either.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: text('admin_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetUserId: text('target_user_id'),
    reportId: uuid('report_id'),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_audit_log_created_idx').on(t.createdAt)],
);
