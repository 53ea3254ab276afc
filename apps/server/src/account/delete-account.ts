import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { ACCOUNT_CLOSED_NOTE, ERASED_MESSAGE_BODY, FORMER_MEMBER } from '@trailbuddy/shared/contracts/account';
import type { Db, DbOrTx } from '../db/client.js';
import { matches, matchFeedback, messages, notifications, users } from '../db/schema/index.js';
import { addJob, TASKS } from '../jobs/queue.js';
import { notify } from '../notifications/notify.js';
import { partnerOf, type MatchRow } from '../matches/match-presenter.js';
import { announce, giveSearchBack } from '../matches/matches.js';
import { storageKeys } from '../storage/images.js';
import { PERSONAL_DATA_ERASERS, type ErasedAccount } from './erasers.js';

/** The match states a deletion cancels: everything that has not happened yet. */
const OPEN_STATUSES = ['searching', 'pending', 'confirmed', 'active'] as const;

/** Keys that `notify()` wrote into other people's notifications with the person's words or face. */
const PERSONAL_NOTIFICATION_PARAMS = ['preview', 'buddyImage'];

export interface AccountDeletion {
  /** False when there was no such account any more: a second request changes nothing. */
  deleted: boolean;
  /** Partners told that an open plan is off. */
  partnersNotified: number;
}

/**
 * The storage folder of every picture the person ever stored (ADR 0038): the current one and
 * every one it replaced, which nothing in the database points at any more. Null for an id that
 * cannot have one (uploads refuse ids with other characters).
 */
function ownPictureFolder(userId: string): string | null {
  try {
    return storageKeys.profilePictures(userId);
  } catch {
    return null;
  }
}

/** The job that removes the person's files once the deletion has committed (jobs/tasks.ts). */
export const eraseFilesJobKey = (userId: string) => `erase-account-files:${userId}`;

/** Cancels the person's open plans; each partner is told, in neutral words, and gets their search back. */
async function cancelOpenMatches(tx: DbOrTx, userId: string, now: Date): Promise<number> {
  const cancelled = await tx
    .update(matches)
    .set({ status: 'cancelled', cancelReason: 'user_cancelled', cancelledBy: userId, cancelledAt: now, cancelNote: ACCOUNT_CLOSED_NOTE })
    .where(
      and(
        or(sql`${matches.participants} @> ARRAY[${userId}]::text[]`, eq(matches.id1, userId)),
        inArray(matches.status, [...OPEN_STATUSES]),
      ),
    )
    .returning();
  let notified = 0;
  for (const m of cancelled) {
    const partner = partnerOf(m, userId);
    // A request the person sent to someone's search: that search is theirs again.
    if (m.id1 !== userId) await giveSearchBack(tx, m, now);
    await announce(tx, m);
    if (!partner) continue;
    await notify(tx, {
      recipientId: partner,
      kind: 'match-cancelled',
      matchId: m.id,
      actorId: FORMER_MEMBER.id,
      now,
      params: { reason: ACCOUNT_CLOSED_NOTE },
    });
    notified++;
  }
  return notified;
}

/**
 * What stays for the others loses the person's identity: in every match with a partner, the
 * person's place (creator, partner, requester, canceller) goes to "Former member"; their messages
 * in those threads keep their place but not their words; the feedback they gave keeps its
 * structured answers (the partner's reliability rests on them) without the comment; notifications
 * others got about them name "Former member". Matches without a partner (searches, own events)
 * go with the person.
 */
async function anonymiseWhatStays(tx: DbOrTx, userId: string, kept: MatchRow['id'][]) {
  const former = FORMER_MEMBER.id;
  const swap = (column: typeof matches.id1 | typeof matches.id2 | typeof matches.requestedBy | typeof matches.cancelledBy) =>
    sql`CASE WHEN ${column} = ${userId} THEN ${former} ELSE ${column} END`;
  if (kept.length > 0) {
    await tx
      .update(matches)
      .set({
        id1: swap(matches.id1),
        id2: swap(matches.id2),
        requestedBy: swap(matches.requestedBy),
        cancelledBy: swap(matches.cancelledBy),
        participants: sql`array_replace(${matches.participants}, ${userId}, ${former})`,
      })
      .where(inArray(matches.id, kept));
    await tx
      .update(messages)
      .set({ senderId: former, body: ERASED_MESSAGE_BODY })
      .where(and(eq(messages.senderId, userId), inArray(messages.matchId, kept)));
    await tx
      .update(matchFeedback)
      .set({ userId: former, comment: null })
      .where(and(eq(matchFeedback.userId, userId), inArray(matchFeedback.matchId, kept)));
  }
  await tx
    .update(notifications)
    .set({
      actorId: former,
      params: sql`(${notifications.params} - ${sql.raw(`'{${PERSONAL_NOTIFICATION_PARAMS.join(',')}}'::text[]`)}) || jsonb_build_object('actorName', ${FORMER_MEMBER.name}::text)`,
    })
    .where(eq(notifications.actorId, userId));
}

/**
 * Deletes an account (ADR 0034) in one transaction: the open plans are cancelled and the partners
 * notified, what stays for the others is anonymised, the erasers run, and deleting the `users`
 * row cascades to everything keyed by the person (profile, sessions, accounts, push
 * subscriptions, calendar feeds, notifications, preferences, favourites, second factors …).
 * The picture files (every one the person stored, not only the current) go after commit, by a
 * job: storage is not transactional, and the job is idempotent (deleting a missing key succeeds). The row is locked first, so two concurrent
 * requests run one after the other and the second finds nothing to do.
 */
export async function deleteAccount(db: Db, userId: string, now: Date): Promise<AccountDeletion> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user || user.id === FORMER_MEMBER.id) return { deleted: false, partnersNotified: 0 };

    const partnersNotified = await cancelOpenMatches(tx, userId, now);
    const kept = await tx
      .select({ id: matches.id })
      .from(matches)
      .where(and(or(sql`${matches.participants} @> ARRAY[${userId}]::text[]`, eq(matches.id1, userId)), sql`${matches.id2} IS NOT NULL`));
    await anonymiseWhatStays(
      tx,
      userId,
      kept.map((m) => m.id),
    );
    const account: ErasedAccount = { id: user.id, email: user.email, phoneNumber: user.phoneNumber };
    for (const erase of PERSONAL_DATA_ERASERS) await erase(tx, account);

    const folder = ownPictureFolder(userId);
    if (folder) await addJob(tx, TASKS.eraseAccountFiles, { folders: [folder] }, { jobKey: eraseFilesJobKey(userId), maxAttempts: 10 });
    await tx.delete(users).where(eq(users.id, userId));
    return { deleted: true, partnersNotified };
  });
}
