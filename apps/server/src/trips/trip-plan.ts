import { and, eq, sql } from 'drizzle-orm';
import {
  CHECK_IN_OPENS_BEFORE_START_MS,
  CHECK_OUT_CLOSES_AFTER_END_MS,
  TRIP_PAGE_TTL_AFTER_END_MS,
  checkInOpen,
  checkOutOpen,
  type TripPlan,
} from '@trailbuddy/shared/contracts/trip';
import type { Db, DbOrTx } from '../db/client.js';
import { emergencyContacts, matches, tripParticipations } from '../db/schema/index.js';
import { conflict, notFound } from '../errors.js';
import { enqueueMail } from '../mail/queue.js';
import type { MatchRow } from '../matches/match-presenter.js';
import { announce } from '../matches/matches.js';
import { AGREED, tripCardOf, tripCardParams } from './trip-card.js';
import { tripPageToken } from './tokens.js';

export interface TripSettings {
  appUrl: string;
  timeZone: string;
  /** tokens.ts `tripTokenKey`. */
  tokenKey: Buffer;
}

type Participation = typeof tripParticipations.$inferSelect;

/** A match of mine, locked when asked: 404 for anyone else's, so a stranger learns nothing of it. */
async function myMatch(db: DbOrTx, userId: string, matchId: string, lock = false): Promise<MatchRow> {
  const q = db.select().from(matches).where(eq(matches.id, matchId));
  const [m] = lock ? await q.for('update') : await q;
  if (!m || !m.participants.includes(userId)) throw notFound('Match');
  return m;
}

async function participations(db: DbOrTx, matchId: string): Promise<Participation[]> {
  return db.select().from(tripParticipations).where(eq(tripParticipations.matchId, matchId));
}

