import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, lt, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  CONVERSATION_CLOSED_MESSAGE,
  conversationOpen,
  MESSAGE_RATE_LIMIT,
  type HistoryPage,
  type Message,
  type SendMessageInput,
  type UnreadCounts,
} from '@trailbuddy/shared/contracts/messages';
import { KINDS_SEEN_IN_CONVERSATION } from '@trailbuddy/shared/contracts/notifications';
import { PLANS_CHANGED_AT_ONCE_MESSAGE } from '@trailbuddy/shared/domain/hikes';
import { namedStatementsAllowed, param, preparedPerDatabase, statementPerShape, type Db, type DbOrTx } from '../db/client.js';
import { conversationReads, matches, messages } from '../db/schema/index.js';
import { AppError, busy, conflict, forbidden, invalidField, notFound } from '../errors.js';
import { audienceSql, liveEventCtes, publishEvent } from '../events/publish.js';
import {
  markMatchesRead,
  notifyContextColumns,
  notifyContextFrom,
  notifyCtes,
  notifyRecipientsColumn,
  notifyWrite,
  paramsOf,
  paramValues,
  readAll,
  recipientsFrom,
  type NotifyChannels,
  type NotifyContextRow,
  type NotifyRecipientJson,
} from '../notifications/notify.js';
import { writeInGroup, writesBacklogged } from '../db/commit-groups.js';
import { isTransientConflict, TRANSIENT_ATTEMPTS } from '../db/transient.js';
import { asIfUnavailable } from '../safety/blocked-pair.js';
import type { MatchRow } from '../matches/match-presenter.js';

export interface ConversationContext {
  userId: string;
  now: Date;
}

type MessageRow = typeof messages.$inferSelect;
type ReadRow = typeof conversationReads.$inferSelect;

const NOT_IN_CONVERSATION_MESSAGE = 'Only the people on this hike can read or write its conversation.';

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

const isParticipant = (m: Pick<MatchRow, 'participants'>, userId: string) => m.participants.includes(userId);

type ConversationMatch = Pick<MatchRow, 'participants' | 'status' | 'endTime'>;

/**
 * Who may open a match's conversation: 404 for no such match, 403 for anyone outside it
 * (administrators included: a conversation is private to its two people), 403 when its window
 * is over (ADR 0026), unless `allowClosed`.
 */
function admit<M extends ConversationMatch>(m: M | null | undefined, ctx: ConversationContext, opts: { allowClosed?: boolean } = {}): M {
  if (!m) throw notFound('Match');
  if (!isParticipant(m, ctx.userId)) throw forbidden(NOT_IN_CONVERSATION_MESSAGE);
  if (!opts.allowClosed && !conversationOpen(m, ctx.now)) throw forbidden(CONVERSATION_CLOSED_MESSAGE);
  return m;
}

/** The match whose conversation `ctx.userId` opens, or the refusal (admit). */
async function openConversation(db: DbOrTx, ctx: ConversationContext, matchId: string) {
  const [m] = await db.select().from(matches).where(eq(matches.id, matchId));
  return admit(m, ctx);
}

/** The 429 of a send past MESSAGE_RATE_LIMIT: `oldest` is the oldest of the sender's last `max` messages, which leaves the window first. */
function tooFast(ctx: ConversationContext, oldest: Date) {
  const freeAt = oldest.getTime() + MESSAGE_RATE_LIMIT.windowMs;
  const seconds = Math.max(1, Math.ceil((freeAt - ctx.now.getTime()) / 1000));
  return new AppError(429, 'too-many-requests', `You are sending messages too fast. Try again in ${seconds} seconds.`);
}

/** A `messages` row as PostgreSQL's row_to_json gives it: the sender's earlier message with a clientId. */
interface MessageJson {
  id: string;
  seq: string | number;
  match_id: string;
  sender_id: string;
  client_id: string;
  body: string;
  created_at: string;
}

/** The sender's message with this clientId, as JSON in a column of a caller's query (messageFromJson reads it). */
const messageByKey = (senderId: SQL, clientId: SQL) => sql`(
  SELECT row_to_json(e) FROM ${messages} AS e WHERE e.sender_id = ${senderId} AND e.client_id = ${clientId}::uuid)`;

