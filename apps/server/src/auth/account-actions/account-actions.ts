import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint, isAPIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  actionCodeInfoSchema,
  applyActionCodeBodySchema,
  checkActionCodeBodySchema,
  type ActionCodeInfo,
  type ActionMode,
} from '@trailbuddy/shared/contracts/identity-actions';
import { users } from '../../db/schema/index.js';
import { consumeActionCode, greetingName, mailActionLink } from './actions-codes.js';
import { applyActionCode, checkActionCode, usableActionCode, type ActionContext } from './actions.js';
import { mailboxOf } from '../users.js';
import { identityError } from '../errors.js';
import { contractMetadata, inAuthErrors, onPath, parseAuthBody, stringOf, toAPIError } from '../plugin-kit.js';
import { sameSiteOnly } from '../same-origin.js';
import type { AuthPluginOptions } from '../settings.js';

/** How long Better Auth's reset and verification tokens live (auth.ts sets both), and so their rows. */
export const MAILED_TOKEN_TTL_S = 60 * 60;

const BETTER_AUTH_ACTIONS: Record<string, ActionMode> = { '/reset-password': 'resetPassword', '/verify-email': 'verifyEmail' };

/** The token a /reset-password (body or query) or /verify-email (query) request carries. */
const tokenOf = ({ body, query }: { body?: unknown; query?: unknown }) =>
  stringOf((body as { token?: unknown } | undefined)?.token) || stringOf((query as { token?: unknown } | undefined)?.token) || '';

const ANSWER = 'What the code does and for which account';

/**
 * Better Auth plugin: FirebaseUI's account actions (checklist §5.12, ADR 0039) on Better Auth's
 * reset and verification, every mailed token recorded, with endpoints for what it has no equivalent of.
 */
export function accountActions(options: AuthPluginOptions) {
  const { appUrl, actions: settings } = options.identity;
  const sameSite = sameSiteOnly(appUrl);
  const context = (): ActionContext => ({ db: options.db, appUrl, settings, now: options.now() });
  const isBetterAuthAction = (path: string) => path in BETTER_AUTH_ACTIONS;
  /** An endpoint of the action pages: the body checked with its shared schema (after the same-site rule), the answer what the code does. */
  const codeEndpoint = <P extends string, B extends z.ZodType>(
    path: P,
    summary: string,
    body: B,
    run: (input: z.infer<B>) => Promise<ActionCodeInfo>,
  ) =>
    createAuthEndpoint(
      path,
      { method: 'POST', use: [sameSite], body: z.unknown(), metadata: contractMetadata(summary, actionCodeInfoSchema, body, ANSWER) },
      async (ctx) => {
        const input = parseAuthBody(body, ctx.body);
        return ctx.json(await inAuthErrors(() => run(input)));
      },
    );
  return {
    id: 'trailbuddy-account-actions',
    endpoints: {
      checkActionCode: codeEndpoint(
        '/identity/action-codes/check',
        'What an action code does and for which account (checkActionCode); the code stays usable',
        checkActionCodeBodySchema,
        ({ oobCode, mode }) => checkActionCode(context(), oobCode, mode),
      ),
      applyActionCode: codeEndpoint(
        '/identity/action-codes/apply',
        'Apply a verifyAndChangeEmail, recoverEmail or revertSecondFactorAddition code (single use); recoverEmail and revertSecondFactorAddition end every session',
        applyActionCodeBodySchema,
        ({ oobCode }) => applyActionCode(context(), oobCode),
      ),
    },
    hooks: {
      before: [
        onPath(isBetterAuthAction, async (ctx) => {
          // The code first, so a dead link shows the failure page rather than a field error.
          await inAuthErrors(() => usableActionCode(context(), tokenOf(ctx), BETTER_AUTH_ACTIONS[ctx.path!]));
          const newPassword = (ctx.body as { newPassword?: unknown } | undefined)?.newPassword;
          const { minPasswordLength, maxPasswordLength } = ctx.context.password.config;
          if (typeof newPassword === 'string' && (newPassword.length < minPasswordLength || newPassword.length > maxPasswordLength)) {
            // Better Auth refuses it too, without naming the field the widget shows it under.
            throw toAPIError(identityError('weak-password', { field: 'newPassword' }));
          }
        }),
      ],
      after: [
        onPath(isBetterAuthAction, async (ctx) => {
          if (isAPIError(ctx.context.returned)) return;
          const now = options.now();
          const row = await consumeActionCode(options.db, tokenOf(ctx), now).catch(() => null);
          // The reset link proved the mailbox, as Firebase's confirmPasswordReset does.
          if (row?.operation === 'PASSWORD_RESET') {
            await options.db.update(users).set({ emailVerified: true, updatedAt: now }).where(eq(users.id, row.userId));
          }
        }),
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * Better Auth's sendResetPassword / sendVerificationEmail: its token recorded as an action code and
 * its mail queued like every other (a mail failure never fails the auth request that caused it), to
 * the account's mailbox (a tenant account's real address, not its placeholder, ADR 0009) with the
 * widget's `/auth?mode=…&oobCode=…` link. A sign-up without a name is greeted by its local part.
 */
export const mailBetterAuthToken =
  ({ db, identity, now }: AuthPluginOptions, operation: 'PASSWORD_RESET' | 'VERIFY_EMAIL') =>
  async ({ user: { id }, token }: { user: { id: string }; token: string }) => {
    const [user] = await db.select().from(users).where(eq(users.id, id));
    if (!user) throw new Error(`user ${id} vanished`);
    const email = mailboxOf(user);
    const code = { operation, userId: id, email, oobCode: token, ttlMs: MAILED_TOKEN_TTL_S * 1000 };
    const params = { to_name: greetingName({ name: user.name, email }) };
    const template = operation === 'PASSWORD_RESET' ? 'reset-password' : 'verify-email';
    await db.transaction((tx) => mailActionLink(tx, { appUrl: identity.appUrl, now: now() }, code, { template, params }));
  };
