import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../storage/local-storage.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const KEY = 'trailImages/sintra-loop-1700000000000-view.jpg';
const SMALL_KEY = 'trailImages/tiny-1700000000000-view.jpg';

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#2a9d8f' } })
    .jpeg({ quality: 90 })
    .toBuffer();

beforeAll(async () => {
  t = await createTestApp();
  const storage = createLocalStorage(t.storageDir);
  await storage.put(KEY, await jpeg(1200, 800), 'image/jpeg');
  await storage.put(SMALL_KEY, await jpeg(300, 200), 'image/jpeg');
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/files/*', () => {
  it('serves a stored image as it was stored, cached for a year', async () => {
    const res = await get(`/api/files/${KEY}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1200);
  });

  it.each([480, 800, 1200])('serves a JPEG copy %i px wide for ?w=<that width>, cached for a year', async (width) => {
    const res = await get(`/api/files/${KEY}?w=${width}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width, height: Math.round((width * 800) / 1200) });
  });

  it('sends WebP to browsers that accept it, JPEG to everyone else, and says the answer varies by Accept', async () => {
    const chrome = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
    const webp = await t.app.inject({ method: 'GET', url: `/api/files/${KEY}?w=800`, headers: { accept: chrome } });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toBe('accept');
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800 });
    const jpeg = await t.app.inject({ method: 'GET', url: `/api/files/${KEY}?w=800`, headers: { accept: 'image/png,image/*' } });
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers.vary).toBe('accept');
    expect(existsSync(join(t.storageDir, 'objects', 'variants', 'w800-webp', KEY))).toBe(true);
    // The original is one representation whatever is accepted.
    const original = await t.app.inject({ method: 'GET', url: `/api/files/${KEY}`, headers: { accept: chrome } });
    expect(original.headers['content-type']).toBe('image/jpeg');
    expect(original.headers.vary).toBeUndefined();
  });

  it('makes each copy once and keeps it in storage', async () => {
    const first = await get(`/api/files/${KEY}?w=480`);
    expect(existsSync(join(t.storageDir, 'objects', 'variants', 'w480', KEY))).toBe(true);
    const second = await get(`/api/files/${KEY}?w=480`);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // A narrower copy is much smaller than the original.
    const original = await get(`/api/files/${KEY}`);
    expect(first.rawPayload.length).toBeLessThan(original.rawPayload.length);
  });

  it('never enlarges an image narrower than the width asked for', async () => {
    const res = await get(`/api/files/${SMALL_KEY}?w=800`);
    expect(res.statusCode).toBe(200);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(300);
  });

  it('answers 404 for an unknown file, with or without a width, and stores nothing for it', async () => {
    for (const url of ['/api/files/trailImages/missing.jpg', '/api/files/trailImages/missing.jpg?w=480']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code, url).toBe('not-found');
    }
    expect(existsSync(join(t.storageDir, 'objects', 'variants', 'w480', 'trailImages', 'missing.jpg'))).toBe(false);
  });

  it('refuses a copy of a copy, so nested keys cannot fill the storage', async () => {
    await get(`/api/files/${KEY}?w=800`);
    const res = await get(`/api/files/variants/w800/${KEY}?w=480`);
    expect(res.statusCode).toBe(404);
    expect(existsSync(join(t.storageDir, 'objects', 'variants', 'w480', 'variants'))).toBe(false);
  });

  it('refuses a width it does not make, naming the parameter', async () => {
    const res = await get(`/api/files/${KEY}?w=500`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('w');
  });

  it('refuses keys that could escape the storage', async () => {
    expect((await get('/api/files/trailImages/../../etc/passwd?w=480')).statusCode).toBeGreaterThanOrEqual(400);
  });
});
