import { describe, expect, it } from 'vitest';
import { FALLBACK_LABELS } from './fallback-labels';

describe('FALLBACK_LABELS', () => {
  it('are product §8\u2019s fallback labels, word for word', () => {
    // product §8 "Other": Fallback labels: Unknown Trail, Unknown Player, Unknown Partner, Unknown Date, Invalid date, Invalid time, N/A.
    expect(Object.values(FALLBACK_LABELS)).toEqual([
      'Unknown Trail',
      'Unknown Player',
      'Unknown Partner',
      'Unknown Date',
      'Invalid date',
      'Invalid time',
      'N/A',
    ]);
  });
});
