import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { invalidField } from './errors.js';

/**
 * Keyset cursors (ADR 0022): the sort key of the last row of a page, as base64url JSON. Opaque to
 * clients, which send back what they were given; anything else is a 400 naming `cursor`, never a
 * database error.
 */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export function decodeCursor<T>(cursor: string, shape: z.ZodType<T>): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  const key = shape.safeParse(parsed);
  if (!key.success) throw invalidField('cursor', 'Cursor is not one this list gave out; start again from the first page.');
  return key.data;
}

/** A timestamp as whole microseconds since the epoch: exact, unlike a JavaScript Date's milliseconds. */
export const microsOf = (timestamp: SQL): SQL => sql`(extract(epoch from ${timestamp}) * 1000000)::bigint`;

/** The timestamp `microsOf` gave, back (integer arithmetic on the interval: no rounding). */
export const fromMicros = (micros: number): SQL => sql`(timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond')`;
