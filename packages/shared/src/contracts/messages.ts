import { z } from 'zod';
import type { MatchStatus } from './enums';

/**
 * The buddy conversation (issue 13, ADR 0026): a 1:1 thread per match, plain text only. The
 * server enforces every rule here; the web app reads the same constants for its counter and
 * for whether to offer the conversation at all.
 */

/** A message's longest body, counted in UTF-16 code units after trimming (what a textarea's maxLength counts). */
export const MESSAGE_MAX_LENGTH = 1000;

/** A completed match's conversation stays open this long after the session ended. */
export const COMPLETED_CONVERSATION_DAYS = 7;

/**
 * Sending is limited per person, across all their conversations and every server instance:
 * at most `max` messages in any `windowMs` (a sliding window counted on the messages table).
 * Generous for a person typing, tight enough to stop a script flooding a partner.
 */
export const MESSAGE_RATE_LIMIT = { max: 30, windowMs: 60_000 } as const;

/** The page size of the history when the client names none, and the largest it may ask for. */
export const MESSAGE_PAGE_SIZE = 30;
export const MESSAGE_PAGE_MAX = 100;

const CONVERSATION_STATUSES: readonly MatchStatus[] = ['pending', 'confirmed'];

/**
 * Whether the participants of a match may read and write its conversation at `now`: while it is
 * pending or confirmed, and for COMPLETED_CONVERSATION_DAYS after the session of a completed one.
 * Searching and active matches have a single participant; cancelled ones are closed.
 */
export function conversationOpen(match: { status: MatchStatus; endTime: Date }, now: Date): boolean {
  if (CONVERSATION_STATUSES.includes(match.status)) return true;
  if (match.status !== 'completed') return false;
  return now.getTime() < match.endTime.getTime() + COMPLETED_CONVERSATION_DAYS * 24 * 60 * 60 * 1000;
}

export const CONVERSATION_CLOSED_MESSAGE = 'This conversation is closed.';
export const MESSAGE_EMPTY_MESSAGE = 'Write a message first.';
export const MESSAGE_TOO_LONG_MESSAGE = `A message is at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`;

export const sendMessageSchema = z.object({
  /** Chosen by the client once per message and sent again on every retry: the same key returns the same message. */
  clientId: z.uuid({ error: 'clientId must be a UUID.' }),
  body: z.string({ error: MESSAGE_EMPTY_MESSAGE }).trim().min(1, MESSAGE_EMPTY_MESSAGE).max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG_MESSAGE),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const messageSchema = z.object({
  id: z.string(),
  matchId: z.string(),
  senderId: z.string(),
  clientId: z.string(),
  body: z.string(),
  createdAt: z.string(),
  /** The message's place in its thread: later messages have larger numbers. */
  seq: z.number().int(),
});
export type Message = z.infer<typeof messageSchema>;

/** A history cursor: the `seq` of the oldest message the client holds. */
export const historyQuerySchema = z.object({
  before: z
    .string()
    .regex(/^\d{1,15}$/, 'before must be a cursor from a previous page.')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number.' })
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(MESSAGE_PAGE_MAX, `limit must be at most ${MESSAGE_PAGE_MAX}.`)
    .default(MESSAGE_PAGE_SIZE),
});

/** Where a participant has read up to (their last read message), or null before they read any. */
export const readMarkSchema = z.object({ messageId: z.string(), seq: z.number().int(), at: z.string() }).nullable();

export const historyPageSchema = z.object({
  /** Oldest first within the page; the first page is the newest. */
  messages: z.array(messageSchema),
  /** Pass as `before` for the next older page; null when this page reaches the first message. */
  nextCursor: z.string().nullable(),
  /** The read receipt: how far the partner has read. */
  partnerRead: readMarkSchema,
  /** How far I have read. */
  myRead: readMarkSchema,
  /** Messages from the partner after `myRead`. */
  unread: z.number().int(),
});
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const sendMessageResultSchema = z.object({
  message: messageSchema,
  /** False when the clientId had been sent before: the retry returned the message it created. */
  created: z.boolean(),
});

export const markReadSchema = z.object({ messageId: z.uuid({ error: 'messageId must be a UUID.' }) });
export type MarkReadInput = z.infer<typeof markReadSchema>;

export const markReadResultSchema = z.object({ myRead: readMarkSchema, unread: z.number().int() });

export const unreadCountsSchema = z.object({
  /** Unread messages over every open conversation (the Matches tab's badge). */
  total: z.number().int(),
  /** Only conversations with unread messages. */
  matches: z.array(z.object({ matchId: z.string(), unread: z.number().int() })),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;
