import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { matchFeedback, matches, notifications } from '../db/schema/index.js';
import { partnerOf } from '../matches/match-presenter.js';
import { notify } from './notify.js';

/**
 * A hike that ended longer ago than this gets no prompt: after a long downtime, or on a database
 * that predates notifications, old hikes are not dug up.
 */
export const FEEDBACK_PROMPT_WINDOW_MS = 7 * 24 * 60 * 60_000;

/**
 * The feedback prompt after a hike (product §4): once a confirmed match's session has ended, each
 * participant who has not answered yet is asked, once. "Once" is the prompt's own row: a
 * participant who already has one for the match is skipped, so every run (the schedule's queue
 * runs them one at a time) only adds what is missing. Returns the number of prompts created.
 */
export async function promptFeedback(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .select({ id: matches.id, id1: matches.id1, id2: matches.id2, participants: matches.participants })
      .from(matches)
      .where(
        and(
          eq(matches.status, 'confirmed'),
          lte(matches.endTime, now),
          gt(matches.endTime, new Date(now.getTime() - FEEDBACK_PROMPT_WINDOW_MS)),
        ),
      );
    let created = 0;
    for (const m of ended) {
      for (const userId of m.participants) {
        const [done] = await tx
          .select({ one: sql`1` })
          .from(notifications)
          .where(and(eq(notifications.matchId, m.id), eq(notifications.recipientId, userId), eq(notifications.kind, 'feedback-prompt')))
          .union(
            tx
              .select({ one: sql`1` })
              .from(matchFeedback)
              .where(and(eq(matchFeedback.matchId, m.id), eq(matchFeedback.userId, userId))),
          )
          .limit(1);
        if (done) continue;
        await notify(tx, { recipientId: userId, kind: 'feedback-prompt', matchId: m.id, actorId: partnerOf(m, userId), now });
        created += 1;
      }
    }
    return created;
  });
}
