import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getIP, isAPIError } from 'better-auth/api';
import { IDENTITY_ERROR_MESSAGES } from '@trailbuddy/shared/contracts/identity';
import type { Db } from '../db/client.js';
import type { TenantSettings } from '../identity/tenants.js';
import { inAuthErrors } from './plugin-kit.js';
import { signInLookupEmail } from './password-accounts.js';
import {
  clearPasswordFailures,
  countPasswordFailure,
  isPasswordSignInLocked,
  type PasswordAttempt,
  type PasswordFailureRules,
} from './password-failures.js';

export interface SignInGuardOptions {
  db: Db;
  rules: PasswordFailureRules;
  /** The tenants a sign-in may name (ADR 0009). */
  tenants: TenantSettings;
  now: () => Date;
}

/** The widget's code for a locked e-mail or client, which the app's modal now gets too. */
export const LOCKED_CODE = 'too-many-requests';

const SIGN_IN_EMAIL = '/sign-in/email';

/**
 * The attempt's keys. The e-mail key is the address Better Auth looks up: for a tenant's sign-in
 * the before hook has already replaced it with the account's placeholder (one per tenant and
 * address), so the before and after hooks count the same key.
 */
function attemptOf(ctx: { body?: unknown; request?: Request; headers?: Headers; context: { options: object } }): PasswordAttempt | null {
  const email = (ctx.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string') return null;
  const source = ctx.request ?? ctx.headers;
  const clientIp = source ? getIP(source, ctx.context.options) : null;
  return { emailKey: email.trim().toLowerCase(), clientIp };
}

/** A refused password: Better Auth's 401, or the codes our password-accounts plugin makes of it. */
const isWrongPassword = (error: { statusCode: number; body?: { code?: unknown } }) =>
  error.statusCode === 401 || error.body?.code === 'wrong-password' || error.body?.code === 'user-not-found';

/**
 * Better Auth plugin: the password lockout of password-failures.ts on Better Auth's own
 * e-mail sign-in, the path the app's modal uses. Before the password is checked a locked e-mail
 * or client is refused with `too-many-requests`; afterwards a wrong password counts and a
 * success clears the e-mail's count.
 */
export function signInGuard(options: SignInGuardOptions) {
  const matcher = (ctx: { path?: string }) => ctx.path === SIGN_IN_EMAIL;
  return {
    id: 'trailbuddy-sign-in-guard',
    hooks: {
      before: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            const body = ctx.body as { email?: unknown; tenantId?: unknown } | undefined;
            if (typeof body?.email !== 'string') return;
            const email = await inAuthErrors(() => signInLookupEmail(options.db, options.tenants, body.email as string, body.tenantId));
            const attempt = attemptOf({ ...ctx, body: { email } });
            if (attempt && (await isPasswordSignInLocked(options.db, options.rules, attempt, options.now()))) {
              throw new APIError('TOO_MANY_REQUESTS', { code: LOCKED_CODE, message: IDENTITY_ERROR_MESSAGES[LOCKED_CODE] });
            }
            return { context: { body: { email } } };
          }),
        },
      ],
      after: [
        {
          matcher,
          handler: createAuthMiddleware(async (ctx) => {
            const attempt = attemptOf(ctx);
            if (!attempt) return;
            const returned = ctx.context.returned;
            if (!isAPIError(returned)) await clearPasswordFailures(options.db, attempt);
            else if (isWrongPassword(returned)) await countPasswordFailure(options.db, options.rules, attempt, options.now());
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
