import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createImageVariants, variantFormatFor, variantKey, withVariantCleanup } from './image-variants.js';
import { createStorage } from './index.js';
import { createLocalStorage } from './local-storage.js';
import type { FileStorage } from './storage.js';

let root: string;
let storage: FileStorage;
const KEY = 'trailImages/ridge-1-view.jpg';

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'trailbuddy-variants-'));
  storage = createLocalStorage(root);
  const jpeg = await sharp({ create: { width: 1000, height: 500, channels: 3, background: '#264653' } })
    .jpeg()
    .toBuffer();
  await storage.put(KEY, jpeg, 'image/jpeg');
});
afterEach(async () => rm(root, { recursive: true, force: true }));

describe('image variants', () => {
  it('makes a narrower JPEG once, even when asked for it many times at once', async () => {
    let puts = 0;
    const counting: FileStorage = { ...storage, put: async (...args) => (puts++, storage.put(...args)) };
    const variants = createImageVariants(counting);
    const results = await Promise.all(Array.from({ length: 5 }, () => variants.get(KEY, 480)));
    expect(puts).toBe(1);
    for (const result of results) expect(result?.contentType).toBe('image/jpeg');
    expect(await sharp(results[0]!.body).metadata()).toMatchObject({ width: 480, height: 240, format: 'jpeg' });
    expect((await storage.get(variantKey(KEY, 480)))?.body.equals(results[0]!.body)).toBe(true);
  });

  it('has nothing for a missing image, a non-image or a variant', async () => {
    const variants = createImageVariants(storage);
    await storage.put('trailImages/notes.txt', Buffer.from('hello'), 'text/plain');
    expect(await variants.get('trailImages/missing.jpg', 480)).toBeNull();
    expect(await variants.get('trailImages/notes.txt', 480)).toBeNull();
    await variants.get(KEY, 800);
    expect(await variants.get(variantKey(KEY, 800), 480)).toBeNull();
  });

  it('deletes the variants with their image when storage comes from createStorage', async () => {
    const managed = createStorage({ storageDir: root });
    await createImageVariants(managed).get(KEY, 480);
    await createImageVariants(managed).get(KEY, 1200, 'webp');
    expect(await storage.get(variantKey(KEY, 1200, 'webp'))).not.toBeNull();
    await managed.delete(KEY);
    expect(await storage.get(KEY)).toBeNull();
    expect(await storage.get(variantKey(KEY, 480))).toBeNull();
    expect(await storage.get(variantKey(KEY, 1200, 'webp'))).toBeNull();
  });

  it('cleans up nothing else: deleting a key without variants, or a variant itself, just deletes it', async () => {
    const managed = withVariantCleanup(storage);
    await createImageVariants(storage).get(KEY, 480);
    await managed.delete(variantKey(KEY, 480));
    expect(await storage.get(variantKey(KEY, 480))).toBeNull();
    expect(await storage.get(KEY)).not.toBeNull();
    await expect(managed.delete('trailImages/never-stored.jpg')).resolves.toBeUndefined();
  });
});

describe('variantFormatFor', () => {
  it.each([
    ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'webp'],
    ['image/webp', 'webp'],
    ['IMAGE/WEBP;q=0.9', 'webp'],
    ['image/*,*/*;q=0.8', 'jpeg'],
    ['image/webpx', 'jpeg'],
    [undefined, 'jpeg'],
  ])('%s → %s', (accept, format) => {
    expect(variantFormatFor(accept)).toBe(format);
  });
});
