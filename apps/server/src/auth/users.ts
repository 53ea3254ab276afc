import { randomUUID } from 'node:crypto';
import type { IdentityUser } from '@trailbuddy/shared/contracts/identity';
import { and, eq, isNull, type Column, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { accounts, users } from '../db/schema/index.js';
import { isPlaceholderEmail, tenantPlaceholderEmail } from './placeholder-emails.js';

/**
 * Provider ids as the sign-in widget knows them (checklist §1.9). Better Auth names the password
 * account `credential`; every other account row already stores the widget's id (`emailLink`,
 * `phone`, `google.com`, `oidc.<name>`, `saml.<name>` …).
 */
export const PASSWORD_PROVIDER = 'password';
const BETTER_AUTH_PASSWORD_PROVIDER = 'credential';

export const widgetProviderId = (accountProviderId: string) =>
  accountProviderId === BETTER_AUTH_PASSWORD_PROVIDER ? PASSWORD_PROVIDER : accountProviderId;

/**
 * The `users` columns that hold an account's e-mail (lower case) in its tenant: a tenant account's
 * real address in `tenant_email`, a placeholder in `users.email` (ADR 0009).
 */
export function emailColumns(tenantId: string | null, userId: string, email: string): { email: string; tenantEmail?: string } {
  return tenantId ? { email: tenantPlaceholderEmail(userId), tenantEmail: email } : { email };
}

/** `column` is the tenant: null matches the default accounts only. */
export const inTenant = (column: Column, tenantId: string | null): SQL => (tenantId === null ? isNull(column) : eq(column, tenantId));

/** Gives a user a sign-in method: an account row (provider and key; a password's hash for Better Auth's `credential`). */
export const addAccount = (
  db: DbOrTx,
  row: { userId: string; providerId: string; accountId: string; password?: string },
  now = new Date(),
) => db.insert(accounts).values({ id: randomUUID(), ...row, createdAt: now, updatedAt: now });

/** The user whose sign-in method this is (an account row: provider and key) in a tenant (null: the default accounts). */
export async function accountOwner(db: DbOrTx, providerId: string, accountId: string, tenantId: string | null): Promise<string | null> {
  const [row] = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.providerId, providerId), eq(accounts.accountId, accountId), inTenant(accounts.tenantId, tenantId)))
    .limit(1);
  return row?.userId ?? null;
}

/** The condition "this user row has `email` (already lower case) in the tenant". */
export const hasEmailInTenant = (email: string, tenantId: string | null): SQL =>
  and(inTenant(users.tenantId, tenantId), eq(tenantId === null ? users.email : users.tenantEmail, email))!;

/**
 * The address mail to this account goes to and the widget shows: a tenant account's real address,
 * a default account's e-mail, null for a placeholder (guest, phone-only, federated without e-mail).
 */
export function contactEmailOf(user: { email: string; tenantId: string | null; tenantEmail: string | null; isAnonymous?: boolean }) {
  if (user.isAnonymous) return null;
  if (user.tenantId !== null) return user.tenantEmail;
  return isPlaceholderEmail(user.email) ? null : user.email;
}

/** The account's address as its mails and the action pages show it: a tenant account's real one (ADR 0009). */
export const mailboxOf = (user: Parameters<typeof contactEmailOf>[0]) => contactEmailOf(user) ?? user.email;

/** The tenant and contact address of a user id (null for an unknown user). */
export async function tenantOfUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ tenantId: users.tenantId, email: users.email, tenantEmail: users.tenantEmail, isAnonymous: users.isAnonymous })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { tenantId: row.tenantId, contactEmail: contactEmailOf(row) } : null;
}

/** A signed-in user with the address its mail goes to (a tenant account's real one, not its placeholder) and its tenant. */
export async function withMailbox<U extends { id: string; email: string }>(db: DbOrTx, user: U) {
  const tenant = await tenantOfUser(db, user.id);
  return { ...user, email: tenant?.contactEmail ?? user.email, tenantId: tenant?.tenantId ?? null };
}

/** The identity API's public shape of a user: a placeholder e-mail (guest, phone-only, tenant) is never shown. */
export async function presentIdentityUser(db: Db, userId: string): Promise<IdentityUser> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} vanished`);
  const rows = await db.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId));
  return {
    id: user.id,
    email: contactEmailOf(user),
    emailVerified: user.emailVerified,
    displayName: user.name || null,
    phoneNumber: user.phoneNumber,
    isAnonymous: user.isAnonymous,
    providers: [...new Set(rows.map((r) => widgetProviderId(r.providerId)))],
    tenantId: user.tenantId,
  };
}
