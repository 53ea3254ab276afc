import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { accounts } from '../../db/schema/index.js';
import { findAccountByEmail } from './email-common.js';
import { widgetProviderId } from '../users.js';

/**
 * The sign-in methods of an e-mail, in the widget's provider ids and in the order they were
 * linked (the widget's e-mail-first decision tree, checklist §5.3, takes the first federated one).
 * A phone number is not an e-mail credential, so `phone` is never listed. With enumeration
 * protection on, every e-mail answers `[]`, as Firebase does. Only the account of the tenant
 * (ADR 0009; null: the default accounts) counts.
 */
export async function signInMethodsFor(
  db: Db,
  email: string,
  opts: { enumerationProtection: boolean; tenantId: string | null },
): Promise<string[]> {
  if (opts.enumerationProtection) return [];
  const user = await findAccountByEmail(db, email, opts.tenantId);
  if (!user) return [];
  const rows = await db
    .select({ providerId: accounts.providerId })
    .from(accounts)
    .where(eq(accounts.userId, user.id))
    .orderBy(asc(accounts.createdAt), asc(accounts.id));
  return [...new Set(rows.map((r) => widgetProviderId(r.providerId)))].filter((p) => p !== 'phone');
}
