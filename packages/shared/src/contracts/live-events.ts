// zod/mini rather than the classic API: the web app loads these schemas (with the first live
// event it receives) and the mini API's functions tree-shake, so it loads far less of zod.
import * as z from 'zod/mini';
import type { CacheRoot } from './cache-roots';
import { MATCH_STATUSES } from './enums';
import { isLiveEventType, LIVE_EVENT_REFRESHES, type LiveEventType } from './live-event-types';

/** A match gone from the table (a deleted custom event) is announced as `deleted`. */
const liveMatchStatus = z.enum([...MATCH_STATUSES, 'deleted']);
const id = () => z.string().check(z.minLength(1));
const trailPayload = z.object({ trailId: id() });
const seq = () => z.int().check(z.nonnegative());

/**
 * Each live event type's payload: the server publishes with these types (a payload that does
 * not fit fails to compile) and the web app parses what it receives with these schemas.
 */
export const LIVE_EVENT_PAYLOADS = {
  'match.changed': z.object({ matchId: id(), status: liveMatchStatus }),
  'trail.created': trailPayload,
  'trail.deleted': trailPayload,
  'trail.changed': trailPayload,
  /** The whole message (at most 1,000 characters), so an open thread shows it without a request. */
  'message.created': z.object({
    matchId: id(),
    message: z.object({
      id: id(),
      matchId: id(),
      senderId: id(),
      clientId: id(),
      body: z.string(),
      createdAt: z.string(),
      seq: seq(),
    }),
  }),
  'message.read': z.object({ matchId: id(), readerId: id(), messageId: id(), seq: seq(), at: z.string() }),
  'notification.created': z.object({ notificationId: id(), kind: id() }),
  /** `notificationId` null: every notification of the recipient was read. */
  'notification.read': z.object({ notificationId: z.nullable(id()) }),
  'session.ended': z.object({ reason: z.literal('account-disabled') }),
} as const satisfies Record<LiveEventType, z.ZodMiniType<Record<string, unknown>>>;

export type LiveEventPayload<T extends LiveEventType = LiveEventType> = z.infer<(typeof LIVE_EVENT_PAYLOADS)[T]>;

/** The data of `event: replaced` (STREAM_CONTROL_EVENTS.replaced). */
export const streamReplacedSchema = z.object({
  reason: z.enum(['account-stream-limit', 'address-stream-limit']),
  /** The number of streams kept open per account or per address. */
  limit: z.int().check(z.positive()),
});
export type StreamReplaced = z.infer<typeof streamReplacedSchema>;

/**
 * What the web app must refresh for an event it received: the type's caches, or `'everything'`
 * when the event or its payload is not one it knows (a server newer or older than the page),
 * since then it cannot tell what changed.
 */
export function cachesToRefresh(type: string, data: unknown): readonly CacheRoot[] | 'everything' {
  if (!isLiveEventType(type)) return 'everything';
  return LIVE_EVENT_PAYLOADS[type].safeParse(data).success ? LIVE_EVENT_REFRESHES[type] : 'everything';
}