const messageFromJson = (json: MessageJson | null): MessageRow | null =>
  json && {
    id: json.id,
    seq: Number(json.seq),
    matchId: json.match_id,
    senderId: json.sender_id,
    clientId: json.client_id,
    body: json.body,
    createdAt: new Date(json.created_at),
  };

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
 * everyone else's notification) commit together.
 */
export async function sendMessage(
  db: Db,
  ctx: ConversationContext,
  matchId: string,
  input: SendMessageInput,
): Promise<{ message: Message; created: boolean }> {
  // An instance behind on its writes refuses for a moment instead of answering late (ADR 0082);
  // the client sends the same message again, with its clientId, after Retry-After.
  if (writesBacklogged(db)) throw busy();
  // Between a blocked pair the database refuses the message (migration 0016): it reads as closed.
  return asIfUnavailable(
    () => sendInTwoStatements(db, ctx, matchId, input),
    () => forbidden(CONVERSATION_CLOSED_MESSAGE),
  );
}

interface SendContextRow extends NotifyContextRow, Record<string, unknown> {
  status: MatchRow['status'];
  end_time: string;
  participants: string[];
  recipients: NotifyRecipientJson[] | null;
  earlier: MessageJson | null;
}

/**
 * The send's authorization and everything its write needs, in one round trip (ADR 0037): the
 * match, its participants, a message the sender already sent with this clientId, and the
 * notification preferences of everyone else on the hike (ADR 0065: each of them is told, not only
 * one "partner") with the names the texts use. It locks nothing: the write checks that the match
 * is still as read here, under its lock (ADR 0081). (The sender's own right to write, ADR 0030,
 * was checked by the route's gate; a blocked pair is refused by the database when the message is
 * written.)
 */
const sendContextStatement = statementPerShape(
  () => 'one',
  () => {
    const others = sql`array_remove(m.participants, ${param('userId')})`;
    return sql`
    WITH m AS MATERIALIZED (
      SELECT ${matches.id} AS id, ${matches.status} AS status, ${matches.endTime} AS end_time, ${matches.participants} AS participants
      FROM ${matches} WHERE ${matches.id} = ${param('matchId')}
    )
    SELECT m.status, m.end_time, m.participants, ${notifyRecipientsColumn(others, 'recipients')},
      ${messageByKey(param('userId'), param('clientId'))} AS earlier,
      ${notifyContextColumns(sql`NULL`, param('userId'), sql`m.id`)}
    FROM m
  `;
  },
);

async function readSendContext(db: DbOrTx, named: boolean, ctx: ConversationContext, matchId: string, clientId: string) {
  const { rows } = await sendContextStatement<SendContextRow>(db, named, null, { userId: ctx.userId, matchId, clientId });
  const row = rows[0];
  if (!row) return null;
  return {
    status: row.status,
    endTime: new Date(row.end_time),
    /** end_time as PostgreSQL wrote it, to its microsecond: what the write compares. */
    endTimeAsRead: row.end_time,
    participants: row.participants,
    earlier: messageFromJson(row.earlier),
    recipients: recipientsFrom(row.recipients, notifyContextFrom(row)),
  };
}

/** The shape of writeMessage's statement: how many are on the hike, and each other's notification channels. */
interface WriteShape {
  participants: number;
  told: { prefix: string; channels: NotifyChannels }[];
}

