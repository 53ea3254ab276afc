import { and, arrayContains, desc, eq } from 'drizzle-orm';
import { REPORT_CONTEXT_MESSAGES, type ReportContext, type ReportReason } from '@trailbuddy/shared/contracts/safety';
import type { Db, DbOrTx } from '../db/client.js';
import { matches, messages, reports, trails, users } from '../db/schema/index.js';
import { invalidField, notFound } from '../errors.js';

export interface NewReport {
  userId: string;
  reason: ReportReason;
  details: string;
  matchId?: string;
  messageId?: string;
}

/** The reported message, which must be the reported person's, in a conversation the reporter is in. */
async function reportedMessage(tx: DbOrTx, reporterId: string, reportedId: string, messageId: string) {
  const [row] = await tx
    .select({ matchId: messages.matchId, senderId: messages.senderId })
    .from(messages)
    .innerJoin(matches, eq(matches.id, messages.matchId))
    .where(and(eq(messages.id, messageId), arrayContains(matches.participants, [reporterId])));
  if (!row) throw notFound('Message');
  if (row.senderId !== reportedId) throw invalidField('messageId', 'That message was not written by the person you are reporting.');
  return row;
}

/** A copy of the match and its last messages as they are now: later messages never change it. */
async function snapshot(tx: DbOrTx, reporterId: string, reportedId: string, matchId: string | undefined, messageId: string | undefined) {
  if (!matchId) return { match: null, messages: [], reportedMessageId: null } satisfies ReportContext;
  const [m] = await tx
    .select({
      id: matches.id,
      status: matches.status,
      startTime: matches.startTime,
      participants: matches.participants,
      trailName: trails.name,
    })
    .from(matches)
    .leftJoin(trails, eq(trails.id, matches.trailId))
    .where(and(eq(matches.id, matchId), arrayContains(matches.participants, [reporterId, reportedId])));
  // A match the two do not share reads as one that does not exist.
  if (!m) throw notFound('Match');
  const last = await tx
    .select({ id: messages.id, senderId: messages.senderId, body: messages.body, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.matchId, matchId))
    .orderBy(desc(messages.seq))
    .limit(REPORT_CONTEXT_MESSAGES);
  // The reported message is kept even when it is older than the last few.
  if (messageId && !last.some((x) => x.id === messageId)) {
    const [older] = await tx
      .select({ id: messages.id, senderId: messages.senderId, body: messages.body, createdAt: messages.createdAt })
      .from(messages)
      .where(eq(messages.id, messageId));
    if (older) last.push(older);
  }
  return {
    match: { id: m.id, status: m.status, trailName: m.trailName, startTime: m.startTime.toISOString(), participants: m.participants },
    messages: last.reverse().map((x) => ({ ...x, createdAt: x.createdAt.toISOString() })),
    reportedMessageId: messageId ?? null,
  } satisfies ReportContext;
}

/** Files a report about `input.userId`, with its context copied in, and returns its id. */
export async function createReport(db: Db, reporterId: string, input: NewReport, now: Date): Promise<{ id: string }> {
  if (input.userId === reporterId) throw invalidField('userId', 'You cannot report yourself.');
  return db.transaction(async (tx) => {
    const [reported] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!reported) throw notFound('Profile');
    let matchId = input.matchId;
    if (input.messageId) {
      const message = await reportedMessage(tx, reporterId, input.userId, input.messageId);
      if (matchId && matchId !== message.matchId) throw invalidField('messageId', 'That message is not in this conversation.');
      matchId = message.matchId;
    }
    const context = await snapshot(tx, reporterId, input.userId, matchId, input.messageId);
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId,
        reportedId: input.userId,
        reason: input.reason,
        details: input.details,
        context,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: reports.id });
    return row!;
  });
}
