import { and, eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import {
  attemptCounters,
  liveEvents,
  oneTimeRecords,
  outgoingMessages,
  phoneCodeSends,
  smsDevInbox,
  verifications,
} from '../db/schema/index.js';

/** The account being deleted, as it was read (locked) at the start of the deletion. */
export interface ErasedAccount {
  id: string;
  email: string;
  phoneNumber: string | null;
}

/** Erases what one table holds about the person, in the deletion's transaction. */
export type AccountEraser = (tx: DbOrTx, account: ErasedAccount) => Promise<void>;

/**
 * Personal data that does NOT go away with the `users` row by itself (ADR 0034). A table keyed by
 * the person's id needs no entry here: give its column `references(() => users.id, { onDelete:
 * 'cascade' })` and deleting the row erases it. Add an eraser only for data found by something
 * else (an address, a phone number, a list of ids), or for rows that stay for the others and must
 * lose the person's identity (services in this folder handle matches, messages and feedback).
 */
export const PERSONAL_DATA_ERASERS: readonly AccountEraser[] = [
  // Pending tokens, Better Auth's (verification, reset and magic links) and our plugins' (an e-mail
  // link, a pending credential, a merge): keyed by the address, or naming the id or address inside.
  async (tx, account) => {
    const names = (text: AnyColumn | SQL) =>
      or(sql`strpos(${text}, ${account.id}) > 0`, sql`strpos(lower(${text}), lower(${account.email})) > 0`);
    await tx.delete(verifications).where(or(names(verifications.value), sql`lower(${verifications.identifier}) = lower(${account.email})`));
    await tx.delete(oneTimeRecords).where(names(sql`${oneTimeRecords.value}::text`));
  },
  // Attempt counters keyed by the person (re-authentication, exports) or their address.
  async (tx, account) => {
    await tx
      .delete(attemptCounters)
      .where(
        or(sql`strpos(${attemptCounters.key}, ${account.id}) > 0`, sql`strpos(lower(${attemptCounters.key}), lower(${account.email})) > 0`),
      );
  },
  // The development SMS inbox and the count of codes texted hold the number.
  async (tx, account) => {
    if (!account.phoneNumber) return;
    await tx.delete(smsDevInbox).where(eq(smsDevInbox.toPhone, account.phoneNumber));
    await tx.delete(phoneCodeSends).where(eq(phoneCodeSends.phoneNumber, account.phoneNumber));
  },
  // Mail and SMS keyed by the person (`welcome:<id>` …): what is still queued is not sent, and the
  // ledger forgets them. The job key is the ledger's (jobs/outgoing-messages.ts).
  async (tx, account) => {
    const gone = await tx
      .delete(outgoingMessages)
      .where(sql`strpos(${outgoingMessages.idempotencyKey}, ${account.id}) > 0`)
      .returning();
    for (const row of gone.filter((r) => r.status === 'queued')) {
      await tx.execute(sql`SELECT graphile_worker.remove_job(${`${row.channel}:${row.idempotencyKey}`}::text)`);
    }
  },
  // Live events name their audience by id and carry what happened (a message, its sender): those
  // about the person go (a reconnecting partner's replay misses them; their lists reload anyway),
  // and the person leaves every other audience.
  async (tx, account) => {
    await tx.delete(liveEvents).where(sql`strpos(${liveEvents.payload}::text, ${account.id}) > 0`);
    await tx
      .update(liveEvents)
      .set({ audience: sql`array_remove(${liveEvents.audience}, ${account.id})` })
      .where(sql`${liveEvents.audience} @> ARRAY[${account.id}]::text[]`);
    await tx.delete(liveEvents).where(and(sql`${liveEvents.audience} IS NOT NULL`, sql`cardinality(${liveEvents.audience}) = 0`));
  },
];
