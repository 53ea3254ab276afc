/**
 * How many live streams one account, or one visitor address, may hold open on this instance.
 * Streams are kept per key in the order they opened; admitting one past the limit hands back
 * the oldest, for the caller to close. The newest wins because it is the tab the person just
 * opened or reloaded; the oldest is the one most likely forgotten (or a leaked connection).
 */
export class StreamLimits<S> {
  private readonly byKey = new Map<string, Set<S>>();

  /** Counts `stream` under `key`; returns the streams it pushes past `limit`, oldest first. */
  admit(key: string, stream: S, limit: number): S[] {
    let streams = this.byKey.get(key);
    if (!streams) this.byKey.set(key, (streams = new Set()));
    streams.add(stream);
    const evicted: S[] = [];
    // A Set iterates in insertion order: the first entries are the oldest streams.
    for (const oldest of streams) {
      if (streams.size <= limit) break;
      streams.delete(oldest);
      evicted.push(oldest);
    }
    return evicted;
  }

  /** Forgets a stream that ended (a no-op for one never admitted or already evicted). */
  release(key: string, stream: S): void {
    const streams = this.byKey.get(key);
    if (!streams?.delete(stream)) return;
    if (streams.size === 0) this.byKey.delete(key);
  }

  count(key: string): number {
    return this.byKey.get(key)?.size ?? 0;
  }
}
