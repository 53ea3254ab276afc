import { describe, expect, it } from 'vitest';
import { unavailableFirstName, unavailablePersonName } from './safety';

describe('the name of someone no longer available', () => {
  it('gives back the first name it was written from, and null for any other name', () => {
    expect(unavailableFirstName(unavailablePersonName('Eva Lopes'))).toBe('Eva');
    expect(unavailableFirstName(unavailablePersonName(''))).toBe('Someone');
    expect(unavailableFirstName('Eva Lopes')).toBeNull();
    expect(unavailableFirstName(' (no longer available)')).toBeNull();
  });
});
