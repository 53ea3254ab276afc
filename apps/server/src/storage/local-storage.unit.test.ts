import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { createStorage } from './index.js';
import { createLocalStorage } from './local-storage.js';
import { validateKey, type FileStorage } from './storage.js';

let parent: string;
let root: string;
let storage: FileStorage;

beforeEach(async () => {
  // The root sits inside its own temp folder so that an escape would land somewhere we can see.
  parent = await mkdtemp(path.join(os.tmpdir(), 'trailbuddy-storage-'));
  root = path.join(parent, 'root');
  storage = createLocalStorage(root);
});

afterEach(async () => {
  await rm(parent, { recursive: true, force: true });
});

describe('local storage', () => {
  it('round-trips bytes and content type, creating folders as needed', async () => {
    const body = Buffer.from([0, 1, 2, 255, 254]);
    await storage.put('profilePictures/u1/profile_u1_1.jpg', body, 'image/jpeg');

    const got = await storage.get('profilePictures/u1/profile_u1_1.jpg');
    expect(got).not.toBeNull();
    expect(got?.body.equals(body)).toBe(true);
    expect(got?.contentType).toBe('image/jpeg');
  });

  it('returns the stored content type, not one guessed from the extension', async () => {
    await storage.put('notes.jpg', Buffer.from('plain'), 'text/plain');
    expect((await storage.get('notes.jpg'))?.contentType).toBe('text/plain');
  });

  it('replaces an existing object and leaves no temporary files behind', async () => {
    await storage.put('a/b.jpg', Buffer.from('first'), 'image/jpeg');
    await storage.put('a/b.jpg', Buffer.from('second'), 'image/png');

    const got = await storage.get('a/b.jpg');
    expect(got?.body.toString()).toBe('second');
    expect(got?.contentType).toBe('image/png');
    expect(await readdir(path.join(root, 'tmp'))).toEqual([]);
  });

  it('returns null for a missing key, and for a key that is only a folder prefix', async () => {
    expect(await storage.get('nothing/here.jpg')).toBeNull();
    await storage.put('folder/file.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await storage.get('folder')).toBeNull();
    expect(await storage.get('folder/file.jpg/deeper')).toBeNull();
  });

  it('deletes, and deleting a missing key succeeds', async () => {
    await storage.put('trailImages/t-x.jpg', Buffer.from('x'), 'image/jpeg');
    await storage.delete('trailImages/t-x.jpg');
    expect(await storage.get('trailImages/t-x.jpg')).toBeNull();
    await expect(storage.delete('trailImages/t-x.jpg')).resolves.toBeUndefined();
    await expect(storage.delete('never/existed.jpg')).resolves.toBeUndefined();
  });

  it('lists the keys under a folder, nested ones too, and nothing of a folder whose name only starts the same', async () => {
    for (const key of ['profilePictures/u1/a.jpg', 'profilePictures/u1/b.jpg', 'profilePictures/u1/old/c.jpg', 'profilePictures/u10/d.jpg'])
      await storage.put(key, Buffer.from(key), 'image/jpeg');
    expect(await storage.list('profilePictures/u1/')).toEqual([
      'profilePictures/u1/a.jpg',
      'profilePictures/u1/b.jpg',
      'profilePictures/u1/old/c.jpg',
    ]);
    await storage.delete('profilePictures/u1/a.jpg');
    expect(await storage.list('profilePictures/u1/')).toEqual(['profilePictures/u1/b.jpg', 'profilePictures/u1/old/c.jpg']);
    expect(await storage.list('profilePictures/nobody/')).toEqual([]);
    await expect(storage.list('profilePictures/u1')).rejects.toMatchObject({ status: 400 });
    await expect(storage.list('../')).rejects.toMatchObject({ status: 400 });
  });

  it('refuses traversal keys with a 400 and writes nothing outside its root', async () => {
    for (const key of ['../escape.txt', 'a/../../escape.txt', '/tmp/escape.txt']) {
      const err = await storage.put(key, Buffer.from('x'), 'text/plain').catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ status: 400, code: 'invalid-argument' });
    }
    await expect(storage.get('../escape.txt')).rejects.toMatchObject({ status: 400 });
    await expect(storage.delete('../escape.txt')).rejects.toMatchObject({ status: 400 });
    expect(existsSync(path.join(parent, 'escape.txt'))).toBe(false);
    expect(existsSync(root)).toBe(false);
  });

  it('is what createStorage returns without S3 settings', async () => {
    const viaFactory = createStorage({ storageDir: root });
    await viaFactory.put('mapImages/x-y.jpg', Buffer.from('map'), 'image/jpeg');
    expect(await readFile(path.join(root, 'objects', 'mapImages', 'x-y.jpg'), 'utf8')).toBe('map');
  });
});

describe('validateKey', () => {
  it.each([
    ['empty', ''],
    ['absolute', '/etc/passwd'],
    ['drive letter', 'C:/Windows/win.ini'],
    ['parent segment', '../x'],
    ['nested parent segment', 'a/../../x'],
    ['trailing parent segment', 'a/..'],
    ['backslash', 'a\\..\\b'],
    ['NUL', 'a\0b'],
    ['empty segment', 'a//b'],
    ['dot segment', './a'],
    ['trailing slash', 'a/'],
    ['part too long for a file name', `a/${'y'.repeat(256)}`],
    ['too long for S3', Array.from({ length: 11 }, () => 'z'.repeat(100)).join('/')],
  ])('rejects %s', (_label, key) => {
    expect(() => validateKey(key)).toThrow(AppError);
    try {
      validateKey(key);
    } catch (err) {
      expect(err).toMatchObject({ status: 400, code: 'invalid-argument' });
    }
  });

  it.each(['profilePictures/abc/profile_abc_1700000000000.jpg', 'trailImages/serra-a..b.jpg', 'x'])('accepts %s', (key) => {
    expect(() => validateKey(key)).not.toThrow();
  });
});
