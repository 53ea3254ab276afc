import { TRAIL_IMAGE_KEY_PREFIXES } from '@trailbuddy/shared/contracts/trail';
import { sharpOf } from './sharp.js';
import { invalidField, payloadTooLarge } from '../errors.js';

export interface ImageUploadOptions {
  /** The form field the file came from, named in any error. */
  field: string;
  maxBytes: number;
  /** Longest side of the stored image, in pixels. */
  maxDimension?: number;
  /**
   * Most pixels (width × height) an upload may have, read from its header before anything is
   * decoded: a small file can declare a huge image (16,000 × 16,000 as a 775 KB PNG) that costs
   * seconds of CPU and hundreds of MB to decode. Also sharp's own limitInputPixels while decoding.
   */
  maxPixels?: number;
}

/** The default pixel budget: 40 megapixels, above any phone camera's photo. */
export const DEFAULT_MAX_PIXELS = 40_000_000;

export interface ProcessedImage {
  jpeg: Buffer;
  width: number;
  height: number;
}

const DEFAULT_MAX_DIMENSION = 1600;
const JPEG_QUALITY = 82;
const NOT_AN_IMAGE = 'The file must be an image (JPEG, PNG, WebP, GIF or AVIF).';

/**
 * Formats as sharp's metadata names them. AVIF reports as `heif` (AV1 inside a HEIF box);
 * HEIC is also `heif` and is accepted here, but the prebuilt sharp cannot decode HEVC, so it then
 * fails at decoding with the same message. SVG is refused on purpose: it is a document that can
 * carry scripts and external references, not a photo.
 */
const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);

/**
 * Turns an untrusted upload into the JPEG we store. The client's file name and MIME type are
 * ignored: the bytes decide. Re-encoding means what we serve is always a plain JPEG we produced,
 * and sharp writes no metadata unless asked, so EXIF (GPS position, camera serials), XMP and
 * IPTC never reach storage. Do not add `.withMetadata()`/`.keepExif()` here.
 */
export async function processImageUpload(input: Buffer, opts: ImageUploadOptions): Promise<ProcessedImage> {
  const { field, maxBytes, maxDimension = DEFAULT_MAX_DIMENSION, maxPixels = DEFAULT_MAX_PIXELS } = opts;
  if (input.length > maxBytes) {
    throw payloadTooLarge(field, `The file is too large. The maximum size is ${megabytes(maxBytes)} MB.`);
  }

  const header = await readHeader(input);
  if (!header?.format || !ACCEPTED_FORMATS.has(header.format)) throw invalidField(field, NOT_AN_IMAGE);
  const pixels = (header.width ?? 0) * (header.height ?? 0);
  if (pixels > maxPixels) {
    throw invalidField(
      field,
      `The image is too large: ${header.width} × ${header.height} pixels. The maximum is ${megapixels(maxPixels)} megapixels.`,
    );
  }

  try {
    const { data, info } = await (
      await sharpOf(input, { limitInputPixels: maxPixels })
    )
      // Bake the EXIF orientation into the pixels first: the tag itself is about to be dropped.
      .rotate()
      .resize({ width: maxDimension, height: maxDimension, fit: 'inside', withoutEnlargement: true })
      // JPEG has no alpha; without this transparent areas would turn black.
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    // A valid header over corrupt or truncated pixels, an undecodable codec, or more pixels than
    // sharp's decompression-bomb limit: all are a bad file from the client, not a server fault.
    throw invalidField(field, NOT_AN_IMAGE);
  }
}

/** The format and size an image's header declares; reading it decodes no pixels. */
async function readHeader(input: Buffer): Promise<{ format?: string; width?: number; height?: number } | undefined> {
  try {
    const { format, width, height } = await (await sharpOf(input)).metadata();
    return { format, width, height };
  } catch {
    return undefined; // sharp throws on anything it does not recognise as an image, or on empty input
  }
}

/** 40000000 → "40", 2500000 → "2.5", 19999 → "0.02". */
const megapixels = (pixels: number) => String(Number((pixels / 1_000_000).toPrecision(3)));

/** 5242880 → "5", 524288 → "0.5": the limit as people read it, rounded down so it never overstates. */
function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return String(mb >= 1 ? Math.floor(mb * 10) / 10 : Number(mb.toPrecision(2)));
}

/** Keeps the spec's storage paths; every name part is reduced to characters safe on any disk and in any URL. */
export const storageKeys = {
  profilePicture: (uid: string, now: Date) => `${storageKeys.profilePictures(uid)}profile_${uid}_${now.getTime()}.jpg`,
  /** The folder of every picture a person ever stored, the current one and those it replaced. */
  profilePictures: (uid: string) => {
    // The uid comes from our own auth, never from the client, and is case-sensitive, so it is
    // checked rather than slugged: lowercasing could point two users at one folder.
    if (!/^[A-Za-z0-9_-]+$/.test(uid)) throw new Error(`Unexpected characters in user id ${JSON.stringify(uid)}`);
    return `profilePictures/${uid}/`;
  },
  // Under the shared prefixes, which the create-trail request checks its image keys against.
  trailImage: (trailName: string, fileName: string) => `${TRAIL_IMAGE_KEY_PREFIXES.image}${trailFileName(trailName, fileName)}`,
  mapImage: (trailName: string, fileName: string) => `${TRAIL_IMAGE_KEY_PREFIXES.map}${trailFileName(trailName, fileName)}`,
};

/** `{trailname}-{filename}` with the extension replaced by `.jpg`, because we always store JPEG. */
function trailFileName(trailName: string, fileName: string): string {
  // Some browsers send a path (C:\fakepath\photo.png); only the last part is the name.
  const baseName = (fileName.split(/[/\\]/).pop() ?? '').replace(/\.[^.]*$/, '');
  return `${slug(trailName) || 'trail'}-${slug(baseName) || 'image'}.jpg`;
}

const MAX_SLUG_LENGTH = 80; // two of these plus the prefix stay far below the usual 255-byte name limit

function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '') // "Sintra Ribeira São" → "sintra ribeira sao", not "sintra ribeira s-o"
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/-{2,}/g, '-')
      .slice(0, MAX_SLUG_LENGTH)
      // A leading dot would make a hidden file (or `..`); edge dashes are just noise.
      .replace(/^[.-]+|[.-]+$/g, '')
  );
}
