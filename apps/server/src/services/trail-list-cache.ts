import type { Trail } from '@trailbuddy/shared/contracts/trail';
import type { DbOrTx } from '../db/client.js';
import type { EventHub } from '../events/types.js';
import { compress, strongEtag, type ContentEncoding } from './compression.js';
import { listTrails } from './trails.js';

/** The name the cache's broadcast subscription goes by in the hub (and its logs). */
export const TRAIL_LIST_SUBSCRIBER = 'trail-list-cache';

/** One version of the public trail list, in every form its readers need. */
export interface TrailList {
  trails: Trail[];
  /** `{ "trails": [...] }`: the body of GET /api/trails. */
  json: string;
  /** `json` as UTF-8. */
  body: Buffer;
  /** A strong validator of `body` (compression.ts strongEtag). */
  etag: string;
  /** `body` compressed; each encoding is computed once, on first ask. */
  encoded(encoding: ContentEncoding): Promise<Buffer>;
}

/**
 * The public trail list, serialized once and kept until it changes. Every home page asks for
 * it (GET /api/trails, and index.html, which inlines it), and it changes only when a trail is
 * added, deleted or recurs (each publishes a trail event through the hub, which every instance
 * receives) or when a listed session ends (the cache expires at the earliest end). Serving the
 * stored bytes keeps GET /api/trails close to a static response (ARCHITECTURE §7 throughput
 * budget).
 */
export interface TrailListCache {
  /** The unfiltered list as of `now`. */
  get(now: Date): Promise<TrailList>;
  close(): void;
}

/**
 * Without a hub nothing would tell the cache about a change, so it keeps nothing and every
 * `get` reads the database.
 */
export function createTrailListCache(db: DbOrTx, hub: EventHub | undefined): TrailListCache {
  let cached: { list: TrailList; expiresAt: number } | undefined;
  let loading: Promise<TrailList> | undefined;
  let generation = 0;

  const unsubscribe = hub?.subscribeBroadcast(TRAIL_LIST_SUBSCRIBER, (event) => {
    if (event.type.startsWith('trail.')) invalidate();
  });
  // Events were lost while the hub reconnected: one of them may have been a trail's.
  const stopGaps = hub?.onGap(invalidate);

  function invalidate() {
    generation += 1;
    cached = undefined;
    loading = undefined;
  }

  async function load(now: Date): Promise<TrailList> {
    const started = generation;
    const list = trailList(await listTrails(db, {}, now));
    const firstEnd = Math.min(...list.trails.map((t) => Date.parse(t.endTime)));
    // A change that arrived while loading makes this result stale: don't keep it.
    if (hub && started === generation) cached = { list, expiresAt: Number.isFinite(firstEnd) ? firstEnd : Infinity };
    return list;
  }

  return {
    async get(now) {
      if (cached && now.getTime() < cached.expiresAt) return cached.list;
      if (!hub) return load(now);
      loading ??= load(now).finally(() => (loading = undefined));
      return loading;
    },
    close() {
      unsubscribe?.();
      stopGaps?.();
    },
  };
}

function trailList(trails: Trail[]): TrailList {
  const json = JSON.stringify({ trails });
  const body = Buffer.from(json, 'utf8');
  const encodings = new Map<ContentEncoding, Promise<Buffer>>();
  return {
    trails,
    json,
    body,
    etag: strongEtag(body),
    encoded(encoding) {
      let compressed = encodings.get(encoding);
      if (!compressed) {
        encodings.set(encoding, (compressed = compress(body, encoding)));
        // A failed compression is not kept: the next request tries again.
        compressed.catch(() => encodings.delete(encoding));
      }
      return compressed;
    },
  };
}
