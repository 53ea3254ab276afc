import type { BetterAuthPlugin } from 'better-auth';
import { APIError, isAPIError } from 'better-auth/api';
import { IDENTITY_ERROR_MESSAGES } from '@trailbuddy/shared/contracts/identity';
import { clientIpOf, inAuthErrors, onPath, stringOf } from '../plugin-kit.js';
import { normalizeEmail } from './email-common.js';
import { signInLookupEmail } from './password-accounts.js';
import { clearRateLimit, consumeRateLimit, isRateLimited } from '../attempt-limits.js';
import type { AuthPluginOptions } from '../settings.js';

/** The widget's code for a locked e-mail or client, which the app's modal now gets too. */
export const LOCKED_CODE = 'too-many-requests';

const SIGN_IN_EMAIL = '/sign-in/email';

/**
 * The attempt's counters. The e-mail is the address Better Auth looks up: for a tenant's sign-in
 * the before hook has already replaced it with the account's placeholder (one per tenant and
 * address), so the before and after hooks count the same key.
 */
function attemptOf(ctx: Parameters<typeof clientIpOf>[0] & { body?: unknown }) {
  const email = stringOf((ctx.body as { email?: unknown } | undefined)?.email);
  const clientIp = clientIpOf(ctx);
  return email === undefined
    ? null
    : { email: `password-failures:email:${normalizeEmail(email)}`, client: clientIp ? `password-failures:ip:${clientIp}` : null };
}

/** A refused password: Better Auth's 401, or the codes our password-accounts plugin makes of it. */
const isWrongPassword = (error: { statusCode: number; body?: { code?: unknown } }) =>
  error.statusCode === 401 || error.body?.code === 'wrong-password' || error.body?.code === 'user-not-found';

/**
 * Better Auth plugin: the one password lockout (checklist §5.4, ADR 0029) on its e-mail sign-in,
 * per e-mail and per client (Better Auth's limiter cannot key by e-mail). A success clears the
 * e-mail's count, not the client's: it may be guessing others.
 */
export function signInGuard({ db, identity, now }: AuthPluginOptions) {
  const rules = { perEmail: identity.email.passwordFailuresPerEmail, perClient: identity.email.passwordFailuresPerClient };
  return {
    id: 'trailbuddy-sign-in-guard',
    hooks: {
      before: [
        onPath(SIGN_IN_EMAIL, async (ctx) => {
          const body = ctx.body as { email?: unknown; tenantId?: unknown } | undefined;
          if (typeof body?.email !== 'string') return;
          const email = await inAuthErrors(() => signInLookupEmail(db, identity.tenants, body.email as string, body.tenantId));
          const attempt = attemptOf({ ...ctx, body: { email } })!;
          const locked =
            (await isRateLimited(db, attempt.email, rules.perEmail, now())) ||
            (attempt.client !== null && (await isRateLimited(db, attempt.client, rules.perClient, now())));
          if (locked) {
            throw new APIError('TOO_MANY_REQUESTS', { code: LOCKED_CODE, message: IDENTITY_ERROR_MESSAGES[LOCKED_CODE] });
          }
          return { context: { body: { email } } };
        }),
      ],
      after: [
        onPath(SIGN_IN_EMAIL, async (ctx) => {
          const attempt = attemptOf(ctx);
          if (!attempt) return;
          const returned = ctx.context.returned;
          if (!isAPIError(returned)) await clearRateLimit(db, attempt.email);
          else if (isWrongPassword(returned)) {
            await consumeRateLimit(db, attempt.email, rules.perEmail, now());
            if (attempt.client !== null) await consumeRateLimit(db, attempt.client, rules.perClient, now());
          }
        }),
      ],
    },
  } satisfies BetterAuthPlugin;
}
