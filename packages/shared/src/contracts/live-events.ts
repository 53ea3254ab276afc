// zod/mini: the web app parses these on the signed-out home page, whose JavaScript has a budget
// (ARCHITECTURE §7); the classic API would add most of zod to it, this about 5 KB.
import * as z from 'zod/mini';
import { CACHE_ROOTS, type CacheRoot } from './cache-roots';
import { MATCH_STATUSES } from './enums';

/**
 * The live events the server pushes on `GET /api/events` (ARCHITECTURE §1 "Live updates"), in
 * one table: each type's payload schema and the web app's caches it makes stale. The server
 * publishes with the payload types, the web app parses with the schemas and refreshes by the
 * table, so a type added here fails to compile on both sides until each one handles it.
 */

/** A match gone from the table (a deleted custom event) is announced as `deleted`. */
const liveMatchStatus = z.enum([...MATCH_STATUSES, 'deleted']);
const id = () => z.string().check(z.minLength(1));
const trailPayload = z.object({ trailId: id() });

export const LIVE_EVENTS = {
  /** To the match's participants: it was created, changed status, or was deleted. */
  'match.changed': {
    payload: z.object({ matchId: id(), status: liveMatchStatus }),
    // Profiles show what the viewer shares with that person (matches, compatibility).
    refreshes: [CACHE_ROOTS.matches, CACHE_ROOTS.users],
  },
  /** To everyone: an administrator added a trail, or the weekly recurrence did. */
  'trail.created': { payload: trailPayload, refreshes: [CACHE_ROOTS.trails] },
  'trail.deleted': { payload: trailPayload, refreshes: [CACHE_ROOTS.trails, CACHE_ROOTS.trail] },
  'trail.changed': { payload: trailPayload, refreshes: [CACHE_ROOTS.trails, CACHE_ROOTS.trail] },
} as const satisfies Record<string, { payload: z.ZodMiniType<Record<string, unknown>>; refreshes: readonly CacheRoot[] }>;

export type LiveEventType = keyof typeof LIVE_EVENTS;
export const LIVE_EVENT_TYPES = Object.keys(LIVE_EVENTS) as readonly LiveEventType[];
export type LiveEventPayload<T extends LiveEventType = LiveEventType> = z.infer<(typeof LIVE_EVENTS)[T]['payload']>;

export const isLiveEventType = (type: string): type is LiveEventType => Object.hasOwn(LIVE_EVENTS, type);

/**
 * The events that are about the stream itself rather than the data; they use the SSE `event:`
 * field like the others, so their names must not collide with a LiveEventType.
 */
export const STREAM_CONTROL_EVENTS = {
  /** The missed events cannot be replayed: refetch everything (carries the id to resume from). */
  resync: 'resync',
  /**
   * The stream was closed because the same account (or, for visitors, the same address) opened
   * more streams than the server keeps: the client must not reconnect on its own.
   */
  replaced: 'replaced',
} as const;

export const streamReplacedSchema = z.object({
  reason: z.enum(['account-stream-limit', 'address-stream-limit']),
  /** The number of streams kept open per account or per address. */
  limit: z.int().check(z.positive()),
});
export type StreamReplaced = z.infer<typeof streamReplacedSchema>;

/**
 * What the web app must refresh for an event it received: the type's caches, or `'everything'`
 * when the event is not one it knows (a server newer or older than the page), since then it
 * cannot tell what changed.
 */
export function cachesToRefresh(type: string, data: unknown): readonly CacheRoot[] | 'everything' {
  if (!isLiveEventType(type)) return 'everything';
  const event = LIVE_EVENTS[type];
  return event.payload.safeParse(data).success ? event.refreshes : 'everything';
}
