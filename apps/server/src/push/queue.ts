import type { PushPayload } from '@trailbuddy/shared/contracts/push';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { pushSubscriptions } from '../db/schema/index.js';
import { addJobCall, TASKS } from '../jobs/queue.js';

/** Tries before a push is given up: a push service that is down for longer makes the message stale anyway. */
export const PUSH_MAX_ATTEMPTS = 5;

/** What a `send_push` job carries: one message for one browser, found again by id when it is sent. */
export interface PushJob {
  subscriptionId: string;
  payload: PushPayload;
}

/** A push payload as SQL (its JSON and its tag), for a statement built once and filled in per call (db/client.ts statementPerShape). */
export interface PushPayloadSql {
  json: SQL;
  tag: SQL;
}

/**
 * The CTE that queues `payload` for every browser the person subscribed, one `send_push` job per
 * browser (ADR 0024), for a caller that composes it into one statement; only when `from` (a CTE
 * of that statement) has a row, if given. One job per browser, so a failing push service is
 * retried for its browser only and the others are not sent twice. A pending job with the same
 * tag for the same browser is replaced, as the device would replace the notification. `runAt`
 * holds the message back. The statement must read `name` (a row per browser).
 */
export function pushJobsCte(
  name: string,
  recipientId: string | SQL,
  payload: PushPayload | PushPayloadSql,
  opts: { runAt?: Date; from?: string } = {},
): SQL {
  const gate = opts.from ? sql`AND EXISTS (SELECT 1 FROM ${sql.identifier(opts.from)})` : sql``;
  const json = 'json' in payload ? payload.json : JSON.stringify(payload);
  return sql`${sql.identifier(name)} AS (
      SELECT ${addJobCall(TASKS.sendPush, sql`json_build_object('subscriptionId', ${pushSubscriptions.id}, 'payload', ${json}::json)`, {
        maxAttempts: PUSH_MAX_ATTEMPTS,
        jobKey: sql`'push:' || ${pushSubscriptions.id} || ':' || ${payload.tag}`,
        runAt: opts.runAt,
      })} AS queued
      FROM ${pushSubscriptions} WHERE ${pushSubscriptions.userId} = ${recipientId} ${gate}
    )`;
}

/**
 * Queues a push message to every browser the person subscribed (pushJobsCte), on the caller's
 * connection: inside the business transaction it commits or rolls back with the change. Returns
 * the number of browsers queued for.
 */
export async function enqueuePush(db: DbOrTx, recipientId: string, payload: PushPayload, opts: { runAt?: Date } = {}): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`WITH ${pushJobsCte('pushed', recipientId, payload, opts)} SELECT count(*)::int AS n FROM pushed`,
  );
  return rows[0]?.n ?? 0;
}
