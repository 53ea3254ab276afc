import type { BetterAuthPlugin } from 'better-auth';
import { admin } from 'better-auth/plugins';
import { IDENTITY_ERROR_MESSAGES } from '@trailbuddy/shared/contracts/identity';
import { isAdmin } from '../policies/admin.js';

/**
 * Disabling accounts is Better Auth's `admin` plugin (ADR 0046): its ban sets `users.disabled` (its
 * `banned` field, mapped) and deletes the sessions, and its session-create hook refuses every new
 * session of a banned account, whatever the sign-in path, with `user-disabled`'s message.
 *
 * Administrators stay the ADMIN_EMAILS addresses (product §6, policies/admin.ts). The plugin's `role`
 * is therefore read from `users.email` and never written: `admin` for those addresses, `user` for
 * everyone else, so the plugin's own permission check agrees with ours.
 *
 * Its endpoints are called by the server only (`/api/admin/users`, moderation), which also write the
 * audit log and end the live streams; `httpPaths` lists them for `disabledPaths`.
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
