import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { PASSWORD_MIN } from '@trailbuddy/shared/contracts/enums';
import type { Auth } from '../auth/auth.js';
import type { Db } from '../db/client.js';
import { accounts, users } from '../db/schema/index.js';
import { findAccountByEmail, isUniqueViolation, normalizeEmail, sendVerificationMail } from './email-common.js';
import type { EmailIdentitySettings } from './email-settings.js';
import { identityError } from './errors.js';
import { assertSignUpAllowed, checkDisplayName } from './sign-up-controls.js';
import { accountProviderId, emailColumns, PASSWORD_PROVIDER } from './users.js';

export interface EmailContext {
  db: Db;
  auth: Auth;
  settings: EmailIdentitySettings;
  now: Date;
  /** The signed-in guest of this tenant, when there is one: the upgradable user of checklist §5.9. */
  guestId: string | null;
  /** The tenant the request acts in (ADR 0009); null: the default accounts. */
  tenantId: string | null;
  appUrl: string;
}

const CREDENTIAL = accountProviderId(PASSWORD_PROVIDER);

/**
 * Password sign-up (checklist §5.4): a new account, or the signed-in guest upgraded in place
 * (same id, so its favourites stay). The password is hashed by Better Auth, so the modal accepts
 * it too, and the modal's verification mail is queued.
 */
export async function passwordSignUp(ctx: EmailContext, input: { email: string; password: string; displayName?: string }): Promise<string> {
  const { db, settings } = ctx;
  const email = normalizeEmail(input.email);
  if (input.password.length < PASSWORD_MIN) throw identityError('weak-password', { field: 'password' });
  const name = checkDisplayName(settings, PASSWORD_PROVIDER, input.displayName);
  assertSignUpAllowed(settings);
  if (await findAccountByEmail(db, email, ctx.tenantId)) throw identityError('email-already-in-use', { field: 'email' });

  const hash = await (await ctx.auth.$context).password.hash(input.password);
  const userId = ctx.guestId ?? randomUUID();
  try {
    await db.transaction(async (tx) => {
      if (ctx.guestId) {
        const upgraded = await tx
          .update(users)
          .set({
            isAnonymous: false,
            ...emailColumns(ctx.tenantId, userId, email),
            emailVerified: false,
            ...(name !== undefined && { name }),
            updatedAt: new Date(),
          })
          .where(and(eq(users.id, userId), eq(users.isAnonymous, true)))
          .returning({ id: users.id });
        // Another request upgraded this guest first.
        if (upgraded.length === 0) throw identityError('credential-already-in-use');
      } else {
        await tx.insert(users).values({
          id: userId,
          ...emailColumns(ctx.tenantId, userId, email),
          tenantId: ctx.tenantId,
          name: name ?? '',
          emailVerified: false,
        });
      }
      await tx.insert(accounts).values({ id: randomUUID(), userId, providerId: CREDENTIAL, accountId: userId, password: hash });
    });
  } catch (err) {
    // The same e-mail signed up by a concurrent request.
    if (isUniqueViolation(err)) throw identityError('email-already-in-use', { field: 'email' });
    throw err;
  }
  // Better Auth's verification mail, to a tenant account's real address too (auth/account-actions.ts).
  await sendVerificationMail(ctx.auth, userId);
  return userId;
}
