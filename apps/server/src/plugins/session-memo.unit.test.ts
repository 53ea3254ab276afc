import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RevocationFeed, SessionRevocation } from '../events/session-revocations.js';
import { createSessionMemo, type MemoSession } from './session-memo.js';

/** The hub's revocation feed, driven by hand. */
function feed() {
  const revocations = new Set<(r: SessionRevocation) => void>();
  const states = new Set<(listening: boolean) => void>();
  const f: RevocationFeed & { revoke(r: Partial<SessionRevocation>): void; listen(value: boolean): void } = {
    listening: true,
    onRevocation: (l) => (revocations.add(l), () => revocations.delete(l)),
    onListening: (l) => (states.add(l), () => states.delete(l)),
    revoke: (r) => revocations.forEach((l) => l({ sessionIds: r.sessionIds ?? [], userIds: r.userIds ?? [] })),
    listen: (value) => states.forEach((l) => l(value)),
  };
  return f;
}

const hourAhead = () => new Date(Date.now() + 3_600_000).toISOString();
const answer = (n: number, expiresAt = hourAhead()): MemoSession => ({
  session: { id: `s${n}`, userId: `u${n}`, expiresAt },
  user: { id: `u${n}` },
});
const fresh =
  (a: MemoSession | null, setsCookies = false) =>
  async () => ({ answer: a, setsCookies });

function setUp(opts: { ttlMs?: number; maxEntries?: number } = {}) {
  const f = feed();
  const guard = { trusted: true, cachesTrusted: () => guard.trusted };
  const memo = createSessionMemo({ feed: f, guard, ...opts });
  return { f, guard, memo };
}

afterEach(() => vi.useRealTimers());

describe('the session memo', () => {
  it('answers the same cookies from memory, and only those', async () => {
    const { memo } = setUp();
    expect(memo.get('a=1')).toBeUndefined();
    // One answer, built once: its expiry is read from the clock.
    const first = answer(1);
    await memo.remember('a=1', fresh(first));
    expect(memo.get('a=1')?.answer.session.id).toBe('s1');
    expect(memo.get('a=1; b=2')).toBeUndefined();
    expect(memo.get('a=1')?.body()).toBe(JSON.stringify(first));
  });

  it('keeps no answer that sets cookies, no refusal, and nothing without cookies', async () => {
    const { memo } = setUp();
    await memo.remember('a=1', fresh(answer(1), true));
    await memo.remember('a=2', fresh(null));
    await memo.remember(undefined, fresh(answer(3)));
    await memo.remember('', fresh(answer(4)));
    expect(memo.size).toBe(0);
  });

  it('drops the answers of a revoked session or user, and only those', async () => {
    const { f, memo } = setUp();
    for (const n of [1, 2, 3]) await memo.remember(`a=${n}`, fresh(answer(n)));
    f.revoke({ sessionIds: ['s1'] });
    expect(memo.get('a=1')).toBeUndefined();
    f.revoke({ userIds: ['u2'] });
    expect(memo.get('a=2')).toBeUndefined();
    expect(memo.get('a=3')?.answer.user.id).toBe('u3');
  });

  it('drops everything when the listener goes down or comes up again', async () => {
    const { f, memo } = setUp();
    await memo.remember('a=1', fresh(answer(1)));
    f.listen(false);
    expect(memo.size).toBe(0);
    await memo.remember('a=1', fresh(answer(1)));
    f.listen(true);
    expect(memo.size).toBe(0);
  });

  it('does not keep an answer asked before a revocation or a listener change that arrived meanwhile', async () => {
    const { f, memo } = setUp();
    let release!: () => void;
    const slow = (n: number) => async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { answer: answer(n), setsCookies: false };
    };
    const first = memo.remember('a=1', slow(1));
    f.revoke({ sessionIds: ['someone-else'] });
    release();
    await first;
    const second = memo.remember('a=2', slow(2));
    f.listen(false);
    release();
    await second;
    expect(memo.size).toBe(0);
  });

  it('neither keeps nor serves an answer while the guard trusts no cache (not caught up)', async () => {
    const { guard, memo } = setUp();
    await memo.remember('a=1', fresh(answer(1)));
    guard.trusted = false;
    expect(memo.get('a=1')).toBeUndefined();
    await memo.remember('a=2', fresh(answer(2)));
    guard.trusted = true;
    expect(memo.get('a=2')).toBeUndefined();
  });

  it('lives its time at most, and never past the session’s own expiry', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T12:00:00Z') });
    const { memo } = setUp({ ttlMs: 10_000 });
    await memo.remember('a=1', fresh(answer(1)));
    await memo.remember('a=2', fresh(answer(2, new Date(Date.now() + 3_000).toISOString())));
    await memo.remember('a=3', fresh(answer(3, new Date(Date.now() - 1).toISOString())));
    expect(memo.size).toBe(2);
    vi.advanceTimersByTime(3_000);
    expect(memo.get('a=2')).toBeUndefined();
    expect(memo.get('a=1')).toBeDefined();
    vi.advanceTimersByTime(7_000);
    expect(memo.get('a=1')).toBeUndefined();
  });

  it('holds a bounded number of answers, the oldest leaving first', async () => {
    const { memo } = setUp({ maxEntries: 2 });
    for (const n of [1, 2, 3]) await memo.remember(`a=${n}`, fresh(answer(n)));
    expect(memo.size).toBe(2);
    expect(memo.get('a=1')).toBeUndefined();
    expect(memo.get('a=3')).toBeDefined();
  });
});
