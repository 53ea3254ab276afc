import type { BetterAuthPlugin } from 'better-auth';
import { admin } from 'better-auth/plugins';
import { IDENTITY_ERROR_MESSAGES } from '@trailbuddy/shared/contracts/identity';
import { isAdmin } from '../policies/admin.js';

/**
 * Disabling accounts on Better Auth's `admin` plugin (ADR 0046): its `role` is derived from
 * ADMIN_EMAILS and never written; its endpoints are the server's only (`httpPaths`, for `disabledPaths`).
 */
export function adminAccounts(adminEmails: readonly string[]) {
  const plugin = admin({
    bannedUserMessage: IDENTITY_ERROR_MESSAGES['user-disabled'],
    schema: { user: { fields: { banned: 'disabled' } } },
  });
  const roleFromEmail = {
    id: 'trailbuddy-admin-role',
    schema: {
      user: {
        fields: {
          role: {
            type: 'string',
            required: false,
            input: false,
            fieldName: 'email',
            transform: {
              input: () => undefined,
              output: (email) => (typeof email === 'string' && isAdmin(email, adminEmails) ? 'admin' : 'user'),
            },
          },
        },
      },
    },
  } satisfies BetterAuthPlugin;
  return { plugins: [plugin, roleFromEmail] as const, httpPaths: Object.values(plugin.endpoints).map((endpoint) => endpoint.path) };
}
