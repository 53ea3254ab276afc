import { sql, type SQL } from 'drizzle-orm';
import { PLACEHOLDER_EMAIL_PATTERN } from '../auth/placeholder-emails.js';

/**
 * Who may match (ADR 0030, ADR 0038) as SQL, the one statement of the rule: the gate reads it for
 * the person asking, and Best Matches, invitations and requests for the person asked about, so
 * nobody appears as a candidate, or receives an invitation, who could not search themselves.
 * Pure SQL over the `users` and `profiles` tables (no Fastify), so services can use it too.
 */

const column = (alias: string, name: string) => sql.raw(`"${alias}"."${name}"`);

/**
 * A contact the person proved they can be reached at, on the `users` row named `alias`: an address
 * of their own (a tenant account's real one; never a guest's or a placeholder) whose link they
 * followed, or a phone number they confirmed by code.
 */
export function verifiedContact(alias: string): SQL {
  const c = (name: string) => column(alias, name);
  return sql`((${c('email_verified')} AND NOT ${c('is_anonymous')} AND CASE WHEN ${c('tenant_id')} IS NULL
      THEN ${c('email')} !~* ${PLACEHOLDER_EMAIL_PATTERN} ELSE ${c('tenant_email')} IS NOT NULL END)
    OR (${c('phone_number_verified')} AND ${c('phone_number')} IS NOT NULL))`;
}

/** The account side of may-match, on the `users` row named `alias`: verified, not a guest, not disabled. */
export function accountMayMatch(alias: string): SQL {
  return sql`(NOT ${column(alias, 'disabled')} AND NOT ${column(alias, 'is_anonymous')} AND ${verifiedContact(alias)})`;
}

/**
 * Whether the person `userId` (a column or a value) may be matched with: the account side and a
 * completed profile. One primary-key read of each table.
 */
export function mayBeMatched(userId: SQL | string): SQL {
  return sql`EXISTS (
    SELECT 1 FROM users mm_u JOIN profiles mm_p ON mm_p.user_id = mm_u.id
    WHERE mm_u.id = ${userId} AND mm_p.registration_completed_at IS NOT NULL AND ${accountMayMatch('mm_u')}
  )`;
}
