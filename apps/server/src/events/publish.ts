import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import type { LiveEventInput } from './types.js';

/** The PostgreSQL channel every instance's hub LISTENs on. */
export const LIVE_EVENTS_CHANNEL = 'tb_live_events';

/**
 * PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; above this size only `{ id }` is
 * sent and the hubs read the row. The margin keeps us clear of the limit whatever the encoding.
 */
export const MAX_NOTIFY_BYTES = 7500;

/**
 * Records a live event and NOTIFYs every instance, in the caller's transaction: PostgreSQL
 * delivers a NOTIFY only at COMMIT, so a rolled-back write publishes nothing, and the row
 * (which Last-Event-ID replay reads) commits together with the change it describes.
 * With a plain `db` the single statement is its own transaction, which is just as atomic.
 * Returns the event id.
 */
export async function publishEvent(db: DbOrTx, event: LiveEventInput): Promise<number> {
  // Built element by element: drizzle would expand a bare JS array into a parameter list.
  // An empty audience stays an empty array (nobody), never NULL (everyone).
  const audience =
    event.audience === null
      ? sql`NULL::text[]`
      : sql`ARRAY[${sql.join(
          event.audience.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`;
  // One round trip: insert, build the message and notify in one statement. The size test is
  // done on the exact text PostgreSQL would send.
  const { rows } = await db.execute<{ id: string | number }>(sql`
    WITH inserted AS (
      INSERT INTO live_events (type, audience, payload)
      VALUES (${event.type}, ${audience}, ${JSON.stringify(event.payload)}::jsonb)
      RETURNING id, type, audience, payload
    ), message AS (
      SELECT id, json_build_object('id', id, 'type', type, 'audience', audience, 'payload', payload)::text AS body
      FROM inserted
    )
    SELECT id, pg_notify(
      ${LIVE_EVENTS_CHANNEL},
      CASE WHEN octet_length(body) > ${MAX_NOTIFY_BYTES} THEN json_build_object('id', id)::text ELSE body END
    )
    FROM message
  `);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('publishEvent: the insert returned no id');
  // node-postgres returns int8 as a string; ids stay far below 2^53.
  return Number(id);
}
