import { gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sessionRevocations } from '../db/schema/auth.js';
import type { RevocationFeed, SessionRevocation } from '../events/session-revocations.js';
import type { JobLog } from '../jobs/log.js';

/** How long Better Auth's cookie cache lets a session go unread from PostgreSQL (its `maxAge`). */
export const SESSION_CACHE_MAX_AGE_S = 5 * 60;

/**
 * Slack for clocks: a cookie cache is stamped with the clock of the instance that wrote it, a
 * revocation row with PostgreSQL's. A revocation is held this much longer than the cache lives.
 */
const CLOCK_MARGIN_MS = 60_000;

/** The cookie cache's version while the cached session may be trusted (Better Auth's default). */
const TRUSTED_VERSION = '1';

export type RevocationGuard = ReturnType<typeof createRevocationGuard>;

/** ADR 0058's revocation guard: ADR 0038's promise (a revoked session loses access on every instance) with a cached session. */
export function createRevocationGuard(opts: { feed: RevocationFeed; db: Db; log: JobLog; cacheMaxAgeMs?: number }) {
  const holdMs = (opts.cacheMaxAgeMs ?? SESSION_CACHE_MAX_AGE_S * 1000) + CLOCK_MARGIN_MS;
  /** Until when each revoked session (`session:<id>`) and user (`user:<id>`) is not served from a cache. */
  const held = new Map<string, number>();
  // Caught up since the listener last came up; `epoch` tells a stale catch-up from the current one.
  let caughtUp = false;
  let epoch = 0;
  let distrustAllUntil = 0;
  let refused = 0;

  const record = (revocation: SessionRevocation) => {
    const now = Date.now();
    // Entries nobody asks about again go here, so the map holds about one cache lifetime's worth.
    if (held.size > 1024) for (const [key, until] of held) if (until <= now) held.delete(key);
    const keys = [...revocation.sessionIds.map((id) => `session:${id}`), ...revocation.userIds.map((id) => `user:${id}`)];
    for (const key of keys) held.set(key, Math.max(held.get(key) ?? 0, now + holdMs));
  };
  const isHeld = (key: string, now: number) => {
    if ((held.get(key) ?? 0) > now) return true;
    held.delete(key);
    return false;
  };

  const catchUp = async (current: number) => {
    try {
      // Listening already: what commits from here on arrives live, what came before is read here.
      const rows = await opts.db
        .select({ sessionIds: sessionRevocations.sessionIds, userIds: sessionRevocations.userIds })
        .from(sessionRevocations)
        .where(gt(sessionRevocations.createdAt, sql`now() - make_interval(secs => ${holdMs / 1000})`));
      if (current !== epoch) return;
      for (const row of rows) record(row);
    } catch (err) {
      if (current !== epoch) return;
      // What was missed cannot be read: no cache written before now is trusted until it has expired.
      opts.log.error({ err }, 'could not read recent session revocations; the session cache is off for its lifetime');
      distrustAllUntil = Date.now() + holdMs;
    }
    caughtUp = true;
  };

  const onListening = (listening: boolean) => {
    epoch++;
    caughtUp = false;
    if (listening) void catchUp(epoch);
  };
  const unsubscribe = [opts.feed.onRevocation(record), opts.feed.onListening(onListening)];
  if (opts.feed.listening) void catchUp(epoch);

  return {
    /** Better Auth's `session.cookieCache.version` (ADR 0058): "1" for a cache it may trust, else a value no cookie carries. */
    cacheVersion(session: { id: string }, user: { id: string }): string {
      const now = Date.now();
      const trusted = caughtUp && distrustAllUntil <= now && !isHeld(`session:${session.id}`, now) && !isHeld(`user:${user.id}`, now);
      return trusted ? TRUSTED_VERSION : `distrusted-${++refused}`;
    },
    /**
     * Whether a cache may be trusted at all now: listening, caught up since the listener last came
     * up, and not distrusting every cache after a failed catch-up (the session memo asks, ADR 0069).
     */
    cachesTrusted(): boolean {
      return caughtUp && distrustAllUntil <= Date.now();
    },
    close() {
      for (const off of unsubscribe) off();
      caughtUp = false;
    },
  };
}
