import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR, PRESET_AVATARS, isPresetAvatar, presetAvatar } from './avatars';

describe('preset avatars', () => {
  it('has six presets, avatar-1.png to avatar-6.png', () => {
    expect(PRESET_AVATARS).toEqual([1, 2, 3, 4, 5, 6].map((n) => `/avatars/avatar-${n}.png`));
  });

  it('defaults to avatar 1 (product §3)', () => {
    expect(DEFAULT_AVATAR).toBe('/avatars/avatar-1.png');
  });

  it.each([
    [1, '/avatars/avatar-1.png'],
    [6, '/avatars/avatar-6.png'],
    [0, undefined],
    [7, undefined],
    [-1, undefined],
    [1.5, undefined],
    [Number.NaN, undefined],
  ])('presetAvatar(%s) → %s', (n, expected) => {
    expect(presetAvatar(n)).toBe(expected);
  });

  it.each([
    ['/avatars/avatar-1.png', true],
    ['/avatars/avatar-6.png', true],
    ['/avatars/avatar-7.png', false],
    ['avatars/avatar-1.png', false],
    ['https://cdn.example.test/avatars/avatar-1.png', false],
    ['/uploads/profilePictures/u1/profile_u1_1700000000000.jpg', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('isPresetAvatar(%j) is %s', (path, expected) => {
    expect(isPresetAvatar(path)).toBe(expected);
  });
});
