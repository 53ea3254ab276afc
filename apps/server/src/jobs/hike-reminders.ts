import { and, eq, gt, isNull, lte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { matches, trails } from '../db/schema/index.js';
import { formatMailDateTime } from '../mail/format.js';
import { notify } from '../notifications/notify.js';
import { joinNames } from '@trailbuddy/shared/domain/hikes';
import { othersOn, partnerOf } from '../matches/match-presenter.js';
import { publicProfilesById } from '../profiles/person.js';

/** The reminder goes out the day before: once the start is this close. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;
/**
 * A hike confirmed at the last minute gets no "tomorrow" reminder when it starts this soon: the two
 * just agreed on it, and a reminder would be noise (ADR 0027).
 */
export const REMINDER_MIN_LEAD_MS = 2 * 60 * 60 * 1000;

/**
 * Sends the day-before reminder of every confirmed hike now due (starting within 24 hours, and
 * not within the next 2), to everyone on it, through notify() so every channel and the
 * person's preferences apply. One UPDATE … RETURNING claims the due matches by setting
 * `reminded_at`: of any number of runs on any number of instances, each match is claimed once
 * (a concurrent UPDATE waits for the row and re-checks `reminded_at IS NULL`), and the
 * notifications commit with the claim or not at all.
 */
export async function remindHikes(db: Db, now: Date, timeZone: string): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .update(matches)
      .set({ remindedAt: now })
      .where(
        and(
          eq(matches.status, 'confirmed'),
          isNull(matches.remindedAt),
          gt(matches.startTime, new Date(now.getTime() + REMINDER_MIN_LEAD_MS)),
          lte(matches.startTime, new Date(now.getTime() + REMINDER_LEAD_MS)),
        ),
      )
      .returning();
    if (due.length === 0) return 0;
    // No viewer filter: a confirmed pair is never a blocked one (a block cancels their matches).
    const people = await publicProfilesById(tx, [...new Set(due.flatMap((m) => m.participants))], null);
    for (const m of due) {
      const [trail] = await tx.select({ location: trails.location }).from(trails).where(eq(trails.id, m.trailId));
      for (const recipientId of m.participants) {
        const buddyId = partnerOf(m, recipientId);
        const buddyImage = buddyId ? people.get(buddyId)?.image : undefined;
        // One reminder per person naming everyone else on the hike (ADR 0054).
        const withNames = joinNames(othersOn(m, recipientId).flatMap((id) => people.get(id)?.name ?? []));
        await notify(tx, {
          recipientId,
          kind: 'hike-reminder',
          matchId: m.id,
          actorId: buddyId,
          now,
          params: {
            startTime: formatMailDateTime(m.startTime, timeZone),
            // The pair's exact meeting point when they set one (ADR 0033), else the trailhead.
            ...(m.meetingPoint || trail?.location ? { meetingPoint: m.meetingPoint ?? trail!.location } : {}),
            ...(buddyImage ? { buddyImage } : {}),
            ...(withNames ? { withNames } : {}),
          },
        });
      }
    }
    return due.length;
  });
}
