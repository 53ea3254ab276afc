import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, isAPIError } from 'better-auth/api';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  passwordRecoverRequestSchema,
  signInMethodsRequestSchema,
  signInMethodsResponseSchema,
} from '@trailbuddy/shared/contracts/identity-email';
import type { Db } from '../../db/client.js';
import { invalidField, type AppError } from '../../errors.js';
import { users } from '../../db/schema/index.js';
import { findAccountByEmail, limitMailsTo, normalizeEmail } from './email-common.js';
import { identityError } from '../errors.js';
import type { AuthPluginOptions } from '../settings.js';
import { signInMethodsFor } from './sign-in-methods.js';
import { resolveTenant, type TenantSettings } from '../tenants/tenants.js';
import { isPlaceholderEmail, unheldAddress } from '../placeholder-emails.js';
import { contractMetadata, inAuthErrors, onPath, parseAuthBody, stringOf } from '../plugin-kit.js';
import { sameSiteOnly } from '../same-origin.js';

/**
 * The address Better Auth's `/sign-in/email` looks up. A sign-in naming a tenant (ADR 0009) gets
 * the tenant account's placeholder, or an unheld address when the tenant has no such account (a
 * tenant that does not offer passwords is refused). Without a tenant, a placeholder address
 * (guests, phone-only and tenant accounts hold one at `.invalid`) reaches no account either: the
 * modal never signs a tenant account in by its placeholder.
 */
export async function signInLookupEmail(db: Db, tenants: TenantSettings, email: string, tenantId: unknown): Promise<string> {
  if (tenantId !== undefined && tenantId !== null && typeof tenantId !== 'string') {
    throw invalidField('tenantId', 'There is no tenant with this id.');
  }
  const tenant = resolveTenant(tenants, tenantId, 'password');
  if (!tenant) return isPlaceholderEmail(normalizeEmail(email)) ? unheldAddress('', normalizeEmail(email)) : normalizeEmail(email);
  const account = await findAccountByEmail(db, email, tenant.id);
  return account ? account.email : unheldAddress(tenant.id, normalizeEmail(email));
}

/** Whether a full account (not a guest) holds this `users.email`. */
const hasAccount = async (db: Db, email: string) =>
  (await db.$count(users, and(eq(users.email, normalizeEmail(email)), eq(users.isAnonymous, false)))) > 0;

/** A refusal of `/sign-in/email` in the widget's words: the answer keeps Better Auth's status (an after hook cannot change it). */
const unauthorized = ({ code, message, fields }: AppError, body?: { code: string; message: string }) =>
  new APIError('UNAUTHORIZED', { code, message, ...body, fields });

/** What Better Auth answers a reset request it will not act on; with enumeration protection every answer is this one. */
const RESET_REQUESTED = { status: true, message: 'If this email exists in our system, check your email for the reset link' };

/**
 * Better Auth plugin: the widget's e-mail and password rules on Better Auth's own endpoints, so the
 * modal and the widget follow one policy (ADR 0039): tenants, the mails-per-address limit and the
 * enumeration setting on `/request-password-reset`; the widget's codes on `/sign-in/email`; the
 * e-mail-first step `/identity/sign-in-methods`, behind Better Auth's limiter.
 */
export function passwordAccounts(options: AuthPluginOptions) {
  const { db, identity } = options;
  return {
    id: 'trailbuddy-password-accounts',
    endpoints: {
      signInMethods: createAuthEndpoint(
        '/identity/sign-in-methods',
        {
          method: 'POST',
          body: z.unknown(),
          metadata: contractMetadata(
            'The sign-in methods of an e-mail, as widget provider ids ([] with enumeration protection)',
            signInMethodsResponseSchema,
            signInMethodsRequestSchema,
            'Widget provider ids in link order',
          ),
        },
        async (ctx) => {
          const { email, tenantId } = parseAuthBody(signInMethodsRequestSchema, ctx.body);
          const methods = await inAuthErrors(async () => {
            const tenant = resolveTenant(identity.tenants, tenantId);
            return signInMethodsFor(db, email, { ...identity.email, tenantId: tenant?.id ?? null });
          });
          return ctx.json({ methods });
        },
      ),
    },
    hooks: {
      after: [
        onPath('/sign-in/email', async (ctx) => {
          const returned = ctx.context.returned;
          if (!isAPIError(returned) || (returned.body as { code?: unknown } | undefined)?.code !== 'INVALID_EMAIL_OR_PASSWORD') return;
          if (identity.email.enumerationProtection) {
            // One answer whether the address has no account, no password or another password
            // (Firebase's INVALID_LOGIN_CREDENTIALS); Better Auth hashes the typed password for an
            // unknown address too, so the answer takes as long (ADR 0053).
            throw unauthorized(identityError('invalid-login-credentials', { field: 'password' }));
          }
          const email = stringOf((ctx.body as { email?: unknown } | undefined)?.email);
          if (email !== undefined && !(await hasAccount(db, email)))
            throw unauthorized(identityError('user-not-found', { field: 'email' }));
          // Better Auth's own refusal (the modal's message; `wrong-password` in the one vocabulary), naming the field.
          throw unauthorized(identityError('wrong-password', { field: 'password' }), returned.body as { code: string; message: string });
        }),
      ],
      before: [
        { matcher: (ctx) => ctx.path === '/sign-in/email', handler: sameSiteOnly(identity.appUrl) },
        onPath('/request-password-reset', async (ctx) => {
          const { email, tenantId } = parseAuthBody(passwordRecoverRequestSchema.loose(), ctx.body);
          const account = await inAuthErrors(async () => {
            const tenant = resolveTenant(identity.tenants, tenantId, 'password');
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
      ],
    },
  } satisfies BetterAuthPlugin;
}
