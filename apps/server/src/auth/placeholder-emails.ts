import { createHash } from 'node:crypto';

/**
 * The addresses of accounts without a mailbox of their own. Better Auth needs a unique
 * `users.email` for every account; guests, phone-only accounts, federated accounts whose provider
 * shares no e-mail, and tenant accounts (ADR 0009: the real address is in `tenant_email`) hold an
 * address at `.invalid` (RFC 2606), which no mail can reach and nobody can type into the modal to
 * find. This module is the one that makes them and the one that recognises them.
 */

/** The domain of the anonymous plugin's guest addresses (`<id>@guest.invalid`). */
export const GUEST_EMAIL_DOMAIN = 'guest.invalid';

export const phoneAccountEmail = (userId: string) => `phone-${userId}@phone.invalid`;

export const federatedAccountEmail = (userId: string) => `federated-${userId}@federated.invalid`;

/**
 * A tenant account's `users.email`. Lower case, as Better Auth and normalizeEmail look addresses up,
 * though Better Auth's own ids (a guest from the anonymous plugin, upgraded in place) are mixed case.
 */
export const tenantPlaceholderEmail = (userId: string) => `tenant-${userId.toLowerCase()}@tenant.invalid`;

/** An address no account holds, one per scope (a tenant) and normalised address, so failed sign-ins to it are counted apart. */
export const unheldAddress = (scope: string, normalizedEmail: string) =>
  `tenant-unknown-${createHash('sha256').update(`${scope}:${normalizedEmail}`).digest('hex').slice(0, 32)}@tenant.invalid`;

/** Every placeholder above, as a case-insensitive regular expression PostgreSQL (`~*`) and JavaScript both read. */
export const PLACEHOLDER_EMAIL_PATTERN = '@[^@]*\\.invalid$';
const placeholder = new RegExp(PLACEHOLDER_EMAIL_PATTERN, 'i');

export const isPlaceholderEmail = (email: string) => placeholder.test(email);
