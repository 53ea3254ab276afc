import type { Task } from 'graphile-worker';
import { z } from 'zod';
import type { JobLog } from '../jobs/log.js';
import { variantPrefixes } from '../storage/image-variants.js';
import type { FileStorage } from '../storage/storage.js';

const picture = z.string().startsWith('profilePictures/');
/** `keys`: single pictures, as jobs queued before ADR 0038 name them; `folders`: a person's whole picture folder. */
const payloadSchema = z.object({
  keys: z.array(picture).max(100).default([]),
  folders: z.array(picture.endsWith('/')).max(10).default([]),
});

/**
 * Removes a deleted account's pictures (ADR 0034, ADR 0038), after the deletion committed: every
 * file in the person's folder, the current picture and every earlier one, with their resized
 * variants (the app's storage removes a picture's variants with it; the variant folders are
 * listed too, for variants of a picture removed some other way). Idempotent: deleting a missing key
 * succeeds and a listing finds what is left, so a retry after a partial run finishes the rest.
 */
export function eraseAccountFilesTask({ storage, log }: { storage: FileStorage; log: JobLog }): Task {
  return async (payload) => {
    const { keys, folders } = payloadSchema.parse(payload);
    const found = [...keys];
    for (const folder of folders) {
      for (const listed of await Promise.all([folder, ...variantPrefixes(folder)].map((prefix) => storage.list(prefix))))
        found.push(...listed);
    }
    for (const key of found) await storage.delete(key);
    log.info({ files: found.length }, 'erased the files of a deleted account');
  };
}
