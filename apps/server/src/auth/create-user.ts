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

type NewUser = Pick<typeof users.$inferInsert, 'id' | 'name' | 'email' | 'emailVerified' | 'image' | 'createdAt' | 'updatedAt'> & {
  tenantId: string | null;
  tenantEmail?: string | null;
  phoneNumber?: string;
  phoneNumberVerified?: boolean;
};

/** How the user came (Better Auth's `validateUserInfo` source: `phone-number`, `magic-link`, `oauth`, `sso-saml`). */
type ProvisioningSource = Parameters<AuthContext['internalAdapter']['createUser']>[1];

/** What of Better Auth's context the creator needs (`auth.$context` gives it). */
export type UserCreatorContext = Pick<AuthContext, 'options' | 'internalAdapter'>;

/**
 * The one place our code creates a user (phone, federated, a tenant's e-mail link, the demo seed;
 * Better Auth's own sign-ups, guests and the e-mail link create theirs themselves): through its
 * internal adapter, so its user hooks (the admin plugin's role, ours) see every user. Our flows
 * create users inside transactions holding advisory locks (a number, a provider subject), so the
 * adapter runs on that transaction (`runWithAdapter`): the user is written, or rolled back, with
 * the rest of the flow's changes.
 */
export async function createUser(auth: UserCreatorContext, tx: DbOrTx, user: NewUser, source: ProvisioningSource): Promise<void> {
  const adapter = drizzleAdapter(tx, { provider: 'pg', schema: AUTH_TABLES })(auth.options);
  await runWithAdapter(adapter, () => auth.internalAdapter.createUser(user, source));
}
