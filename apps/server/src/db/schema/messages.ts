import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { matches } from './matches.js';

/**
 * The buddy conversation (ADR 0026): one thread per match, written by its two participants.
 * `seq` orders a thread; sends to one match are serialized (conversation/conversation.ts locks the
 * match row), so within a thread `seq` order is also commit order and "read up to seq N" never
 * skips a message that committed late. `client_id` is the sender's idempotency key.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // A retried send finds the message its first attempt created, never a second one.
    uniqueIndex('messages_sender_client_uq').on(t.senderId, t.clientId),
    // History pages and unread counts walk one thread by seq.
    index('messages_match_seq_idx').on(t.matchId, t.seq),
    // The per-person rate limit counts a sender's recent messages.
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
    check('messages_body_length', sql`char_length(${t.body}) BETWEEN 1 AND 1000`),
  ],
);

/** How far each participant has read a thread: their read receipt, and the base of their unread count. */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    matchId: uuid('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastReadMessageId: uuid('last_read_message_id').notNull(),
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.matchId, t.userId] })],
);
