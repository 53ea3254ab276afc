import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import {
  channelEnabled,
  inQuietHours,
  NOTIFICATION_PARAM_FALLBACKS,
  type NotificationExtraParams,
  type NotificationKind,
  type NotificationParams,
  type NotificationPreferences,
  notificationTexts,
} from '@trailbuddy/shared/contracts/notifications';
import { param, type DbOrTx } from '../db/client.js';
import { matches, notificationPreferences, notifications, profiles, trails, users } from '../db/schema/index.js';
import { audienceSql, liveEventCtes, publishEvent } from '../events/publish.js';
import type { PushPayload } from '@trailbuddy/shared/contracts/push';
import { pushJobsCte } from '../push/queue.js';
import { listed } from './inbox.js';
import { preferencesFromRow } from './preferences.js';

export { channelEnabled, inQuietHours, quietHoursEnd } from '@trailbuddy/shared/contracts/notifications';

export interface NotifyInput<K extends NotificationKind = NotificationKind> {
  /** Who the notification is for; never the person who caused it. */
  recipientId: string;
  kind: K;
  /** The match it is about: its trail names the texts, and the mail rule "one per kind per match" keys on it. */
  matchId?: string | null;
  /** Who caused it (the partner): their name goes into the texts. */
  actorId?: string | null;
  /** The kind's own params (NotificationExtraParams); names and the trail are filled in here. */
  params?: NotificationExtraParams[K];
  /** The caller's clock (quiet hours); default the real one. */
  now?: Date;
}

/** The app's address of one notification (e-mail links and push): it opens the view the notification is about. */
export const notificationPath = (id: string) => `/notifications/${encodeURIComponent(id)}`;

/**
 * The push message of one notification: its texts, the address that opens it, and a tag that makes
 * a newer one of the same kind and match replace the older on the device.
 */
export function pushPayloadOf<K extends NotificationKind>(
  kind: K,
  params: NotificationParams<K>,
  notificationId: string,
  matchId: string | null,
): PushPayload {
  const { title, body } = notificationTexts(kind, params);
  return { title, body, url: notificationPath(notificationId), tag: `${kind}:${matchId ?? notificationId}` };
}

/** What a notification needs to know besides its input: the recipient's preferences and the names its texts use. */
export interface NotifyContext {
  prefs: NotificationPreferences;
  actorName: string;
  trailName: string;
}

/**
 * The select-list columns that read a NotifyContext (notifyContextFrom parses them), with the
 * ids as SQL so that a caller's own query can read the context in the same round trip.
 */
export function notifyContextColumns(recipient: SQL, actor: SQL, match: SQL): SQL {
  return sql`
    ${notifyPrefsOf(recipient)} AS notify_prefs,
    (SELECT coalesce(${profiles.fullName}, ${users.name}) FROM ${users} LEFT JOIN ${profiles} ON ${profiles.userId} = ${users.id}
      WHERE ${users.id} = ${actor}) AS notify_actor_name,
    (SELECT ${trails.name} FROM ${matches} JOIN ${trails} ON ${trails.id} = ${matches.trailId}
      WHERE ${matches.id} = (${match})::uuid) AS notify_trail_name`;
}

/** A person's notification preferences as JSON (preferencesFromRow reads it), or NULL when they set none. */
const notifyPrefsOf = (recipient: SQL): SQL => sql`(SELECT json_build_object('channels', ${notificationPreferences.channels},
    'quietStart', ${notificationPreferences.quietStart}, 'quietEnd', ${notificationPreferences.quietEnd},
    'timeZone', ${notificationPreferences.timeZone})
  FROM ${notificationPreferences} WHERE ${notificationPreferences.userId} = ${recipient})`;

/**
 * A select-list column (`name`) that reads the preferences of each recipient in `recipients` (a
 * text[] expression) as a JSON array of { id, prefs }, in their order, for a caller that tells
 * several people of one thing in one round trip (recipientsFrom parses it).
 */
