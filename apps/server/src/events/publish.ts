import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { LiveEventInput } from './types.js';

/** The PostgreSQL channel every instance's hub LISTENs on. */
export const LIVE_EVENTS_CHANNEL = 'tb_live_events';

/**
 * PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; a transaction whose events are larger
 * than this announces their ids only, and the hubs read the rows (migration 0033).
 */
export const MAX_NOTIFY_BYTES = 7500;

/**
 * An event's audience as SQL: built element by element, since drizzle would expand a bare JS array
 * into a parameter list. Its ids may be SQL (a statement built once and filled in per call).
 */
export function audienceSql(audience: LiveEventInput['audience'] | readonly SQL[]): SQL {
  // An empty audience stays an empty array (nobody), never NULL (everyone).
  return audience === null
    ? sql`NULL::text[]`
    : sql`ARRAY[${sql.join(
        audience.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`;
}

/**
 * The common table expressions that record a live event, for a caller that composes them into one
 * statement of its own (one round trip for a change and its events). One event per row of `from`
 * (a CTE of the same statement) when given, else exactly one. `payload` is SQL, so it may use the
 * columns of `from`; `name`'s rows are the events' ids. Every instance hears of the event at
 * COMMIT, in the transaction's one NOTIFY, which carries all of its events (migration 0033's
 * deferred trigger on live_events): a rolled-back transaction announces nothing.
 */
export function liveEventCtes(name: string, event: { type: string; audience: SQL; payload: SQL; from?: string }): SQL {
  const inserted = sql.identifier(`${name}_inserted`);
  const from = event.from ? sql` FROM ${sql.identifier(event.from)}` : sql``;
  return sql`${inserted} AS (
      INSERT INTO live_events (type, audience, payload)
      SELECT ${event.type}, ${event.audience}, ${event.payload}${from}
      RETURNING id
    ), ${sql.identifier(name)} AS (SELECT id FROM ${inserted})`;
}

/**
 * Records a live event for every instance, in the caller's transaction: PostgreSQL delivers
 * the transaction's NOTIFY only at COMMIT, so a rolled-back write publishes nothing, and the row
 * (which Last-Event-ID replay reads) commits together with the change it describes.
 * With a plain `db` the single statement is its own transaction, which is just as atomic.
 * Returns the event id.
 */
export async function publishEvent(db: DbOrTx, event: LiveEventInput): Promise<number> {
  const { rows } = await db.execute<{ id: string | number }>(sql`
    WITH ${liveEventCtes('published', {
      type: event.type,
      audience: audienceSql(event.audience),
      payload: sql`${JSON.stringify(event.payload)}::jsonb`,
    })}
    SELECT id FROM published
  `);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('publishEvent: the insert returned no id');
  // node-postgres returns int8 as a string; ids stay far below 2^53.
  return Number(id);
}
