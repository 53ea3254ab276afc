/**
 * Live events pushed to the browsers over SSE (ARCHITECTURE §1 "Live updates").
 * Match events go to the match's participants; trail events to everyone (`audience: null`).
 */
export type LiveEventType = 'match.changed' | 'trail.created' | 'trail.deleted' | 'trail.changed';

export interface LiveEventInput {
  type: LiveEventType;
  /** The user ids the event is for; null = every connected user. */
  audience: string[] | null;
  payload: Record<string, unknown>;
}

export interface LiveEvent extends LiveEventInput {
  /** Monotonic id (the live_events row id), sent as the SSE `id:` for Last-Event-ID. */
  id: number;
}

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
