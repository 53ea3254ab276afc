import { and, count, desc, eq, isNull, sql, type Placeholder } from 'drizzle-orm';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_PARAM_FALLBACKS,
  notificationTexts,
  type NotificationItem,
  type NotificationPage,
  type NotificationParams,
} from '@trailbuddy/shared/contracts/notifications';
import { preparedPerDatabase, type DbOrTx } from '../db/client.js';
import { notifications } from '../db/schema/index.js';
import { invalidField, notFound } from '../errors.js';
import { blockedAmong } from '../safety/blocked-view.js';
import { nameAsSeenBy } from '../profiles/person.js';

type NotificationRow = typeof notifications.$inferSelect;

/**
 * The public shape: texts rendered from the shared kinds table, and the view it opens. An actor in
 * a block with the recipient (`blocked`, from blocked-view.ts) is named by first name and "no
 * longer available", without their photo, however the notification named them when it was made.
 */
export function presentNotification(row: NotificationRow, blocked: ReadonlySet<string> = new Set()): NotificationItem {
  const params = { ...NOTIFICATION_PARAM_FALLBACKS, ...paramsAsSeenBy(row, blocked) } as NotificationParams;
  return {
    id: row.id,
    kind: row.kind,
    ...notificationTexts(row.kind, params),
    view: NOTIFICATION_KINDS[row.kind].opens({ matchId: row.matchId }),
    matchId: row.matchId,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * A notification's params as its recipient may see them now: an actor in a block with them
 * (`blocked`, from blocked-view.ts) by first name and "no longer available", without their photo.
 * The inbox and the notification mail both read them so.
 */
export function paramsAsSeenBy(row: Pick<NotificationRow, 'actorId' | 'params'>, blocked: ReadonlySet<string>): Record<string, string> {
  if (row.actorId === null || !blocked.has(row.actorId)) return row.params;
  const rest = Object.fromEntries(Object.entries(row.params).filter(([key]) => !ACTOR_PROFILE_PARAMS.has(key)));
  return { ...rest, actorName: nameAsSeenBy(blocked, row.actorId, row.params.actorName ?? NOTIFICATION_PARAM_FALLBACKS.actorName) };
}

/** The params that describe the actor beyond their name (contracts/notifications.ts): left out for a blocked pair. */
const ACTOR_PROFILE_PARAMS: ReadonlySet<string> = new Set(['buddyImage', 'partnerBio', 'partnerSkillLevel']);

/** The page cursor: the last entry's time (to the microsecond, as stored) and id. */
const encodeCursor = (createdAtText: string, id: string) => Buffer.from(JSON.stringify([createdAtText, id])).toString('base64url');

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(createdAt)) && /^[0-9a-f-]{36}$/i.test(id)) {
      return { createdAt, id };
    }
  } catch {
    // Falls through to the 400 below.
  }
  throw invalidField('cursor', 'The cursor is not one this list gave out.');
}

/** A notification the person's list shows (and the bell counts, unread). */
export const listed = (recipientId: string | Placeholder) => and(eq(notifications.recipientId, recipientId), eq(notifications.inApp, true));

const unreadCountQuery = (db: DbOrTx, recipientId: string | Placeholder) =>
  db
    .select({ n: count() })
    .from(notifications)
    .where(and(listed(recipientId), isNull(notifications.readAt)));

/** The bell's count, asked on every view: built and named once where the connection allows (ADR 0069). */
const preparedUnreadCount = preparedPerDatabase('tb_unread_count', (db, name) =>
  unreadCountQuery(db, sql.placeholder('recipientId')).prepare(name),
);

export async function unreadCount(db: DbOrTx, recipientId: string): Promise<number> {
  const prepared = preparedUnreadCount(db);
  const [row] = prepared ? await prepared.execute({ recipientId }) : await unreadCountQuery(db, recipientId);
  return row?.n ?? 0;
}

/** One page of the person's notifications, newest first. */
export async function listNotifications(
  db: DbOrTx,
  recipientId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<NotificationPage> {
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const rows = await db
    .select({
      row: notifications,
      createdAtText: sql<string>`to_char(${notifications.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(notifications)
    .where(
      and(
        listed(recipientId),
        after ? sql`(${notifications.createdAt}, ${notifications.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items[items.length - 1];
  return {
    items: await presentForRecipient(
      db,
      recipientId,
      items.map((r) => r.row),
    ),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last.createdAtText, last.row.id) : null,
    unread: await unreadCount(db, recipientId),
  };
}

/** One of the person's notifications; someone else's is "not found", as if it did not exist. */
export async function getNotification(db: DbOrTx, recipientId: string, id: string): Promise<NotificationItem> {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.recipientId, recipientId)));
  if (!row) throw notFound('Notification');
  return (await presentForRecipient(db, recipientId, [row]))[0]!;
}

/** Presents the recipient's notifications, asking once who among their actors is in a block with them. */
async function presentForRecipient(db: DbOrTx, recipientId: string, rows: NotificationRow[]): Promise<NotificationItem[]> {
  const actors = rows.map((r) => r.actorId).filter((id): id is string => id !== null);
  const blocked = await blockedAmong(db, recipientId, actors);
  return rows.map((row) => presentNotification(row, blocked));
}
