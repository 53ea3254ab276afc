import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { validateKey, validatePrefix, type FileStorage } from './storage.js';

const FALLBACK_CONTENT_TYPE = 'application/octet-stream';

/**
 * Layout under rootDir:
 *   objects/<key>  the bytes, exactly as given;
 *   types/<key>    the content type as text, in a parallel tree so that no key can collide
 *                  with another key's metadata (a sidecar like `<key>.type` could);
 *   tmp/           files being written, renamed into place when complete.
 * The content type is stored rather than derived from the extension so that `get` returns what
 * `put` was told, as S3 does. The type is written before the bytes and removed after them, so a
 * visible object always has its type; a crash in between leaves only an unused type file.
 */
export function createLocalStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);
  const objectsDir = path.join(root, 'objects');
  const typesDir = path.join(root, 'types');
  const tmpDir = path.join(root, 'tmp');

  const pathIn = (dir: string, key: string) => {
    validateKey(key);
    const full = path.resolve(dir, key);
    // validateKey already rules out escapes; this guards against a future change to it.
    if (!full.startsWith(dir + path.sep)) throw new Error(`Storage key escapes its root: ${key}`);
    return full;
  };

  return {
    async put(key, body, contentType) {
      const objectPath = pathIn(objectsDir, key);
      await writeAtomically(tmpDir, pathIn(typesDir, key), Buffer.from(contentType, 'utf8'));
      await writeAtomically(tmpDir, objectPath, body);
    },

    async get(key) {
      const body = await readIfExists(pathIn(objectsDir, key));
      if (!body) return null;
      const type = await readIfExists(pathIn(typesDir, key));
      return { body, contentType: type?.toString('utf8') || FALLBACK_CONTENT_TYPE };
    },

    async delete(key) {
      await unlinkIfExists(pathIn(objectsDir, key));
      await unlinkIfExists(pathIn(typesDir, key));
    },

    async list(prefix) {
      validatePrefix(prefix);
      const folder = pathIn(objectsDir, prefix.slice(0, -1));
      let entries;
      try {
        entries = await readdir(folder, { recursive: true, withFileTypes: true });
      } catch (err) {
        if (isMissing(err)) return [];
        throw err;
      }
      return entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(objectsDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .sort();
    },
  };
}

/**
 * Readers must never see a half-written file, and a crash must not leave one behind under the
 * real name: write and fsync a temporary file, then rename it over the target (atomic on one
 * filesystem, which tmp/ shares with the targets because both sit under rootDir).
 */
async function writeAtomically(tmpDir: string, target: string, data: Buffer): Promise<void> {
  await mkdir(tmpDir, { recursive: true });
  await mkdir(path.dirname(target), { recursive: true });
  const tmp = path.join(tmpDir, `${randomUUID()}.tmp`);
  try {
    const file = await open(tmp, 'wx');
    try {
      await file.writeFile(data);
      await file.sync();
    } finally {
      await file.close();
    }
    await rename(tmp, target);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

/** "Missing" includes a key naming a directory or passing through a file, as S3 has no such things. */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);

const isMissing = (err: unknown) => err instanceof Error && 'code' in err && typeof err.code === 'string' && MISSING.has(err.code);

async function readIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
}

async function unlinkIfExists(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (err) {
    if (!isMissing(err)) throw err;
  }
}
