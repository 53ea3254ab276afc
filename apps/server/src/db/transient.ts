import { setTimeout as sleep } from 'node:timers/promises';
import { PLANS_CHANGED_AT_ONCE_MESSAGE } from '@trailbuddy/shared/domain/hikes';
import { conflict } from '../errors.js';

/**
 * PostgreSQL aborts a transaction with 40P01 to break a deadlock and with 40001 when it cannot
 * serialize it. Neither says the work was wrong, only that it met another at the wrong moment:
 * two accepts that each end the same person's other plans lock the same rows in opposite orders
 * (ADR 0065). Run again, the work sees the other's commit and answers from it.
 */
const TRANSIENT_CODES = new Set(['40P01', '40001']);

/** Attempts in all: the first and two retries. */
export const TRANSIENT_ATTEMPTS = 3;

/** Whether `err`, or an error it wraps (drizzle wraps the driver's), is a deadlock or serialization failure. */
export function isTransientConflict(err: unknown): boolean {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (TRANSIENT_CODES.has((e as { code?: unknown }).code as string)) return true;
  }
  return false;
}

/**
 * Runs `work` (one whole transaction: it must have no effect outside it) and runs it again when
 * PostgreSQL aborted it as a deadlock or serialization victim; after `attempts`, a 409 in words
 * instead of a 500. The short random pause keeps the two from meeting the same way again.
 */
export async function retryTransient<T>(work: () => Promise<T>, attempts = TRANSIENT_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (!isTransientConflict(err)) throw err;
      if (attempt >= attempts) throw conflict(PLANS_CHANGED_AT_ONCE_MESSAGE, 'aborted');
      await sleep(5 + Math.random() * 25 * attempt);
    }
  }
}
