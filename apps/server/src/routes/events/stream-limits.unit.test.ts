import { describe, expect, it } from 'vitest';
import { StreamLimits } from './stream-limits.js';

describe('StreamLimits', () => {
  it('hands back the oldest streams past the limit, per key', () => {
    const limits = new StreamLimits<string>();
    expect(limits.admit('account:a', 'a1', 2)).toEqual([]);
    expect(limits.admit('account:a', 'a2', 2)).toEqual([]);
    expect(limits.admit('account:b', 'b1', 2)).toEqual([]);
    expect(limits.admit('account:a', 'a3', 2)).toEqual(['a1']);
    expect(limits.count('account:a')).toBe(2);
    expect(limits.count('account:b')).toBe(1);
  });

  it('counts a stream that ended as gone, and ignores one released twice or never admitted', () => {
    const limits = new StreamLimits<string>();
    limits.admit('k', 's1', 2);
    limits.admit('k', 's2', 2);
    limits.release('k', 's1');
    limits.release('k', 's1');
    limits.release('k', 'never');
    expect(limits.admit('k', 's3', 2)).toEqual([]);
    expect(limits.admit('k', 's4', 2)).toEqual(['s2']);
  });

  it('hands back every stream past a limit that a burst went over', () => {
    const limits = new StreamLimits<number>();
    const evicted = Array.from({ length: 10 }, (_, i) => limits.admit('k', i, 3)).flat();
    expect(evicted).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(limits.count('k')).toBe(3);
  });
});
