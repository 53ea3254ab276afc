import { and, eq, ne, sql } from 'drizzle-orm';
import { hikeConflictMessage } from '@trailbuddy/shared/domain/hikes';
import type { Db, DbOrTx } from '../db/client.js';
import { hikeBookings, hikeRequests, matches, profiles, trails, users } from '../db/schema/index.js';
import { retryTransient } from '../db/transient.js';
import { AppError } from '../errors.js';
import { formatMailDateTime } from '../mail/format.js';
import { notify } from '../notifications/notify.js';
import type { MatchRow } from './match-presenter.js';

/**
 * One hike at a time (ADR 0054). Migration 0028's triggers book every person a match concerns
 * in hike_bookings, and two exclusion constraints refuse a person two overlapping hikes of
 * different slots, or two confirmed ones; this module turns that refusal into words, checks the
 * same rule where nothing is written yet (an invitation books its invitee only on accept), and
 * ends a person's other plans when a hike is confirmed for them.
 */

const ONE_HIKE_CONSTRAINTS = new Set(['hike_bookings_one_slot_at_a_time', 'hike_bookings_one_hike_at_a_time']);

interface PgError {
  code?: string;
  constraint?: string;
  detail?: string;
}

/** The database's exclusion violation of a one-hike constraint, wherever it is in the cause chain. */
function oneHikeViolation(err: unknown): PgError | null {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const pg = e as PgError;
    if (pg.code === '23P01' && pg.constraint && ONE_HIKE_CONSTRAINTS.has(pg.constraint)) return pg;
  }
  return null;
}

export interface Clash {
  userId: string;
  matchId: string;
  trailName: string;
  startTime: Date;
}

/** The hike of `userId` that overlaps `period` (confirmed first), other than `exceptMatchId`. */
async function clashOf(
  db: DbOrTx,
  userId: string,
  period: { start: Date; end: Date } | string,
  opts: { exceptMatchId?: string; confirmedOnly?: boolean } = {},
): Promise<Clash | null> {
  const range =
    typeof period === 'string'
      ? sql`${period}::tstzrange`
      : sql`tstzrange(${period.start.toISOString()}::timestamptz, ${period.end.toISOString()}::timestamptz)`;
  const [row] = await db
    .select({ matchId: hikeBookings.matchId, trailName: trails.name, startTime: matches.startTime, confirmed: hikeBookings.confirmed })
    .from(hikeBookings)
    .innerJoin(matches, eq(matches.id, hikeBookings.matchId))
    .innerJoin(trails, eq(trails.id, matches.trailId))
    .where(
      and(
        eq(hikeBookings.userId, userId),
        eq(hikeBookings.active, true),
        sql`${hikeBookings.period} && ${range}`,
        opts.exceptMatchId ? ne(hikeBookings.matchId, opts.exceptMatchId) : undefined,
        opts.confirmedOnly ? eq(hikeBookings.confirmed, true) : undefined,
      ),
    )
    .orderBy(sql`${hikeBookings.confirmed} DESC`, matches.startTime)
    .limit(1);
  return row ? { userId, matchId: row.matchId, trailName: row.trailName, startTime: row.startTime } : null;
}

async function nameOf(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ name: sql<string>`coalesce(${profiles.fullName}, ${users.name})` })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row?.name ?? 'Someone';
}

/** The 409 that names the hike in the way: in full to its own person, by its time to anyone else. */
export async function hikeConflict(db: DbOrTx, clash: Clash, viewerId: string, timeZone: string): Promise<AppError> {
  const conflict = { trailName: clash.trailName, startTime: formatMailDateTime(clash.startTime, timeZone) };
  const self = clash.userId === viewerId;
  const message = hikeConflictMessage(conflict, self ? { self: true } : { self: false, name: await nameOf(db, clash.userId) });
  return new AppError(409, 'hike-conflict', message, undefined, self ? { matchId: clash.matchId } : undefined);
}

/**
 * Refuses with a 409 when `userId` is already confirmed on a hike overlapping `period`: the check
 * for what books nobody yet (an invitation's invitee) and for the same slot, which the slot
 * constraint lets through until a second hike would be confirmed.
 */
export async function assertNotBooked(
  db: DbOrTx,
  userId: string,
  period: { start: Date; end: Date },
  ctx: { userId: string; timeZone: string },
  exceptMatchId?: string,
): Promise<void> {
  const clash = await clashOf(db, userId, period, { exceptMatchId, confirmedOnly: true });
  if (clash) throw await hikeConflict(db, clash, ctx.userId, ctx.timeZone);
}

/**
 * Runs a state change (one whole transaction), again when PostgreSQL aborted it as a deadlock
 * victim (retryTransient); when the database refuses it under the one-hike rule, answers with the
 * 409 naming the hike in the way. The period is read from the constraint's report (the row it
 * tried to write), then the person's bookings are read again after the rollback.
 */
export async function oneHikeAtATime<T>(db: Db, ctx: { userId: string; timeZone: string }, work: () => Promise<T>): Promise<T> {
  try {
    // Two confirmations that each end the same person's other plans can deadlock: run again (ADR 0065).
    return await retryTransient(work);
  } catch (err) {
    const violation = oneHikeViolation(err);
    // "Key (user_id, period, slot)=(<id>, [\"<start>\",\"<end>\"), <slot>) conflicts with existing key …"
    const key = violation?.detail?.match(/^Key \(user_id, period(?:, slot)?\)=\(([^,]+), (\[[^)\]]*[)\]])/);
    if (!key) throw err;
    const clash = await clashOf(db, key[1]!, key[2]!);
    if (!clash) throw err;
    throw await hikeConflict(db, clash, ctx.userId, ctx.timeZone);
  }
}

/**
 * A hike is confirmed for `userId` (accepted, or joined): their other searches, requests and
 * invitations at overlapping times end, and whoever else was in each is told. Runs before the
 * confirming write, in its transaction, so the constraints see one plan per person.
 */
export async function endOtherPlans(tx: DbOrTx, userId: string, hike: MatchRow, now: Date, announce: (m: MatchRow) => Promise<void>) {
  const overlapping = sql`tstzrange(${matches.startTime}, ${matches.endTime}) && tstzrange(${hike.startTime.toISOString()}::timestamptz, ${hike.endTime.toISOString()}::timestamptz)`;
  const ended = await tx
    .update(matches)
    .set({ status: 'cancelled', cancelReason: 'superseded', cancelledBy: userId, cancelledAt: now })
    .where(
      and(
        ne(matches.id, hike.id),
        sql`${matches.status} IN ('searching', 'pending')`,
        sql`${matches.participants} @> ARRAY[${userId}]::text[]`,
        overlapping,
      ),
    )
    .returning();
  for (const m of ended) {
    await announce(m);
    for (const other of m.participants.filter((id) => id !== userId)) {
      await notify(tx, { recipientId: other, kind: 'request-ended', matchId: m.id, actorId: userId, now });
    }
  }
  // Their own requests to join other hikes at that time end too (nobody else is waiting on them).
  await tx
    .update(hikeRequests)
    .set({ status: 'closed', decidedAt: now })
    .where(
      and(
        eq(hikeRequests.userId, userId),
        eq(hikeRequests.status, 'pending'),
        ne(hikeRequests.matchId, hike.id),
        sql`${hikeRequests.matchId} IN (SELECT ${matches.id} FROM ${matches} WHERE ${overlapping})`,
      ),
    );
  return ended;
}
