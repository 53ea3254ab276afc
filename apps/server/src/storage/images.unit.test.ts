import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { processImageUpload, storageKeys } from './images.js';
import { validateKey } from './storage.js';

const MB = 1024 * 1024;
const NOT_AN_IMAGE = 'The file must be an image (JPEG, PNG, WebP, GIF or AVIF).';
const opts = { field: 'picture', maxBytes: 5 * MB };

const canvas = (width: number, height: number, alpha = 1) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha } } });

const isJpeg = (b: Buffer) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;

/** Resolves to the error a promise rejects with, failing the test if it resolves. */
async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const outcome = await promise.then(
    () => 'resolved',
    (err: unknown) => err,
  );
  expect(outcome).toBeInstanceOf(AppError);
  return outcome as AppError;
}

describe('processImageUpload', () => {
  it('refuses an image whose header declares more pixels than the budget, naming the field, and takes one at the budget', async () => {
    const png = await canvas(200, 100).png().toBuffer();
    const err = await rejection(processImageUpload(png, { ...opts, maxPixels: 19_999 }));
    expect(err).toMatchObject({ status: 400, code: 'invalid-argument' });
    expect(err.fields).toEqual({ picture: 'The image is too large: 200 × 100 pixels. The maximum is 0.02 megapixels.' });
    await expect(processImageUpload(png, { ...opts, maxPixels: 20_000 })).resolves.toMatchObject({ width: 200, height: 100 });
  });

  it('accepts a PNG whatever it was called and stores it as JPEG', async () => {
    // The upload's name ("photo.jpg") never reaches this function: only the bytes count.
    const png = await canvas(64, 48).png().toBuffer();
    expect(isJpeg(png)).toBe(false);

    const out = await processImageUpload(png, opts);
    expect(isJpeg(out.jpeg)).toBe(true);
    expect((await sharp(out.jpeg).metadata()).format).toBe('jpeg');
    expect(out).toMatchObject({ width: 64, height: 48 });
  });

  it.each(['jpeg', 'webp', 'gif', 'avif', 'tiff'] as const)('accepts %s', async (format) => {
    const input = await canvas(30, 20).toFormat(format).toBuffer();
    const out = await processImageUpload(input, opts);
    expect(isJpeg(out.jpeg)).toBe(true);
    expect(out).toMatchObject({ width: 30, height: 20 });
  });

  it.each([
    ['a text file', Buffer.from('just some text, renamed to holiday.png\n'.repeat(20))],
    ['an empty file', Buffer.alloc(0)],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')],
  ])('refuses %s with a 400 naming the field', async (_label, input) => {
    const err = await rejection(processImageUpload(input, opts));
    expect(err).toMatchObject({ status: 400, code: 'invalid-argument', message: NOT_AN_IMAGE });
    expect(err.fields).toEqual({ picture: NOT_AN_IMAGE });
  });

  it('refuses a truncated image with a 400, not a server error', async () => {
    const png = await canvas(300, 300).png({ compressionLevel: 0 }).toBuffer();
    const truncated = png.subarray(0, Math.floor(png.length / 2));
    expect((await sharp(truncated).metadata()).format).toBe('png'); // the header alone still looks fine

    const err = await rejection(processImageUpload(truncated, opts));
    expect(err).toMatchObject({ status: 400, code: 'invalid-argument', fields: { picture: NOT_AN_IMAGE } });
  });

  it('refuses a file over the size limit with a 413 stating the limit in MB', async () => {
    const err = await rejection(processImageUpload(Buffer.alloc(5 * MB + 1), opts));
    const message = 'The file is too large. The maximum size is 5 MB.';
    expect(err).toMatchObject({ status: 413, code: 'payload-too-large', message, fields: { picture: message } });
  });

  it('accepts a file of exactly the size limit', async () => {
    const png = await canvas(10, 10).png().toBuffer();
    await expect(processImageUpload(png, { field: 'picture', maxBytes: png.length })).resolves.toMatchObject({ width: 10 });
    const err = await rejection(processImageUpload(png, { field: 'picture', maxBytes: png.length - 1 }));
    expect(err.status).toBe(413);
  });

  it('strips EXIF and XMP metadata', async () => {
    const input = await canvas(40, 30)
      .jpeg()
      .withExif({ IFD0: { Copyright: 'secret', Artist: 'secret' } })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>secret</rdf:Description></rdf:RDF></x:xmpmeta>',
      )
      .toBuffer();
    const before = await sharp(input).metadata();
    expect(before.exif?.toString('latin1')).toContain('secret');
    expect(before.xmp).toBeDefined();

    const out = await processImageUpload(input, opts);
    const after = await sharp(out.jpeg).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(out.jpeg.toString('latin1')).not.toContain('secret');
  });

  it('applies the EXIF orientation to the pixels before dropping it', async () => {
    // Orientation 6: the camera was turned 90°, so a 40×20 sensor image displays as 20×40.
    const input = await canvas(40, 20).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const out = await processImageUpload(input, opts);
    expect(out).toMatchObject({ width: 20, height: 40 });
    expect((await sharp(out.jpeg).metadata()).orientation).toBeUndefined();
  });

  it('fits the image inside maxDimension, keeping its aspect ratio', async () => {
    const input = await canvas(3000, 1000).png().toBuffer();
    const out = await processImageUpload(input, { ...opts, maxDimension: 600 });
    expect(out).toMatchObject({ width: 600, height: 200 });
    expect(await sharp(out.jpeg).metadata()).toMatchObject({ width: 600, height: 200 });
  });

  it('uses 1600 px as the default maxDimension', async () => {
    const input = await canvas(1000, 2400).png().toBuffer();
    expect(await processImageUpload(input, opts)).toMatchObject({ width: 667, height: 1600 });
  });

  it('never enlarges a small image', async () => {
    const input = await canvas(100, 50).png().toBuffer();
    expect(await processImageUpload(input, { ...opts, maxDimension: 600 })).toMatchObject({ width: 100, height: 50 });
  });

  it('flattens transparency onto white', async () => {
    const input = await canvas(8, 8, 0).png().toBuffer();
    const out = await processImageUpload(input, opts);
    const { data, info } = await sharp(out.jpeg).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect(Math.min(...data)).toBeGreaterThan(245);
  });
});

