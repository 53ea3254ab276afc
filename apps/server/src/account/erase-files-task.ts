import type { Task } from 'graphile-worker';
import { z } from 'zod';
import type { JobLog } from '../jobs/log.js';
import type { FileStorage } from '../storage/storage.js';

const payloadSchema = z.object({ keys: z.array(z.string().startsWith('profilePictures/')).max(100) });

/**
 * Removes a deleted account's pictures (ADR 0034), after the deletion committed. Idempotent:
 * deleting a missing key succeeds, so a retry after a partial run finishes the rest. The storage
 * given is the app's, which also removes each picture's resized variants.
 */
export function eraseAccountFilesTask({ storage, log }: { storage: FileStorage; log: JobLog }): Task {
  return async (payload) => {
    const { keys } = payloadSchema.parse(payload);
    for (const key of keys) await storage.delete(key);
    log.info({ files: keys.length }, 'erased the files of a deleted account');
  };
}
