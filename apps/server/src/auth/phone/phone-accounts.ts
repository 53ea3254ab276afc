import { randomUUID } from 'node:crypto';
import type { AuthContext } from 'better-auth';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { conflict } from '../../errors.js';
import { createUser } from '../create-user.js';
import { phoneAccountEmail } from '../placeholder-emails.js';
import { mergeConflict, upgradeAnonymousUser } from '../guests/guest-merge.js';
import { identityError } from '../errors.js';
import { lockPhoneNumber, PHONE_PROVIDER } from './phone-numbers.js';
import { accountOwner, addAccount, inTenant } from '../users.js';

/** The account of the tenant (null: the default accounts) that signs in with this number (a `phone` account row), if any. */
export const phoneAccountOwner = (db: DbOrTx, phoneNumber: string, tenantId: string | null) =>
  accountOwner(db, PHONE_PROVIDER, phoneNumber, tenantId);

export interface PhoneSignIn {
  phoneNumber: string;
  /** The tenant signed in to (ADR 0009); null: the default accounts. A number has one account per tenant. */
  tenantId: string | null;
  /** The signed-in guest, when there is one: the number is linked to it (checklist §5.9). */
  guestUserId: string | null;
  signUpDisabled: boolean;
  now: Date;
}

type Resolution = { userId: string } | { conflictWith: string };

/**
 * The account a verified number signs in to: its owner; else, for a guest, the guest itself with
 * the number linked (same uid, so its data stays); else a new account. A guest proving a number
 * that belongs to another account gets `merge-conflict` with a merge token (POST /api/auth/identity/merge).
 * New accounts and guest upgrades are refused with `admin-restricted-operation` when sign-up is disabled.
 */
export async function resolvePhoneAccount(db: Db, auth: AuthContext, input: PhoneSignIn): Promise<string> {
  const { phoneNumber, guestUserId, tenantId } = input;
  const resolution = await db.transaction(async (tx): Promise<Resolution> => {
    await lockPhoneNumber(tx, phoneNumber);
    const owner = await phoneAccountOwner(tx, phoneNumber, tenantId);
    if (owner && owner === guestUserId) return { userId: owner };
    if (owner && guestUserId) return { conflictWith: owner };
    if (owner) return { userId: owner };

    // A number on an account without the phone provider cannot sign in to it, nor be taken.
    const [holder] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.phoneNumber, phoneNumber), inTenant(users.tenantId, tenantId)))
      .limit(1);
    if (holder && holder.id !== guestUserId) throw identityError('credential-already-in-use', { field: 'phoneNumber' });
    if (input.signUpDisabled) throw identityError('admin-restricted-operation');

    const userId = guestUserId ?? randomUUID();
    if (guestUserId) {
      if (!(await upgradeAnonymousUser(tx, guestUserId, { phoneNumber, tenantId }))) {
        throw conflict('The guest account changed while signing in. Try again.', 'aborted');
      }
    } else {
      await createUser(
        auth,
        tx,
        {
          id: userId,
          name: '',
          email: phoneAccountEmail(userId),
          tenantId,
          phoneNumber,
          phoneNumberVerified: true,
          createdAt: input.now,
          updatedAt: input.now,
        },
        { method: 'phone-number' },
      );
    }
    await linkPhoneAccount(tx, userId, phoneNumber, input.now);
    return { userId };
  });
  if ('userId' in resolution) return resolution.userId;
  throw await mergeConflict(
    db,
    { anonymousUserId: guestUserId!, existingUserId: resolution.conflictWith, providerId: PHONE_PROVIDER, phoneNumber },
    input.now,
  );
}

/** Does a tenant's account hold this number? Better Auth's phone plugin looks numbers up without tenants. */
export async function numberHeldInATenant(db: Db, phoneNumber: string): Promise<boolean> {
  return (await db.$count(users, and(eq(users.phoneNumber, phoneNumber), isNotNull(users.tenantId)))) > 0;
}

/**
 * Gives an account the phone plugin signed in or created its `phone` sign-in method (the account
 * row the widget lists as a provider), once.
 */
export async function linkPhoneAccount(db: DbOrTx, userId: string, phoneNumber: string, now: Date): Promise<void> {
  await addAccount(db, { userId, providerId: PHONE_PROVIDER, accountId: phoneNumber }, now).onConflictDoNothing();
}
