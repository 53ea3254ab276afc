import type { Trail, TrailPlaces } from '@trailbuddy/shared/contracts/trail';
import type { DbOrTx } from '../db/client.js';
import type { EventHub } from '../events/types.js';
import { compress, strongEtag, type ContentEncoding } from '../compression.js';
import { readTrailPage, readTrailPlaces } from './trails.js';

/** The name the cache's broadcast subscription goes by in the hub (and its logs). */
export const TRAIL_LIST_SUBSCRIBER = 'trail-list-cache';

/** A JSON answer in every form its readers need, made once per version. */
export interface StoredJson {
  json: string;
  /** `json` as UTF-8. */
  body: Buffer;
  /** A strong validator of `body` (compression.ts strongEtag). */
  etag: string;
  /** `body` compressed; each encoding is computed once, on first ask. */
  encoded(encoding: ContentEncoding): Promise<Buffer>;
}

/** One version of the first page of the public trail list: `json` is GET /api/trails's body. */
export interface TrailList extends StoredJson {
  trails: Trail[];
}

/**
 * The first page of the public trail list and the places of the location filter, serialized
 * once and kept until they change. Every home page asks for both (GET /api/trails, and
 * index.html, which inlines the page; GET /api/trails/places), and they change only when a trail
 * is added, deleted or recurs (each publishes a trail event through the hub, which every instance
 * receives) or when a listed session ends (each version expires at the earliest end it depends
 * on). Serving the stored bytes keeps GET /api/trails close to a static response (architecture
 * §7 throughput budget); filtered pages and later pages are read from the database (ADR 0022).
 */
export interface TrailListCache {
  /** The unfiltered first page as of `now`. */
  get(now: Date): Promise<TrailList>;
  /** The places that have trails as of `now`. */
  places(now: Date): Promise<StoredJson & { value: TrailPlaces }>;
  close(): void;
}

interface Version<T> {
  value: T;
  /** When the value may change without a trail event (a listed session ends). */
  expiresAt: number;
}

/**
 * Without a hub nothing would tell the cache about a change, so it keeps nothing and every
 * `get` reads the database.
 */
export function createTrailListCache(db: DbOrTx, hub: EventHub | undefined): TrailListCache {
  const firstPage = cachedVersion(hub, async (now) => {
    const { page, firstEnd } = await readTrailPage(db, {}, now);
    return { value: { ...storedJson(page), trails: page.trails }, expiresAt: firstEnd };
  });
  const places = cachedVersion(hub, async (now) => {
    const { places: value, firstEnd } = await readTrailPlaces(db, now);
    return { value: { ...storedJson(value), value }, expiresAt: firstEnd };
  });
  const invalidate = () => {
    firstPage.invalidate();
    places.invalidate();
  };

  const unsubscribe = hub?.subscribeBroadcast(TRAIL_LIST_SUBSCRIBER, (event) => {
    if (event.type.startsWith('trail.')) invalidate();
  });
  // Events were lost while the hub reconnected: one of them may have been a trail's.
  const stopGaps = hub?.onGap(invalidate);

  return {
    get: firstPage.get,
    places: places.get,
    close() {
      unsubscribe?.();
      stopGaps?.();
    },
  };
}

/** One value kept until invalidated or expired; concurrent readers of a missing value share one load. */
function cachedVersion<T>(hub: EventHub | undefined, read: (now: Date) => Promise<Version<T>>) {
  let cached: Version<T> | undefined;
  let loading: Promise<T> | undefined;
  let generation = 0;

  async function load(now: Date): Promise<T> {
    const started = generation;
    const version = await read(now);
    // A change that arrived while loading makes this result stale: don't keep it.
    if (hub && started === generation) cached = version;
    return version.value;
  }

  return {
    async get(now: Date): Promise<T> {
      if (cached && now.getTime() < cached.expiresAt) return cached.value;
      if (!hub) return load(now);
      loading ??= load(now).finally(() => (loading = undefined));
      return loading;
    },
    invalidate() {
      generation += 1;
      cached = undefined;
      loading = undefined;
    },
  };
}

function storedJson(value: unknown): StoredJson {
  const json = JSON.stringify(value);
  const body = Buffer.from(json, 'utf8');
  const encodings = new Map<ContentEncoding, Promise<Buffer>>();
  return {
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
