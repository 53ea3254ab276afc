import type { DbOrTx } from '../db/client.js';
import type { EventHub } from '../events/types.js';
import { listTrails } from './trails.js';

/**
 * The public trail list, serialized once and kept until it changes. Every home page asks for
 * it, and it changes only when a trail is added, deleted or recurs (each publishes a trail
 * event through the hub, which every instance receives) or when a listed session ends (the
 * cache expires at the earliest end). Serving the stored bytes keeps GET /api/trails close to
 * a static response (ARCHITECTURE §7 throughput budget).
 */
export interface TrailListCache {
  /** The unfiltered list as JSON (`{ "trails": [...] }`). */
  get(now: Date): Promise<string>;
  close(): void;
}

export function createTrailListCache(db: DbOrTx, hub: EventHub): TrailListCache {
  let cached: { json: string; expiresAt: number } | undefined;
  let loading: Promise<string> | undefined;
  let generation = 0;

  // Trail events are broadcasts, so any subscriber key receives them.
  const unsubscribe = hub.subscribe('', (event) => {
    if (event.type.startsWith('trail.')) invalidate();
  });
  const stopGaps = hub.onGap(invalidate);

  function invalidate() {
    generation += 1;
    cached = undefined;
    loading = undefined;
  }

  async function load(now: Date): Promise<string> {
    const started = generation;
    const trails = await listTrails(db, {}, now);
    const json = JSON.stringify({ trails });
    const firstEnd = Math.min(...trails.map((t) => Date.parse(t.endTime)));
    // A change that arrived while loading makes this result stale: don't keep it.
    if (started === generation) cached = { json, expiresAt: Number.isFinite(firstEnd) ? firstEnd : Infinity };
    return json;
  }

  return {
    async get(now) {
      if (cached && now.getTime() < cached.expiresAt) return cached.json;
      loading ??= load(now).finally(() => (loading = undefined));
      return loading;
    },
    close() {
      unsubscribe();
      stopGaps();
    },
  };
}
