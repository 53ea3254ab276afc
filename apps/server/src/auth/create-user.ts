import type { AuthContext } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { runWithAdapter } from '@better-auth/core/context';
import type { DbOrTx } from '../db/client.js';
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from '../db/schema/index.js';

/** Our tables under Better Auth's model names: its adapter in auth.ts and the creator below share them. */
export const AUTH_TABLES = {
  user: users,
  session: sessions,
  account: accounts,
  verification: verifications,
  rateLimit: rateLimits,
  twoFactor: twoFactors,
};

/** A user row; the tenant is always named (null: the default accounts, ADR 0009). */
type NewUser = typeof users.$inferInsert & { tenantId: string | null };

/** How the user came (Better Auth's `validateUserInfo` source: `phone-number`, `magic-link`, `oauth`, `sso-saml`). */
type ProvisioningSource = Parameters<AuthContext['internalAdapter']['createUser']>[1];

/** What of Better Auth's context the creator needs (`auth.$context` gives it). */
export type UserCreatorContext = Pick<AuthContext, 'options' | 'internalAdapter'>;

/**
 * The one place our code creates a user (ADR 0061), through Better Auth's internal adapter so its
 * user hooks see every user, run on the caller's transaction (`runWithAdapter`) to commit or roll back with it.
 */
export async function createUser(auth: UserCreatorContext, tx: DbOrTx, user: NewUser, source: ProvisioningSource): Promise<void> {
  const adapter = drizzleAdapter(tx, { provider: 'pg', schema: AUTH_TABLES })(auth.options);
  await runWithAdapter(adapter, () => auth.internalAdapter.createUser(user, source));
}
