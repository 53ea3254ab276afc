import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { matches, tripParticipations } from '../db/schema/index.js';
import { hashLinkToken } from './tokens.js';
import { tripCardOf, type TripCard } from './trip-card.js';

export interface TripPage {
  card: TripCard;
  /** Whether the sharer checked in / out, and when they last did, formatted for the reader. */
  checkedInAt: string | null;
  checkedOutAt: string | null;
  cancelled: boolean;
}

/** The read-only trip page behind a token: null for an unknown, retired or expired one (the same answer for each). */
export async function tripPageByToken(
  db: DbOrTx,
  token: string,
  opts: { appUrl: string; timeZone: string; now: Date },
): Promise<TripPage | null> {
  const [row] = await db
    .select({ p: tripParticipations, m: matches })
    .from(tripParticipations)
    .innerJoin(matches, eq(matches.id, tripParticipations.matchId))
    .where(and(eq(tripParticipations.shareTokenHash, hashLinkToken(token)), gt(tripParticipations.shareExpiresAt, opts.now)));
  if (!row) return null;
  const at = new Intl.DateTimeFormat('en-GB', { timeZone: opts.timeZone, dateStyle: 'medium', timeStyle: 'short' });
  return {
    card: await tripCardOf(db, row.m, row.p.userId, opts),
    checkedInAt: row.p.checkedInAt ? at.format(row.p.checkedInAt) : null,
    checkedOutAt: row.p.checkedOutAt ? at.format(row.p.checkedOutAt) : null,
    cancelled: row.m.status === 'cancelled',
  };
}
