import type { Db } from '../../db/client.js';
import { findAccountByEmail } from './email-common.js';
import { PHONE_PROVIDER } from '../phone/phone-numbers.js';
import { providerIdsOf } from '../users.js';

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
  return user ? (await providerIdsOf(db, user.id)).filter((p) => p !== PHONE_PROVIDER) : [];
}
