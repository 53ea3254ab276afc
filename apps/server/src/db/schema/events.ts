import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Live events for the SSE streams (architecture §1 "Live updates"). A write inserts its event
 * in the same transaction and NOTIFYs; every instance pushes it to its streams. The rows let a
 * reconnecting client (Last-Event-ID) catch up on what it missed; old rows are pruned.
 * `audience` lists the users an event is for; NULL means everyone (trail changes).
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    audience: text('audience').array(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('live_events_created_at_idx').on(t.createdAt), index('live_events_audience_gin').using('gin', t.audience)],
);
