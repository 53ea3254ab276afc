import { IMAGE_VARIANT_WIDTHS, type ImageVariantWidth } from '@trailbuddy/shared/contracts/images';
import { sharpOf } from './sharp.js';
import type { FileStorage, StoredObject } from './storage.js';

/*
 * Narrower copies of stored images for `srcset` (ADR 0007), at the shared IMAGE_VARIANT_WIDTHS:
 * a phone showing a trail card about 380 CSS px wide needs far fewer bytes than the
 * 1200–1600 px original. Each variant is made on first request from the stored original and
 * kept in the same storage, so it is made once per image and width, whichever instance is asked.
 */

/**
 * WebP for browsers that say they take it (about a third fewer bytes than JPEG at the same look),
 * JPEG for any other client.
 */
export type ImageVariantFormat = 'jpeg' | 'webp';
const FORMATS: readonly ImageVariantFormat[] = ['jpeg', 'webp'];

/** Where a variant is kept. Variants are never made of variants (see `createImageVariants`). */
const VARIANTS_PREFIX = 'variants/';

/** The folders holding the variants of every image under `prefix` (a folder ending with `/`). */
export const variantPrefixes = (prefix: string) =>
  IMAGE_VARIANT_WIDTHS.flatMap((width) => FORMATS.map((format) => variantKey(prefix, width, format)));
export const variantKey = (key: string, width: ImageVariantWidth, format: ImageVariantFormat = 'jpeg') =>
  `${VARIANTS_PREFIX}w${width}${format === 'webp' ? '-webp' : ''}/${key}`;

/** The format to send for a request's Accept header. */
export const variantFormatFor = (accept: string | undefined): ImageVariantFormat =>
  /(^|,)\s*image\/webp\s*(;|,|$)/i.test(accept ?? '') ? 'webp' : 'jpeg';

const JPEG_OPTIONS = { quality: 75, progressive: true, mozjpeg: true } as const;
// effort 6: a slower encode (once per variant) for about 7% fewer bytes than the default.
const WEBP_OPTIONS = { quality: 70, effort: 6 } as const;

export interface ImageVariants {
  /** The variant, made and stored now if it is not yet; null when there is no such image. */
  get(key: string, width: ImageVariantWidth, format?: ImageVariantFormat): Promise<StoredObject | null>;
}

export function createImageVariants(storage: FileStorage): ImageVariants {
  // Concurrent first requests for one variant share one resize.
  const making = new Map<string, Promise<StoredObject | null>>();

  async function make(key: string, width: ImageVariantWidth, format: ImageVariantFormat, target: string): Promise<StoredObject | null> {
    const original = await storage.get(key);
    if (!original || !original.contentType.startsWith('image/')) return null;
    const resized = (await sharpOf(original.body)).rotate().resize({ width, withoutEnlargement: true }).flatten({ background: '#ffffff' });
    const body = await (format === 'webp' ? resized.webp(WEBP_OPTIONS) : resized.jpeg(JPEG_OPTIONS)).toBuffer();
    const variant = { body, contentType: `image/${format}` };
    await storage.put(target, variant.body, variant.contentType);
    return variant;
  }

  return {
    async get(key, width, format = 'jpeg') {
      // Asking for a variant of a variant would store a new file per nesting level: refused.
      if (key.startsWith(VARIANTS_PREFIX)) return null;
      const target = variantKey(key, width, format);
      const stored = await storage.get(target);
      if (stored) return stored;
      let pending = making.get(target);
      if (!pending) {
        pending = make(key, width, format, target).finally(() => making.delete(target));
        making.set(target, pending);
      }
      return pending;
    },
  };
}

/** Deleting a stored image deletes its variants too, so none outlive it. */
export function withVariantCleanup(storage: FileStorage): FileStorage {
  return {
    put: (key, body, contentType) => storage.put(key, body, contentType),
    get: (key) => storage.get(key),
    list: (prefix) => storage.list(prefix),
    async delete(key) {
      await storage.delete(key);
      if (key.startsWith(VARIANTS_PREFIX)) return;
      const variants = IMAGE_VARIANT_WIDTHS.flatMap((width) => FORMATS.map((format) => variantKey(key, width, format)));
      await Promise.all(variants.map((variant) => storage.delete(variant)));
    },
  };
}
