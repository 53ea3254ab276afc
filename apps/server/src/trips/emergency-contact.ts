import { and, eq, isNull } from 'drizzle-orm';
import {
  contactConfirmPath,
  EMERGENCY_CONTACT_INVITES_PER_DAY,
  EMERGENCY_CONTACT_INVITES_WINDOW_MS,
  emergencyContactInvitesExhausted,
  type EmergencyContact,
  type EmergencyContactInput,
} from '@trailbuddy/shared/contracts/trip';
import { consumeRateLimit } from '../auth/attempt-limits.js';
import type { Db, DbOrTx } from '../db/client.js';
import { lockInTransaction } from '../db/locks.js';
import { emergencyContacts, profiles, tripParticipations, users } from '../db/schema/index.js';
import { tooManyRequests } from '../errors.js';
import { enqueueMail } from '../mail/queue.js';
import { hashLinkToken, newLinkToken } from './tokens.js';

type ContactRow = typeof emergencyContacts.$inferSelect;
const present = (row: ContactRow | undefined): EmergencyContact | null =>
  row ? { name: row.name, email: row.email, confirmed: row.confirmedAt !== null } : null;

/** My emergency contact, for me alone (the route passes the session's id, never a parameter). */
export async function getEmergencyContact(db: DbOrTx, userId: string): Promise<EmergencyContact | null> {
  const [row] = await db.select().from(emergencyContacts).where(eq(emergencyContacts.userId, userId));
  return present(row);
}

/** The owner's name as the contact knows them: the profile's full name, else the account's. */
export async function displayNameOf(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ fullName: profiles.fullName, name: users.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row?.fullName?.trim() || row?.name || 'A TrailBuddy member';
}

/**
 * Ends every trip link the contact held (issue 22): a replaced or removed contact must not keep
 * reading trips shared with them. The shares are forgotten too, so the overdue alert (which
 * rebuilds the link from the share) never mails a link to the next contact, who was never sent
 * the trip; the member shares again for them.
 */
async function endTripLinksOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx
    .update(tripParticipations)
    .set({ sharedAt: null, shareTokenHash: null, shareExpiresAt: null })
    .where(eq(tripParticipations.userId, userId));
}

/** Counts one invitation to a new address; past the daily allowance, a 429 naming the field. */
async function countInvitation(tx: DbOrTx, userId: string, now: Date): Promise<void> {
  const rule = { max: EMERGENCY_CONTACT_INVITES_PER_DAY, windowMs: EMERGENCY_CONTACT_INVITES_WINDOW_MS };
  if (!(await consumeRateLimit(tx, `emergency-contact-invite:${userId}`, rule, now))) {
    throw tooManyRequests('email', emergencyContactInvitesExhausted);
  }
}

/**
 * Sets my contact. A new address (or a first contact) gets a fresh token and the confirmation
 * mail, in the same transaction, and loses any earlier confirmation and every trip link the
 * previous contact held; a name change alone keeps them. New addresses are counted per account and
 * day (one upsert under the row lock, so racing requests cannot pass the allowance). The
 * idempotency key names the token, so each new request mails once.
 */
export async function setEmergencyContact(
  db: Db,
  userId: string,
  input: EmergencyContactInput,
  opts: { appUrl: string; now: Date },
): Promise<EmergencyContact> {
  return db.transaction(async (tx) => {
    // A person's contact changes one request at a time: with no contact yet there is no row for
    // FOR UPDATE to lock, and racing first invitations would otherwise meet at the insert.
    await lockInTransaction(tx, 'emergency-contact', userId);
    const [current] = await tx.select().from(emergencyContacts).where(eq(emergencyContacts.userId, userId)).for('update');
    const sameAddress = current !== undefined && current.email.toLowerCase() === input.email.toLowerCase();
    if (sameAddress) {
      const [row] = await tx
        .update(emergencyContacts)
        .set({ name: input.name, updatedAt: opts.now })
        .where(eq(emergencyContacts.userId, userId))
        .returning();
      return present(row)!;
    }
    await countInvitation(tx, userId, opts.now);
    if (current) await endTripLinksOf(tx, userId);
    const { token, hash } = newLinkToken();
    const values = { name: input.name, email: input.email, confirmedAt: null, confirmTokenHash: hash, updatedAt: opts.now };
    const [row] = await tx
      .insert(emergencyContacts)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: emergencyContacts.userId, set: values })
      .returning();
    await enqueueMail(tx, {
      template: 'emergency-contact-confirm',
      to: input.email,
      params: {
        to_name: input.name,
        owner_name: await displayNameOf(tx, userId),
        link: new URL(contactConfirmPath(token), opts.appUrl).href,
      },
      idempotencyKey: `emergency-contact:${hash}`,
    });
    return present(row)!;
  });
}

/** Removes my contact, and with it every trip link and the confirmation link it held. */
export async function removeEmergencyContact(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(emergencyContacts).where(eq(emergencyContacts.userId, userId));
    await endTripLinksOf(tx, userId);
  });
}

/** Who asks, for the confirmation page: null for an unknown or superseded token. */
export async function contactByToken(db: DbOrTx, token: string): Promise<{ ownerName: string; confirmed: boolean } | null> {
  const [row] = await db
    .select()
    .from(emergencyContacts)
    .where(eq(emergencyContacts.confirmTokenHash, hashLinkToken(token)));
  return row ? { ownerName: await displayNameOf(db, row.userId), confirmed: row.confirmedAt !== null } : null;
}

/** The contact agrees. Idempotent: a second press of the same link confirms nothing new. */
export async function confirmEmergencyContact(db: DbOrTx, token: string, now: Date): Promise<{ ownerName: string } | null> {
  const hash = hashLinkToken(token);
  await db
    .update(emergencyContacts)
    .set({ confirmedAt: now })
    .where(and(eq(emergencyContacts.confirmTokenHash, hash), isNull(emergencyContacts.confirmedAt)));
  const found = await contactByToken(db, token);
  return found ? { ownerName: found.ownerName } : null;
}
