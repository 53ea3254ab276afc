import { createHash } from 'node:crypto';

/**
 * The one maker and recogniser of the `.invalid` addresses (RFC 2606) that accounts without a
 * mailbox of their own hold in `users.email` (ADRs 0009 and 0061).
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
