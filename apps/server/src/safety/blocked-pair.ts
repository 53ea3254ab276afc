import type { AppError } from '../errors.js';

/** The SQLSTATE the migration's triggers raise for a match or a message between a blocked pair. */
export const BLOCKED_PAIR_SQLSTATE = 'TBBLK';

/** Whether an error (or one it wraps) is the database refusing a blocked pair. */
export function isBlockedPairError(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === BLOCKED_PAIR_SQLSTATE) return true;
  }
  return false;
}

/**
 * Runs `work`, answering a blocked pair exactly as the caller answers an unavailable person
 * (ADR 0032): the blocked person must not learn that they were blocked.
 */
export async function asIfUnavailable<T>(work: () => Promise<T>, unavailable: () => AppError): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isBlockedPairError(err)) throw unavailable();
    throw err;
  }
}