async function contactConfirmed(db: DbOrTx, userId: string): Promise<boolean> {
  const [c] = await db.select({ at: emergencyContacts.confirmedAt }).from(emergencyContacts).where(eq(emergencyContacts.userId, userId));
  return Boolean(c?.at);
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

async function present(db: DbOrTx, m: MatchRow, userId: string): Promise<TripPlan> {
  const rows = await participations(db, m.id);
  const mine = rows.find((p) => p.userId === userId);
  const theirs = rows.find((p) => p.userId !== userId);
  return {
    matchId: m.id,
    meetingPoint: AGREED.has(m.status) ? m.meetingPoint : null,
    sharedAt: iso(mine?.sharedAt),
    checkedInAt: iso(mine?.checkedInAt),
    checkedOutAt: iso(mine?.checkedOutAt),
    buddyCheckedIn: Boolean(theirs?.checkedInAt),
    buddyCheckedOut: Boolean(theirs?.checkedOutAt),
    contactConfirmed: await contactConfirmed(db, userId),
    checkInOpensAt: new Date(m.startTime.getTime() - CHECK_IN_OPENS_BEFORE_START_MS).toISOString(),
    checkOutClosesAt: new Date(m.endTime.getTime() + CHECK_OUT_CLOSES_AFTER_END_MS).toISOString(),
    status: m.status,
  };
}

/** My side of a match's trip plan (and the meeting point once agreed). */
export async function getTripPlan(db: DbOrTx, userId: string, matchId: string): Promise<TripPlan> {
  return present(db, await myMatch(db, userId, matchId), userId);
}

/** Sets or clears the meeting point: a participant of a confirmed match, or the creator of their own custom event. */
export async function setMeetingPoint(db: Db, userId: string, matchId: string, meetingPoint: string | null, now: Date): Promise<TripPlan> {
  return db.transaction(async (tx) => {
    const m = await myMatch(tx, userId, matchId, true);
    const open = m.status === 'confirmed' || (m.status === 'active' && m.createdManually && m.id1 === userId);
    if (!open) throw conflict('The meeting point is set on a confirmed hike (or your own custom event).', 'failed-precondition');
    if (m.endTime <= now) throw conflict('This hike has ended.', 'failed-precondition');
    const [updated] = await tx.update(matches).set({ meetingPoint }).where(eq(matches.id, matchId)).returning();
    await announce(tx, updated!);
    return present(tx, updated!, userId);
  });
}

/** The participant's row, made on first use. */
async function participation(tx: DbOrTx, matchId: string, userId: string): Promise<Participation> {
  await tx.insert(tripParticipations).values({ matchId, userId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(tripParticipations)
    .where(and(eq(tripParticipations.matchId, matchId), eq(tripParticipations.userId, userId)));
  return row!;
}

function requireConfirmed(m: MatchRow) {
  if (m.status !== 'confirmed') throw conflict(`This match is ${m.status}; the trip plan is for confirmed hikes.`, 'failed-precondition');
}

/**
 * "Share my trip": mails my confirmed contact the trip card with a link to the read-only trip
 * page, which expires a day after the expected return. Sharing again sends a fresh link and
 * retires the previous one.
 */
export async function shareTrip(db: Db, userId: string, matchId: string, settings: TripSettings, now: Date): Promise<TripPlan> {
  return db.transaction(async (tx) => {
    const m = await myMatch(tx, userId, matchId, true);
    requireConfirmed(m);
    if (m.endTime <= now) throw conflict('This hike has ended.', 'failed-precondition');
    const [contact] = await tx.select().from(emergencyContacts).where(eq(emergencyContacts.userId, userId));
    if (!contact?.confirmedAt) {
      throw conflict('Add an emergency contact in your profile, and wait until they confirm, to share a trip.', 'failed-precondition');
    }
    await participation(tx, matchId, userId);
    const { token, hash } = tripPageToken(settings.tokenKey, { matchId, userId, sharedAt: now });
    await tx
      .update(tripParticipations)
      .set({ sharedAt: now, shareTokenHash: hash, shareExpiresAt: new Date(m.endTime.getTime() + TRIP_PAGE_TTL_AFTER_END_MS) })
      .where(and(eq(tripParticipations.matchId, matchId), eq(tripParticipations.userId, userId)));
    const card = await tripCardOf(tx, m, userId, settings);
    await enqueueMail(tx, {
      template: 'trip-card',
      to: contact.email,
      params: { to_name: contact.name, ...tripCardParams(card, token, settings.appUrl) },
      idempotencyKey: `trip-card:${hash}`,
    });
    return present(tx, m, userId);
  });
}

export async function checkIn(db: Db, userId: string, matchId: string, now: Date): Promise<TripPlan> {
  return db.transaction(async (tx) => {
    const m = await myMatch(tx, userId, matchId, true);
    requireConfirmed(m);
    if (!checkInOpen(m, now))
      throw conflict('Check-in opens an hour before the start and closes at the end of the session.', 'failed-precondition');
    const p = await participation(tx, matchId, userId);
    if (p.checkedInAt) throw conflict('You already checked in.', 'already-exists');
    await tx
      .update(tripParticipations)
      .set({ checkedInAt: now })
      .where(and(eq(tripParticipations.matchId, matchId), eq(tripParticipations.userId, userId)));
    await announce(tx, m);
    return present(tx, m, userId);
  });
}

/** Checks me out; the second check-out completes the match (as both feedbacks do). */
export async function checkOut(db: Db, userId: string, matchId: string, now: Date): Promise<TripPlan> {
  return db.transaction(async (tx) => {
    const m = await myMatch(tx, userId, matchId, true);
    requireConfirmed(m);
    const p = await participation(tx, matchId, userId);
    if (!p.checkedInAt) throw conflict('Check in before you check out.', 'failed-precondition');
    if (p.checkedOutAt) throw conflict('You already checked out.', 'already-exists');
    if (!checkOutOpen(m, now)) throw conflict('Check-out closed a day after the expected return.', 'failed-precondition');
    await tx
      .update(tripParticipations)
      .set({ checkedOutAt: now })
      .where(and(eq(tripParticipations.matchId, matchId), eq(tripParticipations.userId, userId)));
    const [{ out } = { out: 0 }] = await tx
      .select({ out: sql<number>`count(*)::int` })
      .from(tripParticipations)
      .where(and(eq(tripParticipations.matchId, matchId), sql`${tripParticipations.checkedOutAt} IS NOT NULL`));
    const done = out >= m.participants.length;
    const [current] = done ? await tx.update(matches).set({ status: 'completed' }).where(eq(matches.id, matchId)).returning() : [m];
    await announce(tx, current!);
    return present(tx, current!, userId);
  });
}
