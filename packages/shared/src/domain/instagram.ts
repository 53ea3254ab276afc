/**
 * A person's Instagram handle as the profile views show it, without the "@" a person may type
 * (the app draws its own), or null when they have given none: the views then show no Instagram row.
 */
export function instagramHandle(stored: string | null | undefined): string | null {
  const handle = stored?.trim().replace(/^@+/, '') ?? '';
  return handle || null;
}

/** The one address of a handle's Instagram profile; the handle is encoded, so it never leaves instagram.com. */
export function instagramUrl(handle: string): string {
  return `https://www.instagram.com/${encodeURIComponent(handle.replace(/^@+/, ''))}/`;
}
