import type { LiveEventType } from '@trailbuddy/shared/contracts/live-event-types';
import type { LiveEventPayload } from '@trailbuddy/shared/contracts/live-events';

export type { LiveEventType };

/**
 * Live events pushed to the browsers over SSE (architecture §1 "Live updates"); their types and
 * payloads are the shared contract (`@trailbuddy/shared/contracts/live-events`).
 * Match events go to the match's participants; trail events to everyone (`audience: null`).
 */
export type LiveEventInput = {
  [T in LiveEventType]: {
    type: T;
    /** The user ids the event is for; null = every connected user. */
    audience: string[] | null;
    payload: LiveEventPayload<T>;
  };
}[LiveEventType];

export type LiveEvent = LiveEventInput & {
  /** Monotonic id (the live_events row id), sent as the SSE `id:` for Last-Event-ID. */
  id: number;
};

/** One per server instance: fans the events NOTIFYed by any instance out to local streams. */
export interface EventHub {
  /** Receives every event for `userId` (and every broadcast) until the returned function is called. */
  subscribe(userId: string, listener: (event: LiveEvent) => void): () => void;
  /**
   * Receives every broadcast (`audience: null`) and nothing addressed to users, until the
   * returned function is called. For the instance's own consumers (a cache, say), not streams:
   * `name` says who listens, in logs, and is never mistaken for a user id.
   */
  subscribeBroadcast(name: string, listener: (event: LiveEvent) => void): () => void;
  /** Called when the hub lost events (its LISTEN connection dropped): streams should tell clients to resync. */
  onGap(listener: () => void): () => void;
  close(): Promise<void>;
}