describe('storageKeys', () => {
  it('builds the profile picture path from the uid and the time in ms', () => {
    const key = storageKeys.profilePicture('aB3_x-9', new Date(1_700_000_000_123));
    expect(key).toBe('profilePictures/aB3_x-9/profile_aB3_x-9_1700000000123.jpg');
  });

  it('refuses a uid that could change the path', () => {
    expect(() => storageKeys.profilePicture('../other', new Date(0))).toThrow();
    expect(() => storageKeys.profilePicture('', new Date(0))).toThrow();
  });

  it('slugs the trail and file names and forces .jpg', () => {
    expect(storageKeys.trailImage('Serra da Estrela Loop', 'My Photo.PNG')).toBe('trailImages/serra-da-estrela-loop-my-photo.jpg');
    expect(storageKeys.mapImage('São Jacinto Dunes!', 'route_v2.final.webp')).toBe('mapImages/sao-jacinto-dunes-route_v2.final.jpg');
  });

  it('keeps only the last part of a path-like file name', () => {
    expect(storageKeys.trailImage('Sintra', 'C:\\fakepath\\map.png')).toBe('trailImages/sintra-map.jpg');
    expect(storageKeys.trailImage('Sintra', '../../etc/passwd')).toBe('trailImages/sintra-passwd.jpg');
  });

  it('falls back to placeholder names when nothing safe is left', () => {
    expect(storageKeys.mapImage('!!!', '.png')).toBe('mapImages/trail-image.jpg');
    expect(storageKeys.mapImage('..', '...')).toBe('mapImages/trail-image.jpg');
  });

  it('produces keys that pass validateKey', () => {
    const hostile = ['..', '/', '\\', '\0', 'a/../b', ' .hidden ', 'x'.repeat(500)];
    for (const a of hostile) {
      for (const b of hostile) {
        const trailKey = storageKeys.trailImage(a, b);
        expect(() => validateKey(trailKey)).not.toThrow();
        expect(trailKey).toMatch(/^trailImages\/[a-z0-9._-]+\.jpg$/);
        expect(trailKey.length).toBeLessThan(200);
      }
    }
  });
});
