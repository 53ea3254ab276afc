import { and, arrayContains, asc, count, desc, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import {
  CONVERSATION_CLOSED_MESSAGE,
  conversationOpen,
  MESSAGE_RATE_LIMIT,
  type HistoryPage,
  type Message,
  type SendMessageInput,
  type UnreadCounts,
} from '@trailbuddy/shared/contracts/messages';
import type { Db, DbOrTx } from '../db/client.js';
import { conversationReads, matches, messages } from '../db/schema/index.js';
import { AppError, conflict, forbidden, invalidField, notFound } from '../errors.js';
import { publishEvent } from '../events/publish.js';
import { notify } from '../notifications/notify.js';
import { asIfUnavailable } from './blocked-pair.js';
import type { MatchRow } from './match-presenter.js';

export interface ConversationContext {
  userId: string;
  now: Date;
}

type MessageRow = typeof messages.$inferSelect;
type ReadRow = typeof conversationReads.$inferSelect;

const NOT_IN_CONVERSATION_MESSAGE = 'Only the two people of this match can read or write its conversation.';

export const presentMessage = (row: MessageRow): Message => ({
  id: row.id,
  matchId: row.matchId,
  senderId: row.senderId,
  clientId: row.clientId,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  seq: row.seq,
});

const presentRead = (row: ReadRow | undefined) =>
  row ? { messageId: row.lastReadMessageId, seq: row.lastReadSeq, at: row.readAt.toISOString() } : null;

const isParticipant = (m: MatchRow, userId: string) => m.participants.includes(userId);

/**
 * The match whose conversation `ctx.userId` opens, or the refusal: 404 for no such match, 403
 * for anyone outside it (administrators included: a conversation is private to its two people),
 * 403 when its window is over (ADR 0026). `lock` takes the match row for the rest of the
 * transaction, which serializes the sends of one thread and orders them against status changes.
 */
async function openConversation(
  db: DbOrTx,
  ctx: ConversationContext,
  matchId: string,
  opts: { lock?: boolean; allowClosed?: boolean } = {},
) {
  const query = db.select().from(matches).where(eq(matches.id, matchId));
  const [m] = opts.lock ? await query.for('no key update') : await query;
  if (!m) throw notFound('Match');
  if (!isParticipant(m, ctx.userId)) throw forbidden(NOT_IN_CONVERSATION_MESSAGE);
  if (!opts.allowClosed && !conversationOpen(m, ctx.now)) throw forbidden(CONVERSATION_CLOSED_MESSAGE);
  return m;
}

/**
 * Refuses a send past MESSAGE_RATE_LIMIT. The count is of the sender's own stored messages, so
 * every instance sees the same figure and a replayed retry costs nothing; the advisory lock makes
 * one person's concurrent sends (to any of their conversations) count one after the other.
 */
async function enforceSendRate(tx: DbOrTx, ctx: ConversationContext) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`messages:${ctx.userId}`}, 0))`);
  const since = new Date(ctx.now.getTime() - MESSAGE_RATE_LIMIT.windowMs);
  const recent = await tx
    .select({ createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.senderId, ctx.userId), gt(messages.createdAt, since)))
    .orderBy(desc(messages.createdAt))
    .limit(MESSAGE_RATE_LIMIT.max);
  if (recent.length < MESSAGE_RATE_LIMIT.max) return;
  // The oldest of the last `max` leaves the window first.
  const freeAt = recent[recent.length - 1]!.createdAt.getTime() + MESSAGE_RATE_LIMIT.windowMs;
  const seconds = Math.max(1, Math.ceil((freeAt - ctx.now.getTime()) / 1000));
  throw new AppError(429, 'too-many-requests', `You are sending messages too fast. Try again in ${seconds} seconds.`);
}

async function findBySenderKey(tx: DbOrTx, senderId: string, clientId: string) {
  const [row] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)));
  return row;
}

/** What a notification (the bell, a mail, a push) quotes of a message. */
const PREVIEW_LENGTH = 140;
const previewOf = (body: string) => (body.length > PREVIEW_LENGTH ? `${body.slice(0, PREVIEW_LENGTH - 1)}…` : body);

const replay = (row: MessageRow, matchId: string) => {
  if (row.matchId !== matchId) throw conflict('This clientId was already used for a message in another conversation.');
  return { message: presentMessage(row), created: false };
};

/**
 * Sends a message, exactly once per (sender, clientId): a retry, even one racing the first
 * attempt, returns the message the first created (ADR 0026). The message, its live event (and
 * the partner's notification) commit together.
 */
export async function sendMessage(
  db: Db,
  ctx: ConversationContext,
  matchId: string,
  input: SendMessageInput,
): Promise<{ message: Message; created: boolean }> {
  // Between a blocked pair the database refuses the message (migration 0016): it reads as closed.
  return asIfUnavailable(
    () => sendInTransaction(db, ctx, matchId, input),
    () => forbidden(CONVERSATION_CLOSED_MESSAGE),
  );
}

async function sendInTransaction(db: Db, ctx: ConversationContext, matchId: string, input: SendMessageInput) {
  return db.transaction(async (tx) => {
    // A replay is answered even once the window closed or the rate is spent: it sends nothing new.
    const m = await openConversation(tx, ctx, matchId, { lock: true, allowClosed: true });
    const earlier = await findBySenderKey(tx, ctx.userId, input.clientId);
    if (earlier) return replay(earlier, matchId);
    if (!conversationOpen(m, ctx.now)) throw forbidden(CONVERSATION_CLOSED_MESSAGE);
    await enforceSendRate(tx, ctx);

    const [row] = await tx
      .insert(messages)
      .values({ matchId, senderId: ctx.userId, clientId: input.clientId, body: input.body, createdAt: ctx.now })
      // Only a concurrent send of the same key to another match gets here (same-match sends wait on the lock).
      .onConflictDoNothing({ target: [messages.senderId, messages.clientId] })
      .returning();
    if (!row) return replay((await findBySenderKey(tx, ctx.userId, input.clientId))!, matchId);

    const message = presentMessage(row);
    await publishEvent(tx, { type: 'message.created', audience: m.participants, payload: { matchId, message } });
    for (const recipientId of m.participants.filter((id) => id !== ctx.userId)) {
      await notify(tx, {
        recipientId,
        kind: 'message-received',
        matchId,
        actorId: ctx.userId,
        params: { preview: previewOf(message.body) },
        now: ctx.now,
      });
    }
    return { message, created: true };
  });
}

async function readsOf(db: DbOrTx, matchId: string) {
  return db.select().from(conversationReads).where(eq(conversationReads.matchId, matchId));
}

async function unreadIn(db: DbOrTx, matchId: string, userId: string, afterSeq: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(messages)
    .where(and(eq(messages.matchId, matchId), ne(messages.senderId, userId), gt(messages.seq, afterSeq)));
  return row?.n ?? 0;
}

/** One page of a thread, newest page first; `before` is the previous page's `nextCursor`. */
export async function history(
  db: Db,
  ctx: ConversationContext,
  matchId: string,
  query: { before?: string; limit: number },
): Promise<HistoryPage> {
  await openConversation(db, ctx, matchId);
  const before = query.before === undefined ? undefined : Number(query.before);
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.matchId, matchId), before === undefined ? undefined : lt(messages.seq, before)))
    .orderBy(desc(messages.seq))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit).reverse();
  const reads = await readsOf(db, matchId);
  const mine = reads.find((r) => r.userId === ctx.userId);
  const partners = reads.find((r) => r.userId !== ctx.userId);
  return {
    messages: page.map(presentMessage),
    nextCursor: rows.length > query.limit ? String(page[0]!.seq) : null,
    partnerRead: presentRead(partners),
    myRead: presentRead(mine),
    unread: await unreadIn(db, matchId, ctx.userId, mine?.lastReadSeq ?? 0),
  };
}

/**
 * Moves my read mark forward to `messageId` (never back), and tells both participants: the
 * partner's read receipt and my other devices' unread counts follow.
 */
export async function markRead(db: Db, ctx: ConversationContext, matchId: string, messageId: string) {
  return db.transaction(async (tx) => {
    const m = await openConversation(tx, ctx, matchId);
    const [target] = await tx
      .select({ id: messages.id, seq: messages.seq })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.matchId, matchId)));
    if (!target) throw invalidField('messageId', 'messageId must be a message of this conversation.');
    const [advanced] = await tx
      .insert(conversationReads)
      .values({ matchId, userId: ctx.userId, lastReadMessageId: target.id, lastReadSeq: target.seq, readAt: ctx.now })
      .onConflictDoUpdate({
        target: [conversationReads.matchId, conversationReads.userId],
        set: { lastReadMessageId: target.id, lastReadSeq: target.seq, readAt: ctx.now },
        setWhere: lt(conversationReads.lastReadSeq, target.seq),
      })
      .returning();
    if (advanced) {
      await publishEvent(tx, {
        type: 'message.read',
        audience: m.participants,
        payload: { matchId, readerId: ctx.userId, messageId: target.id, seq: target.seq, at: advanced.readAt.toISOString() },
      });
    }
    const [mine] = await tx
      .select()
      .from(conversationReads)
      .where(and(eq(conversationReads.matchId, matchId), eq(conversationReads.userId, ctx.userId)));
    return { myRead: presentRead(mine), unread: await unreadIn(tx, matchId, ctx.userId, mine!.lastReadSeq) };
  });
}

/**
 * Unread messages per open conversation and in total. Closed conversations are left out: their
 * messages can no longer be opened, so counting them would leave a badge nobody can clear.
 */
export async function unreadCounts(db: Db, ctx: ConversationContext): Promise<UnreadCounts> {
  const rows = await db
    .select({ matchId: matches.id, status: matches.status, endTime: matches.endTime, unread: count() })
    .from(matches)
    .innerJoin(messages, and(eq(messages.matchId, matches.id), ne(messages.senderId, ctx.userId)))
    .leftJoin(conversationReads, and(eq(conversationReads.matchId, matches.id), eq(conversationReads.userId, ctx.userId)))
    .where(
      and(
        arrayContains(matches.participants, [ctx.userId]),
        inArray(matches.status, ['pending', 'confirmed', 'completed']),
        gt(messages.seq, sql`coalesce(${conversationReads.lastReadSeq}, 0)`),
      ),
    )
    .groupBy(matches.id)
    .orderBy(asc(matches.startTime));
  const open = rows.filter((r) => conversationOpen(r, ctx.now)).map((r) => ({ matchId: r.matchId, unread: r.unread }));
  return { total: open.reduce((sum, r) => sum + r.unread, 0), matches: open };
}
