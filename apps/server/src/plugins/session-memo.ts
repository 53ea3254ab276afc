import type { RevocationGuard } from '../auth/session-revocations.js';
import type { RevocationFeed, SessionRevocation } from '../events/session-revocations.js';

/**
 * How long one instance reuses Better Auth's answer for the same session cookies (ADR 0069).
 * Short beside the cookie cache's five minutes: a browser drops the cache cookie at its Max-Age,
 * which changes the key, so only a client that keeps sending an expired cookie could be answered
 * from the memo past the cache's expiry, and by at most this long.
 */
export const SESSION_MEMO_TTL_MS = 10_000;
/** Entries kept at most; the oldest goes first. About 4 KB each (the cookies, the answer and its body): 20 MB at most. */
export const SESSION_MEMO_MAX_ENTRIES = 5_000;
/** A cookie header longer than this is not kept (no session needs it; it would only fill the memo). */
const MAX_KEY_LENGTH = 8_192;

/** What Better Auth's getSession answers for a signed-in request, as far as the memo needs it. */
export interface MemoSession {
  session: { id: string; userId: string; expiresAt: Date | string };
  user: { id: string };
}

interface Entry<T extends MemoSession> {
  answer: T;
  /** The answer as Better Auth's get-session sends it, made once on first use. */
  body?: string;
  until: number;
}

export interface SessionMemo<T extends MemoSession = MemoSession> {
  /** The remembered answer for these cookies, while it may still be trusted. */
  get(cookies: string | undefined): { answer: T; body(): string } | undefined;
  /**
   * Asks Better Auth (`lookup`) and remembers a signed-in answer that set no cookies, unless a
   * revocation or a change of the listener's state arrived while it was asked.
   */
  remember<R extends { answer: T | null; setsCookies: boolean; body?: string }>(
    cookies: string | undefined,
    lookup: () => Promise<R>,
  ): Promise<R>;
  /** How many answers are held now (tests, the bench's notes). */
  readonly size: number;
  close(): void;
}

/**
 * A per-instance memo of Better Auth's session check, keyed by the request's Cookie header as an
 * opaque string (issue 15's rule: Better Auth's cookie format is read by Better Auth alone). It
 * is only a shortcut over a check Better Auth has just made, so it keeps ADR 0058's guarantees:
 * - an answer is kept only while the revocation guard trusts cookie caches (listening and caught
 *   up), and is dropped for its session or user by the same broadcast the guard hears;
 * - everything is dropped when the listener goes down or comes up again (a revocation may have
 *   been missed between), and nothing is kept until the guard has caught up;
 * - an answer that sets cookies (a cache written after a read of PostgreSQL, a refreshed expiry,
 *   cleared cookies) is not kept: the client's next request carries other cookies anyway;
 * - an entry lives SESSION_MEMO_TTL_MS at most and never past its session's own expiry.
 */
export function createSessionMemo<T extends MemoSession>(opts: {
  feed: RevocationFeed;
  guard: Pick<RevocationGuard, 'cachesTrusted'>;
  ttlMs?: number;
  maxEntries?: number;
}): SessionMemo<T> {
  const ttlMs = opts.ttlMs ?? SESSION_MEMO_TTL_MS;
  const maxEntries = opts.maxEntries ?? SESSION_MEMO_MAX_ENTRIES;
  const entries = new Map<string, Entry<T>>();
  // Bumped by every revocation and listener change: a lookup that began before one is not kept.
  let generation = 0;

  const forget = (revocation: SessionRevocation) => {
    generation++;
    if (entries.size === 0) return;
    const sessions = new Set(revocation.sessionIds);
    const users = new Set(revocation.userIds);
    for (const [key, { answer }] of entries) {
      if (sessions.has(answer.session.id) || users.has(answer.user.id) || users.has(answer.session.userId)) entries.delete(key);
    }
  };
  const forgetAll = () => {
    generation++;
    entries.clear();
  };
  const unsubscribe = [opts.feed.onRevocation(forget), opts.feed.onListening(forgetAll)];

  const usable = (cookies: string | undefined): cookies is string =>
    cookies !== undefined && cookies.length > 0 && cookies.length <= MAX_KEY_LENGTH;

  return {
    get(cookies) {
      if (!usable(cookies)) return undefined;
      const entry = entries.get(cookies);
      if (!entry) return undefined;
      if (entry.until <= Date.now() || !opts.guard.cachesTrusted()) {
        entries.delete(cookies);
        return undefined;
      }
      return { answer: entry.answer, body: () => (entry.body ??= JSON.stringify(entry.answer)) };
    },
    async remember(cookies, lookup) {
      const began = generation;
      const result = await lookup();
      const { answer } = result;
      if (!usable(cookies) || !answer || result.setsCookies || began !== generation || !opts.guard.cachesTrusted()) return result;
      const expiresAt = new Date(answer.session.expiresAt).getTime();
      const until = Math.min(Date.now() + ttlMs, Number.isFinite(expiresAt) ? expiresAt : 0);
      if (until <= Date.now()) return result;
      entries.delete(cookies);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(cookies, { answer, until, body: result.body });
      return result;
    },
    get size() {
      return entries.size;
    },
    close() {
      for (const off of unsubscribe) off();
      entries.clear();
    },
  };
}
