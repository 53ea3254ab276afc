/**
 * Stored images and their narrower copies (ADR 0007): the server makes a copy of each stored
 * image at these widths (`/api/files/<key>?w=<width>`); the web app's `srcset` and the server's
 * preload of the first trail card name the same copies, so the browser downloads one of them once.
 */
export const IMAGE_VARIANT_WIDTHS = [480, 800, 1200] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** Where stored files are served; only these URLs have narrower copies. */
export const FILES_URL_PREFIX = '/api/files/';

/**
 * The trail card's rendered width at each breakpoint: one column below 640 px, two from there,
 * within the main column (max-w-3xl, px-4, gap-5).
 */
export const TRAIL_CARD_IMAGE_SIZES = '(min-width: 768px) 358px, (min-width: 640px) calc(50vw - 26px), calc(100vw - 32px)';

/** The trail detail's picture and map: the main column on phones, its left half from md (max-w-3xl, px-4, gap-6). */
export const TRAIL_DETAIL_IMAGE_SIZES = '(min-width: 768px) 356px, calc(100vw - 32px)';

/** The `srcset` for a stored image's URL; undefined for any other URL (an external or bundled image). */
export function imageSrcSet(url: string): string | undefined {
  if (!url.startsWith(FILES_URL_PREFIX) || url.includes('?')) return undefined;
  return IMAGE_VARIANT_WIDTHS.map((width) => `${url}?w=${width} ${width}w`).join(', ');
}