const writeStatement = statementPerShape(
  (shape: WriteShape) =>
    `${shape.participants}:${shape.told.map(({ prefix, channels: c }) => `${prefix}${+c.inApp}${+c.email}${+c.push}`).join(',')}`,
  (shape: WriteShape) => {
    const told = shape.told.map(({ prefix, channels }) => notifyCtes(prefix, channels, paramsOf(prefix), { from: 'sent' }));
    const participants = Array.from({ length: shape.participants }, (_, i) => param(`participant${i}`));
    return sql`
    WITH m AS MATERIALIZED (
      SELECT ${matches.id} FROM ${matches}
      WHERE ${matches.id} = ${param('matchId')} AND ${matches.status} = ${param('status')}
        AND ${matches.endTime} = ${param('endTime')}::timestamptz AND ${matches.participants} = ${audienceSql(participants)}
      FOR NO KEY UPDATE
    ), gate AS MATERIALIZED (
      SELECT g.* FROM m CROSS JOIN LATERAL message_send_gate(${param('senderId')}, ${param('clientId')}::uuid,
        ${param('since')}::timestamptz, ${MESSAGE_RATE_LIMIT.max}) AS g
    ), sent AS (
      INSERT INTO ${messages} (id, match_id, sender_id, client_id, body, created_at)
      SELECT ${param('id')}::uuid, ${param('matchId')}::uuid, ${param('senderId')}, ${param('clientId')}::uuid, ${param('body')},
        ${param('now')}::timestamptz
      FROM gate WHERE gate.recent < ${MESSAGE_RATE_LIMIT.max} AND gate.earlier IS NULL
      ON CONFLICT (sender_id, client_id) DO NOTHING
      RETURNING seq
    ), ${liveEventCtes('published', {
      type: 'message.created',
      audience: audienceSql(participants),
      payload: sql`jsonb_set(${param('event')}::jsonb, '{message,seq}', to_jsonb(sent.seq))`,
      from: 'sent',
    })}${sql.join(
      told.map((t) => sql`, ${t.ctes}`),
      sql``,
    )}
    SELECT (SELECT count(*)::int FROM m) AS admitted, (SELECT seq FROM sent) AS seq, gate.earlier, gate.recent, gate.oldest,
      (SELECT count(*) FROM published) AS published, ${readAll(told.flatMap((t) => t.reads))}
    FROM (SELECT 1) AS one LEFT JOIN gate ON true
  `;
  },
);

/**
 * Writes the message, its live event to everyone on the hike and a notification to each of the
 * others in one statement (however many are on the hike, ADR 0065), committed on its own or with
 * the sends that arrived while earlier ones were committing (writeInGroup, ADR 0082), if the
 * match is still as `conversation` read it: its row is locked and compared first, which orders
 * the send against status changes and the thread's other sends. Then the sender's lock
 * (message_send_gate, migration 0039), taken after the match row's (the order every send takes
 * them in), makes one person's concurrent sends to any of their conversations count one after
 * the other. Nothing is written when the key was used already (a retry that raced its first
 * attempt: the gate sees that attempt's commit, and the message it wrote is answered) or the
 * sender spent their rate (MESSAGE_RATE_LIMIT, counted from their own stored messages, so every
 * instance sees the same figure). The statement is built once per shape (WriteShape) and filled
 * in with this message's values. Null when the match changed since it was read.
 */
async function writeMessage(
  db: Db,
  named: boolean,
  ctx: ConversationContext,
  matchId: string,
  input: SendMessageInput,
  conversation: NonNullable<Awaited<ReturnType<typeof readSendContext>>>,
) {
  const row: MessageRow = {
    id: randomUUID(),
    seq: 0,
    matchId,
    senderId: ctx.userId,
    clientId: input.clientId,
    body: input.body,
    createdAt: ctx.now,
  };
  const values: Record<string, unknown> = {
    status: conversation.status,
    endTime: conversation.endTimeAsRead,
    senderId: ctx.userId,
    since: new Date(ctx.now.getTime() - MESSAGE_RATE_LIMIT.windowMs).toISOString(),
    id: row.id,
    matchId,
    clientId: input.clientId,
    body: input.body,
    now: ctx.now.toISOString(),
    event: JSON.stringify({ matchId, message: presentMessage(row) }),
  };
  conversation.participants.forEach((id, i) => (values[`participant${i}`] = id));
  const told: WriteShape['told'] = [];
  conversation.recipients.forEach(({ recipientId, context }, i) => {
    const write = notifyWrite(
      { recipientId, kind: 'message-received', matchId, actorId: ctx.userId, params: { preview: previewOf(input.body) }, now: ctx.now },
      context,
    );
    if (!write) return;
    const prefix = `to${i}`;
    told.push({ prefix, channels: write.channels });
    Object.assign(values, paramValues(prefix, write.values));
  });
  const statement = (tx: DbOrTx) =>
    writeStatement<{
      admitted: number;
      seq: string | number | null;
      earlier: MessageJson | null;
      recent: number | null;
      oldest: string | Date | null;
    }>(tx, named, { participants: conversation.participants.length, told }, values);
  // Ordered by the match, whose row the write locks first; one write of the sender's at a time,
  // whose lock the write takes next (ADR 0082).
  const { rows } = await writeInGroup(db, { order: matchId, author: ctx.userId, write: statement });
  const result = rows[0]!;
  if (result.admitted === 0) return null;
  if (result.seq !== null) return { message: presentMessage({ ...row, seq: Number(result.seq) }), created: true };
  const earlier = messageFromJson(result.earlier);
  if (earlier) return replay(earlier, matchId);
  if (result.recent! < MESSAGE_RATE_LIMIT.max) throw new Error('writeMessage: the message was neither written nor found');
  throw tooFast(ctx, new Date(result.oldest!));
}

