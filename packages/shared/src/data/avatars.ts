/**
 * The six preset avatars (product §3 "Avatars", §9 "Six preset avatars"). Paths are site-relative
 * because the web app serves the images itself (architecture §5 "Images": nothing downloaded at
 * run time), and the same string is what gets stored in a user's `image`.
 */
export const PRESET_AVATARS = [
  '/avatars/avatar-1.png',
  '/avatars/avatar-2.png',
  '/avatars/avatar-3.png',
  '/avatars/avatar-4.png',
  '/avatars/avatar-5.png',
  '/avatars/avatar-6.png',
] as const;

export type PresetAvatar = (typeof PRESET_AVATARS)[number];

/** product §3: "the default is avatar 1". */
export const DEFAULT_AVATAR: PresetAvatar = PRESET_AVATARS[0];

/**
 * The preset for a 1-based avatar number (the API's `avatar: 1..6`), or undefined when the
 * number is not one of the six.
 */
export function presetAvatar(avatarNumber: number): PresetAvatar | undefined {
  return Number.isInteger(avatarNumber) ? PRESET_AVATARS[avatarNumber - 1] : undefined;
}

/**
 * Whether an image value is one of the presets rather than an uploaded picture, e.g. so that
 * replacing it never tries to delete a shared file from storage. Exact match on purpose: any
 * other string is someone's upload URL.
 */
export function isPresetAvatar(path: string | null | undefined): path is PresetAvatar {
  return (PRESET_AVATARS as readonly string[]).includes(path ?? '');
}
