import { describe, expect, it } from 'vitest';
import { fieldWithNul, jsonNestedDeeperThan } from './untrusted-input.js';

describe('jsonNestedDeeperThan', () => {
  it('counts objects and arrays, not brackets inside strings', () => {
    expect(jsonNestedDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonNestedDeeperThan('{"a":[{"b":1}]}', 2)).toBe(true);
    expect(jsonNestedDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
    expect(jsonNestedDeeperThan('{"a":"\\"[[[["}', 1)).toBe(false);
    expect(jsonNestedDeeperThan('[1,2,3]', 0)).toBe(true);
    expect(jsonNestedDeeperThan('"text"', 0)).toBe(false);
  });

  it('measures depth, not the number of containers', () => {
    const wide = `[${Array.from({ length: 1000 }, () => '{"a":[1]}').join(',')}]`;
    expect(jsonNestedDeeperThan(wide, 3)).toBe(false);
  });

  it('stops at the limit on a very deep text without a stack', () => {
    expect(jsonNestedDeeperThan('['.repeat(1_000_000), 32)).toBe(true);
  });
});

describe('fieldWithNul', () => {
  it('names the first string or key holding a NUL by its dotted path', () => {
    expect(fieldWithNul({ a: 'ok', b: { c: ['x', 'y\u0000'] } })).toBe('b.c.1');
    expect(fieldWithNul({ ['k\u0000']: 1 })).toBe('k\\u0000');
    expect(fieldWithNul('a\u0000')).toBe('');
  });

  it('is null for clean input of any shape', () => {
    expect(fieldWithNul({ a: 'ok', n: 1, t: true, z: null, list: [{ b: 'x' }] })).toBeNull();
    expect(fieldWithNul(undefined)).toBeNull();
    expect(fieldWithNul(Buffer.from([0, 1, 2]))).toBeNull();
  });
});
