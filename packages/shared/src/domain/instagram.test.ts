import { describe, expect, it } from 'vitest';
import { instagramHandle, instagramUrl } from './instagram';

describe('instagram', () => {
  it('shows a handle without the "@" a person typed, and none when none is set', () => {
    expect(instagramHandle('@@trail.runner')).toBe('trail.runner');
    expect(instagramHandle(' trail_runner ')).toBe('trail_runner');
    expect(instagramHandle('@')).toBeNull();
    expect(instagramHandle('')).toBeNull();
    expect(instagramHandle(null)).toBeNull();
    expect(instagramHandle(undefined)).toBeNull();
  });

  it('builds one address on www.instagram.com that a handle cannot leave', () => {
    expect(instagramUrl('@trail.runner')).toBe('https://www.instagram.com/trail.runner/');
    expect(instagramUrl('../evil.example/x?y')).toBe('https://www.instagram.com/..%2Fevil.example%2Fx%3Fy/');
  });
});
