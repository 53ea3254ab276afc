import { createHash } from 'node:crypto';
import type { ActivityImportOutcome } from '@trailbuddy/shared/contracts/ability-import';
import type { Activity } from '@trailbuddy/shared/contracts/enums';
import type { DbOrTx } from '../db/client.js';
import { recordFigures } from './figures-store.js';
import { parseActivityFile, UnreadableActivityFile, type ParsedActivity } from './parse-activity-file.js';
import { activityFigures } from './track-figures.js';

/** An uploaded file after reading: its samples and fingerprint, or why it cannot count. */
export type ReadActivityFile = { name: string; parsed: ParsedActivity; sourceKey: string } | { name: string; rejected: string };

/**
 * Reads one uploaded file. The caller drops the buffer afterwards; what is kept is samples
 * without positions and the file's SHA-256, which recognises the same file sent again.
 */
export async function readActivityFile(name: string, buffer: Buffer): Promise<ReadActivityFile> {
  try {
    const parsed = await parseActivityFile(buffer);
    return { name, parsed, sourceKey: `file:${createHash('sha256').update(buffer).digest('hex')}` };
  } catch (err) {
    if (err instanceof UnreadableActivityFile) return { name, rejected: err.message };
    throw err;
  }
}

/**
 * Keeps the figures of each readable file and says per file what happened. `fallback` is the
 * activity the member chose for files that do not name theirs. Each file is one insert, so
 * a file counts whole or not at all.
 */
export async function recordActivityFiles(
  db: DbOrTx,
  userId: string,
  files: readonly ReadActivityFile[],
  fallback: Activity | null,
): Promise<ActivityImportOutcome[]> {
  const outcomes: ActivityImportOutcome[] = [];
  for (const file of files) {
    const rejected = (reason: string) => outcomes.push({ file: file.name, status: 'rejected', activity: null, reason });
    if ('rejected' in file) {
      rejected(file.rejected);
      continue;
    }
    const activity = file.parsed.activity ?? fallback;
    if (!activity) {
      rejected('The file does not say whether it is a hike, a run or a ride: choose the activity and send it again.');
      continue;
    }
    const figures = activityFigures(activity, file.parsed.startedAt, file.parsed.samples);
    if (figures.distanceMeters <= 0) {
      rejected('The track does not move: it has no distance.');
      continue;
    }
    outcomes.push({ file: file.name, status: await recordFigures(db, userId, 'file', file.sourceKey, figures), activity, reason: null });
  }
  return outcomes;
}
