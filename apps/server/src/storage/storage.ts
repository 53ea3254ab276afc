import { AppError } from '../errors.js';

export interface StoredObject {
  body: Buffer;
  contentType: string;
}

/**
 * Where uploaded files live. Two backends implement it (local disk, S3-compatible) so the rest
 * of the server never knows which one is configured. Keys are `/`-separated relative paths such
 * as `profilePictures/{uid}/profile_{uid}_{timestamp}.jpg`.
 */
export interface FileStorage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** null when the key does not exist. */
  get(key: string): Promise<StoredObject | null>;
  /** Succeeds when the key does not exist: deleting is idempotent, as on S3. */
  delete(key: string): Promise<void>;
  /**
   * Every stored key under a folder (`prefix` ends with `/`), sorted: what an account deletion
   * needs to find the files a person stored and nothing points at any more (ADR 0038).
   */
  list(prefix: string): Promise<string[]>;
}

const MAX_KEY_BYTES = 1024;

/** A folder of keys: a valid key followed by `/`, so a listing never reaches past one folder's name. */
export function validatePrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw invalidKey(prefix, 'a folder must end with "/"');
  validateKey(prefix.slice(0, -1));
}
const MAX_SEGMENT_BYTES = 255;

const invalidKey = (key: string, why: string) =>
  new AppError(400, 'invalid-argument', `Invalid storage key ${JSON.stringify(key)}: ${why}.`);

/**
 * Keys become file paths on local disk, so anything that could escape the storage root or mean
 * different things on different platforms is refused here, before either backend sees it. Both
 * backends apply the same rules so that a key valid on one is valid on the other.
 */
export function validateKey(key: string): void {
  if (key.length === 0) throw invalidKey(key, 'it is empty');
  if (key.includes('\0')) throw invalidKey(key, 'it contains a NUL character');
  if (key.includes('\\')) throw invalidKey(key, 'it contains a backslash');
  // A drive letter would make the key absolute on Windows even without a leading slash.
  if (key.startsWith('/') || /^[A-Za-z]:/.test(key)) throw invalidKey(key, 'it is an absolute path');
  // S3 takes keys of up to 1024 bytes and file systems names of up to 255: a longer key can
  // name nothing stored, on either backend.
  if (Buffer.byteLength(key) > MAX_KEY_BYTES) throw invalidKey(key.slice(0, 40), `it is longer than ${MAX_KEY_BYTES} bytes`);
  for (const segment of key.split('/')) {
    if (Buffer.byteLength(segment) > MAX_SEGMENT_BYTES)
      throw invalidKey(key.slice(0, 40), `a part is longer than ${MAX_SEGMENT_BYTES} bytes`);
    if (segment === '..') throw invalidKey(key, 'it contains a ".." segment');
    // `a//b`, `a/./b` and a trailing slash would alias other keys on disk but not on S3.
    if (segment === '' || segment === '.') throw invalidKey(key, 'it contains an empty or "." segment');
  }
}