export function notifyRecipientsColumn(recipients: SQL, name: string): SQL {
  return sql`(SELECT coalesce(json_agg(json_build_object('id', r.id, 'prefs', ${notifyPrefsOf(sql`r.id`)}) ORDER BY r.ord), '[]'::json)
    FROM unnest(${recipients}) WITH ORDINALITY AS r(id, ord)) AS ${sql.identifier(name)}`;
}

export interface NotifyRecipientJson {
  id: string;
  prefs: Parameters<typeof preferencesFromRow>[0];
}

/** Each recipient of notifyRecipientsColumn with their NotifyContext (the names are the same for all). */
export const recipientsFrom = (json: NotifyRecipientJson[] | null, names: NotifyContext) =>
  (json ?? []).map((r) => ({ recipientId: r.id, context: { ...names, prefs: preferencesFromRow(r.prefs) } }));

export interface NotifyContextRow {
  notify_prefs: Parameters<typeof preferencesFromRow>[0];
  notify_actor_name: string | null;
  notify_trail_name: string | null;
}

export const notifyContextFrom = (row: NotifyContextRow | undefined): NotifyContext => ({
  prefs: preferencesFromRow(row?.notify_prefs),
  actorName: row?.notify_actor_name ?? NOTIFICATION_PARAM_FALLBACKS.actorName,
  trailName: row?.notify_trail_name ?? NOTIFICATION_PARAM_FALLBACKS.trailName,
});

/** The recipient's preferences and the names the texts use, in one round trip. */
export async function loadNotifyContext(
  tx: DbOrTx,
  recipientId: string,
  actorId: string | null,
  matchId: string | null,
): Promise<NotifyContext> {
  const { rows } = await tx.execute<NotifyContextRow & Record<string, unknown>>(
    sql`SELECT ${notifyContextColumns(sql`${recipientId}`, sql`${actorId}`, sql`${matchId}`)}`,
  );
  return notifyContextFrom(rows[0]);
}

/** The channels one notification goes out on: with the number of notifications, a statement's shape. */
export interface NotifyChannels {
  inApp: boolean;
  email: boolean;
  /** Push, and the person is not in their quiet hours. */
  push: boolean;
}

/** Every value of one notification's writes that changes from call to call, as the statement's parameters take them. */
export interface NotifyValues {
  notificationId: string;
  recipientId: string;
  kind: NotificationKind;
  matchId: string | null;
  actorId: string | null;
  /** The kind's params, JSON. */
  params: string;
  /** The live event's payload, JSON. */
  event: string;
  /** The push message, JSON, and its tag (pushPayloadOf); null when it is not pushed. */
  push: string | null;
  pushTag: string | null;
}

/** One notification to write (notifyCtes): its channels and values. */
export interface NotifyWrite {
  channels: NotifyChannels;
  values: NotifyValues;
}

/**
 * What one notification writes, decided per call: null when nothing is to be written (the actor
 * is the recipient, or every channel is off).
 *
 * Channels: in-app (the row is listed and counted, the event refreshes the bell), e-mail (the
 * row waits as `pending`; the mail sweep wakes the person's batcher once the delay has passed, and
 * it mails only what stayed unread), push (the dispatch point in notifyCtes).
 */