/**
 * Two round trips, neither in a transaction with the other (ADR 0081): the context
 * (readSendContext), then the write (writeMessage), which a busy instance commits together with
 * other sends' writes (ADR 0082). Both are built by drizzle once per shape, and prepared once per
 * connection where the connection allows it (ADR 0069). A match that changed between the two
 * (its status, its end, who is on it) is read and judged again, as a deadlock's victim is run
 * again (db/transient.ts).
 */
async function sendInTwoStatements(db: Db, ctx: ConversationContext, matchId: string, input: SendMessageInput) {
  const named = namedStatementsAllowed(db);
  for (let attempt = 1; attempt <= TRANSIENT_ATTEMPTS; attempt++) {
    // A replay is answered even once the window closed or the rate is spent: it sends nothing new.
    const conversation = admit(await readSendContext(db, named, ctx, matchId, input.clientId), ctx, { allowClosed: true });
    if (conversation.earlier) return replay(conversation.earlier, matchId);
    admit(conversation, ctx);
    // A deadlock's victim is read and judged again too: one person's sends to two hikes through
    // two instances at once can each hold what the other waits for (ADR 0082).
    const sent = await writeMessage(db, named, ctx, matchId, input, conversation).catch((err: unknown) => {
      if (isTransientConflict(err)) return null;
      throw err;
    });
    if (sent) return sent;
  }
  throw conflict(PLANS_CHANGED_AT_ONCE_MESSAGE, 'aborted');
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
    // Reading the thread is seeing its messages' notifications (ADR 0037), on every device.
    await markMatchesRead(tx, ctx.userId, [matchId], KINDS_SEEN_IN_CONVERSATION);
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

/** The query of unreadCounts for the reader `userId` (a value, or a placeholder of a prepared statement). */
const unreadCountsQuery = (db: DbOrTx, userId: string | Placeholder) =>
  db
    .select({ matchId: matches.id, status: matches.status, endTime: matches.endTime, unread: count() })
    .from(matches)
    .innerJoin(messages, and(eq(messages.matchId, matches.id), ne(messages.senderId, userId)))
    .leftJoin(conversationReads, and(eq(conversationReads.matchId, matches.id), eq(conversationReads.userId, userId)))
    .where(
      and(
        sql`${matches.participants} @> ARRAY[${userId}]::text[]`,
        inArray(matches.status, ['pending', 'confirmed', 'completed']),
        gt(messages.seq, sql`coalesce(${conversationReads.lastReadSeq}, 0)`),
      ),
    )
    .groupBy(matches.id)
    .orderBy(asc(matches.startTime));

const preparedUnreadCounts = preparedPerDatabase('tb_unread_counts', (db, name) =>
  unreadCountsQuery(db, sql.placeholder('userId')).prepare(name),
);

/**
 * Unread messages per open conversation and in total. Closed conversations are left out: their
 * messages can no longer be opened, so counting them would leave a badge nobody can clear.
 */
export async function unreadCounts(db: Db, ctx: ConversationContext): Promise<UnreadCounts> {
  const prepared = preparedUnreadCounts(db);
  const rows = prepared ? await prepared.execute({ userId: ctx.userId }) : await unreadCountsQuery(db, ctx.userId);
  const open = rows.filter((r) => conversationOpen(r, ctx.now)).map((r) => ({ matchId: r.matchId, unread: r.unread }));
  return { total: open.reduce((sum, r) => sum + r.unread, 0), matches: open };
}
