import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { emergencyContacts, matches, tripParticipations } from '../db/schema/index.js';
import { enqueueMail } from '../mail/queue.js';
import { notify } from '../notifications/notify.js';
import { tripCardOf, tripCardParams } from './trip-card.js';
import type { TripSettings } from './trip-plan.js';
import { tripPageToken } from './tokens.js';

export interface OverdueSettings extends TripSettings {
  /** How long after the expected return a shared trip without check-out alerts the contact (TRIP_OVERDUE_AFTER_MIN). */
  graceMs: number;
}

/**
 * Alerts the confirmed contact of every participant who shared a confirmed hike and has not
 * checked out `graceMs` after its expected return, with the trip card and the last check-in, and
 * tells the participant (notify, kind `trip-overdue`). One UPDATE … RETURNING claims the due rows
 * by setting `overdue_alerted_at`, so of any number of runs on any number of instances each trip
 * alerts once (a concurrent UPDATE waits for the row lock and re-checks the IS NULL), and the
 * mails and notifications commit with the claim or not at all.
 */
export async function alertOverdueTrips(db: Db, now: Date, settings: OverdueSettings): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(tripParticipations)
      .set({ overdueAlertedAt: now })
      .where(
        and(
          isNotNull(tripParticipations.sharedAt),
          isNull(tripParticipations.checkedOutAt),
          isNull(tripParticipations.overdueAlertedAt),
          sql`EXISTS (SELECT 1 FROM ${matches} WHERE ${matches.id} = ${tripParticipations.matchId}
                AND ${matches.status} = 'confirmed' AND ${matches.endTime} <= ${new Date(now.getTime() - settings.graceMs)})`,
        ),
      )
      .returning();
    const time = new Intl.DateTimeFormat('en-GB', { timeZone: settings.timeZone, dateStyle: 'medium', timeStyle: 'short' });
    let alerted = 0;
    for (const p of due) {
      const [m] = await tx.select().from(matches).where(eq(matches.id, p.matchId));
      const [contact] = await tx
        .select()
        .from(emergencyContacts)
        .where(and(eq(emergencyContacts.userId, p.userId), isNotNull(emergencyContacts.confirmedAt)));
      // A contact removed or changed (so unconfirmed) since the share is not written to.
      if (!m || !contact) continue;
      const { token } = tripPageToken(settings.tokenKey, { matchId: p.matchId, userId: p.userId, sharedAt: p.sharedAt! });
      const card = await tripCardOf(tx, m, p.userId, settings);
      await enqueueMail(tx, {
        template: 'trip-overdue',
        to: contact.email,
        params: {
          to_name: contact.name,
          ...tripCardParams(card, token, settings.appUrl),
          last_check_in: p.checkedInAt ? time.format(p.checkedInAt) : 'they did not check in',
        },
        idempotencyKey: `trip-overdue:${p.matchId}:${p.userId}`,
      });
      await notify(tx, { recipientId: p.userId, kind: 'trip-overdue', matchId: p.matchId, now, params: { contactName: contact.name } });
      alerted++;
    }
    return alerted;
  });
}