export function notifyWrite<K extends NotificationKind>(input: NotifyInput<K>, context: NotifyContext): NotifyWrite | null {
  const { recipientId, kind } = input;
  const actorId = input.actorId ?? null;
  const matchId = input.matchId ?? null;
  // Nobody is told about what they did themselves.
  if (actorId === recipientId) return null;
  const now = input.now ?? new Date();
  const { prefs } = context;
  const inApp = channelEnabled(prefs, kind, 'inApp');
  const email = channelEnabled(prefs, kind, 'email');
  // To every browser the person subscribed (ADR 0024); outside quiet hours only, since a push
  // held until morning would be stale (the bell and the mail still carry it).
  const pushOn = channelEnabled(prefs, kind, 'push');
  if (!inApp && !email && !pushOn) return null;
  const push = pushOn && !inQuietHours(prefs, now);

  const params = { actorName: context.actorName, trailName: context.trailName, ...input.params } as NotificationParams<K>;
  // The id is chosen here, so the event and the push can name it in the same statement.
  const notificationId = randomUUID();
  const pushPayload = push ? pushPayloadOf(kind, params, notificationId, matchId) : null;
  return {
    channels: { inApp, email, push },
    values: {
      notificationId,
      recipientId,
      kind,
      matchId,
      actorId,
      params: JSON.stringify(params),
      event: JSON.stringify({ notificationId, kind }),
      push: pushPayload && JSON.stringify(pushPayload),
      pushTag: pushPayload && pushPayload.tag,
    },
  };
}

/** The values of notifyCtes as values of the statement (one built for this call). */
export const valuesOf =
  (values: NotifyValues) =>
  (key: keyof NotifyValues): SQL =>
    sql`${values[key]}`;

/** The values of notifyCtes as parameters named `${prefix}_${key}` (a statement built once per shape, statementPerShape). */
export const paramsOf =
  (prefix: string) =>
  (key: keyof NotifyValues): SQL =>
    param(`${prefix}_${key}`);

/** The parameters' values of paramsOf(prefix) for one notification. */
export const paramValues = (prefix: string, values: NotifyValues): Record<string, unknown> =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [`${prefix}_${key}`, value]));

/**
 * The common table expressions that create one notification (ADR 0025), for a caller that
 * composes them into a statement of its own: the row, its live event `notification.created` to
 * the recipient's streams, and the channel jobs on `channels` (notifyWrite), all written in one
 * round trip. `value` gives each value as SQL: the value itself (valuesOf), or a parameter of a
 * statement built once per shape (paramsOf), so the SQL depends on `prefix`, `channels` and
 * `from` alone. With `from` (a CTE of that statement), only when it has a row. The statement must
 * read every CTE named in `reads` (only a CTE that is read runs its NOTIFY or queues its job).
 */
export function notifyCtes(
  prefix: string,
  channels: NotifyChannels,
  value: (key: keyof NotifyValues) => SQL,
  opts: { from?: string } = {},
): { ctes: SQL; reads: string[] } {
  const { inApp, email, push } = channels;
  const created = `${prefix}_notification`;
  const from = opts.from ? sql` FROM ${sql.identifier(opts.from)}` : sql``;
  const ctes: SQL[] = [
    sql`${sql.identifier(created)} AS (
      INSERT INTO ${notifications} (id, recipient_id, kind, match_id, actor_id, params, in_app, mail_status)
      SELECT ${value('notificationId')}::uuid, ${value('recipientId')}, ${value('kind')}, ${value('matchId')}::uuid, ${value('actorId')},
        ${value('params')}::jsonb, ${inApp}, ${email ? 'pending' : 'none'}${from}
      RETURNING id
    )`,
  ];
  const reads: string[] = [];

  if (inApp) {
    reads.push(`${prefix}_told`);
    ctes.push(
      liveEventCtes(`${prefix}_told`, {
        type: 'notification.created',
        audience: audienceSql([value('recipientId')]),
        payload: sql`${value('event')}::jsonb`,
        from: created,
      }),
    );
  }
  // The e-mail channel is the row's `pending` mail status alone: the mail sweep (mail-sweep.ts)
  // finds the person once the delay has passed and wakes their batcher then (ADR 0078), so a
  // write adds no job, and no `jobs:insert` NOTIFY wakes every instance's worker.

  // ── PUSH DISPATCH POINT ─────────────────────────────────────────────────────────────────
  // The web-push channel plugs in here: queue the push in this same statement when `push` is on
  // (notifyWrite leaves it off in the person's quiet hours). One notification per kind and match
  // on the device: a newer one replaces the older.
  if (push) {
    reads.push(`${prefix}_push`);
    ctes.push(pushJobsCte(`${prefix}_push`, value('recipientId'), { json: value('push'), tag: value('pushTag') }, { from: created }));
  }
  return { ctes: sql.join(ctes, sql`, `), reads };
}

