import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint, createAuthMiddleware } from 'better-auth/api';
import { z } from 'zod';
import {
  passwordRecoverRequestSchema,
  signInMethodsRequestSchema,
  signInMethodsResponseSchema,
} from '@trailbuddy/shared/contracts/identity-email';
import type { Db } from '../db/client.js';
import { findAccountByEmail, limitMailsTo } from '../identity/email-common.js';
import { identityError } from '../identity/errors.js';
import type { IdentitySettings } from '../identity/settings.js';
import { signInMethodsFor } from '../identity/sign-in-methods.js';
import { assertTenantAllows, resolveTenant } from '../identity/tenants.js';
import { answeringAsAuth, parseAuthBody } from './auth-errors.js';

export interface PasswordAccountsOptions {
  db: Db;
  identity: IdentitySettings;
  now: () => Date;
}

/** What Better Auth answers a reset request it will not act on; with enumeration protection every answer is this one. */
const RESET_REQUESTED = { status: true, message: 'If this email exists in our system, check your email for the reset link' };

/**
 * Better Auth plugin: the widget's e-mail and password rules on Better Auth's own endpoints, so
 * the app's modal and the widget follow one policy (issue 15).
 * - `/request-password-reset` (either form's "forgot password"): the tenant the request names
 *   (ADR 0009; its accounts are found by their real address and handed to Better Auth by their
 *   placeholder), the mails-per-address limit, and the enumeration setting: without protection an
 *   unknown address is `user-not-found` and a disabled account `user-disabled`; with it, every
 *   address gets the same answer and only real, enabled accounts are mailed.
 * - `/identity/sign-in-methods`: the widget's e-mail-first step. It tells whether an address has
 *   an account, so it sits behind Better Auth's limiter like the credential endpoints.
 */
export function passwordAccounts(options: PasswordAccountsOptions) {
  const { db, identity } = options;
  return {
    id: 'trailbuddy-password-accounts',
    endpoints: {
      signInMethods: createAuthEndpoint(
        '/identity/sign-in-methods',
        {
          method: 'POST',
          body: z.unknown(),
          metadata: {
            openapi: {
              summary: 'The sign-in methods of an e-mail, as widget provider ids ([] with enumeration protection)',
              requestBody: {
                content: { 'application/json': { schema: z.toJSONSchema(signInMethodsRequestSchema) as Record<string, unknown> } },
              },
              responses: {
                200: {
                  description: 'Widget provider ids in link order',
                  content: { 'application/json': { schema: z.toJSONSchema(signInMethodsResponseSchema) as Record<string, unknown> } },
                },
              },
            },
          },
        },
        async (ctx) => {
          const { email, tenantId } = parseAuthBody(signInMethodsRequestSchema, ctx.body);
          const methods = await answeringAsAuth(async () => {
            const tenant = resolveTenant(identity.tenants, tenantId);
            return signInMethodsFor(db, email, { ...identity.email, tenantId: tenant?.id ?? null });
          });
          return ctx.json({ methods });
        },
      ),
    },
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/request-password-reset',
          handler: createAuthMiddleware(async (ctx) => {
            const { email, tenantId } = parseAuthBody(passwordRecoverRequestSchema.loose(), ctx.body);
            const account = await answeringAsAuth(async () => {
              const tenant = resolveTenant(identity.tenants, tenantId);
              assertTenantAllows(tenant, 'password');
              await limitMailsTo(db, email, identity.email.mailsPerEmail, options.now());
              const user = await findAccountByEmail(db, email, tenant?.id ?? null);
              if (user && !user.disabled) return user;
              if (identity.email.enumerationProtection) return null;
              throw user ? identityError('user-disabled') : identityError('user-not-found', { field: 'email' });
            });
            if (!account) return ctx.json(RESET_REQUESTED);
            // Better Auth looks the account up by `users.email`: a tenant account's placeholder.
            return { context: { body: { email: account.email } } };
          }),
        },
      ],
    },
    rateLimit: [
      {
        pathMatcher: (path: string) => path === '/identity/sign-in-methods',
        window: identity.perClientLimit.windowMs / 1000,
        max: identity.perClientLimit.max,
      },
    ],
  } satisfies BetterAuthPlugin;
}
