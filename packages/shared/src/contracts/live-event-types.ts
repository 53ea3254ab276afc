// Zod-free: the web app listens for these names on the signed-out home page, whose JavaScript
// has a budget (architecture §7); the payload schemas (live-events.ts) load with the first event.
import { CACHE_ROOTS, type CacheRoot } from './cache-roots';

/**
 * The live events the server pushes on `GET /api/events` (architecture §1 "Live updates") and
 * the web app's caches each one makes stale. A record keyed by type, so a type added here fails
 * to compile until it has a payload schema (live-events.ts), and the hub and the web app both
 * know it from this one list instead of dropping it as unknown.
 */
export const LIVE_EVENT_REFRESHES = {
  /** To the match's participants: it was created, changed status, or was deleted. Profiles show
   * what the viewer shares with that person, so they are refreshed too. */
  'match.changed': [CACHE_ROOTS.matches, CACHE_ROOTS.users],
  /** To everyone: an administrator added a trail, or the weekly recurrence did. */
  'trail.created': [CACHE_ROOTS.trails],
  'trail.deleted': [CACHE_ROOTS.trails, CACHE_ROOTS.trail],
  'trail.changed': [CACHE_ROOTS.trails, CACHE_ROOTS.trail],
  /** To both participants: a message was written in their match's conversation (ADR 0026). */
  'message.created': [CACHE_ROOTS.conversations],
  /** To both participants: one of them read the conversation up to a message (the read receipt). */
  'message.read': [CACHE_ROOTS.conversations],
  /** To its recipient: a notification was created for them (ADR 0025). */
  'notification.created': [CACHE_ROOTS.notifications],
  /** To its recipient: one or all of their notifications were read, on some device. */
  'notification.read': [CACHE_ROOTS.notifications],
  /** To one person: an administrator disabled their account. Every instance closes that person's
   * open streams when it arrives (ADR 0032) rather than deliver it; a client that still got it
   * refetches its matches, which now answer 401. */
  'session.ended': [CACHE_ROOTS.matches],
} as const satisfies Record<string, readonly CacheRoot[]>;

export type LiveEventType = keyof typeof LIVE_EVENT_REFRESHES;
export const LIVE_EVENT_TYPES = Object.keys(LIVE_EVENT_REFRESHES) as readonly LiveEventType[];
export const isLiveEventType = (type: string): type is LiveEventType => Object.hasOwn(LIVE_EVENT_REFRESHES, type);

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