/** The select list that reads every CTE of `reads` (notifyCtes), so each one runs. */
export const readAll = (reads: string[]): SQL =>
  reads.length === 0
    ? sql`1`
    : sql.join(
        reads.map((name) => sql`(SELECT count(*) FROM ${sql.identifier(name)}) AS ${sql.identifier(name)}`),
        sql`, `,
      );

/**
 * Creates a notification for one person in the caller's transaction (ADR 0025): the row, the
 * live event `notification.created` to their streams and the channel jobs their preferences
 * allow all commit with the change, or, on rollback, none of them exist. Two round trips (the
 * context, then the writes), one when the caller read the context with its own query.
 */
export async function notify<K extends NotificationKind>(tx: DbOrTx, input: NotifyInput<K>, context?: NotifyContext): Promise<void> {
  if ((input.actorId ?? null) === input.recipientId) return;
  const ctx = context ?? (await loadNotifyContext(tx, input.recipientId, input.actorId ?? null, input.matchId ?? null));
  const write = notifyWrite(input, ctx);
  if (!write) return;
  const writes = notifyCtes('n', write.channels, valuesOf(write.values));
  await tx.execute(sql`WITH ${writes.ctes} SELECT ${readAll(writes.reads)}`);
}

/** Marks one of the person's notifications read; false when it is not theirs (or not there). */
export async function markRead(db: DbOrTx, recipientId: string, notificationId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, notificationId), eq(notifications.recipientId, recipientId)))
      .returning({ id: notifications.id });
    if (!row) return false;
    await publishEvent(tx, { type: 'notification.read', audience: [recipientId], payload: { notificationId } });
    return true;
  });
}

/** Marks every notification of the person read. */
export async function markAllRead(db: DbOrTx, recipientId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt)));
    await publishEvent(tx, { type: 'notification.read', audience: [recipientId], payload: { notificationId: null } });
  });
}

const textArray = (values: readonly string[]) =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * Marks read the person's unread notifications of `kinds` about `matchIds` (ADR 0037: opening the
 * view they point to), in one statement: only the person's own (the recipient is the condition,
 * so someone else's match marks nothing and tells nothing), and one `notification.read` event to
 * their devices when anything changed. Returns how many it marked and the bell's count after.
 */
export async function markMatchesRead(
  db: DbOrTx,
  recipientId: string,
  matchIds: readonly string[],
  kinds: readonly NotificationKind[],
): Promise<{ marked: number; unread: number }> {
  const { rows } = await db.execute<{ marked: number; unread: number; told: number }>(sql`
    WITH marked AS (
      UPDATE ${notifications} SET read_at = now()
      WHERE ${notifications.recipientId} = ${recipientId} AND ${notifications.readAt} IS NULL
        AND ${notifications.matchId}::text = ANY(${textArray(matchIds)}) AND ${notifications.kind} = ANY(${textArray(kinds)})
      RETURNING ${notifications.inApp} AS in_app
    ), changed AS (
      SELECT 1 FROM marked LIMIT 1
    ), ${liveEventCtes('told', {
      type: 'notification.read',
      audience: audienceSql([recipientId]),
      payload: sql`${JSON.stringify({ notificationId: null })}::jsonb`,
      from: 'changed',
    })}
    SELECT (SELECT count(*)::int FROM marked) AS marked,
      -- The statement's snapshot still sees the marked rows unread: they are taken off.
      (SELECT count(*)::int FROM ${notifications} WHERE ${listed(recipientId)!} AND ${notifications.readAt} IS NULL)
        - (SELECT count(*)::int FROM marked WHERE in_app) AS unread,
      (SELECT count(*)::int FROM told) AS told
  `);
  const row = rows[0]!;
  return { marked: row.marked, unread: row.unread };
}
