import type { IdentityErrorCode } from '@trailbuddy/shared/contracts/identity';
import { secondFactorSchema } from '@trailbuddy/shared/contracts/identity-actions';
import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { createAuthEndpoint, createAuthMiddleware, getSessionFromCtx, isAPIError, sessionMiddleware } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import { z } from 'zod';
import { notFound, unauthenticated } from '../../errors.js';
import { identityError } from '../errors.js';
import { normalizePhoneNumber, PHONE_NUMBER_USED_TOO_MANY_TIMES } from '../phone/phone-numbers.js';
import type { AuthPluginOptions } from '../settings.js';
import { assertRecentSignIn } from '../account-actions/actions.js';
import { consumeRateLimit, enforceRateLimit } from '../attempt-limits.js';
import { phoneCodeSms, queueSms } from '../phone/sms/queue.js';
import { verifyCaptcha } from '../altcha.js';
import { clientIpOf, contractMetadata, inAuthErrors, onPath, toAPIError } from '../plugin-kit.js';
import { PENDING_TTL_S } from './second-factor-gate.js';
import * as store from './second-factor-store.js';

/** Plugin endpoints the product does not offer: FirebaseUI has no backup codes; factors go one by one (unenroll). */
export const DISABLED_SECOND_FACTOR_PATHS = ['disable', 'get-totp-uri', 'verify-backup-code', 'generate-backup-codes'].map(
  (endpoint) => `/two-factor/${endpoint}`,
);

const VERIFY_TOTP = '/two-factor/verify-totp';
const VERIFY_PATHS = new Set([VERIFY_TOTP, '/two-factor/verify-otp']);
const SEND_OTP = '/two-factor/send-otp';

type Ctx = GenericEndpointContext;
const bodyOf = (ctx: { body?: unknown }) => (typeof ctx.body === 'object' && ctx.body ? ctx.body : {}) as Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' && value.trim()) || null;
/** The gate's credential: the request finishes a sign-in (without it, a signed-in user enrolls). */
const pendingCredentialOf = (ctx: { body?: unknown }) => text(bodyOf(ctx).mfaPendingCredential);
const refuse = (code: IdentityErrorCode, message?: string) => toAPIError(identityError(code, { message }));

/**
 * Second factors on Better Auth's `twoFactor` plugin (ADR 0043), which runs TOTP, the texted OTP,
 * the attempt limits and the gated sign-ins. Ours beside it: the widget's factor model, Firebase's
 * enrollment rules and the revert link each enrollment mails.
 */
export function secondFactors(options: AuthPluginOptions) {
  const { db, now } = options;
  const { actions: settings, captcha, appUrl } = options.identity;
  /** The enrollment a request finishes or the number it texts (keyed by its context, as the plugin keys its own state). */
  const enrolling = new WeakMap<object, { userId: string; phoneNumber?: string }>();
  /** The number a sign-in code went to, for the answer to send-otp. */
  const textedTo = new WeakMap<object, string>();

  /** Firebase's preconditions for enrolling: a full account whose e-mail is verified (the revert link goes there). */
  async function assertCanEnroll(ctx: Ctx) {
    const found = await getSessionFromCtx<{ isAnonymous?: boolean }>(ctx);
    if (!found) throw toAPIError(unauthenticated('Sign in first.'));
    if (found.user.isAnonymous) throw refuse('operation-not-allowed', 'A guest account cannot add a second factor.');
    if (!found.user.emailVerified) throw refuse('unverified-email');
    // Changing factors needs a recent sign-in or the password: the rule every sensitive change follows.
    await assertRecentSignIn(options, ctx, found, bodyOf(ctx).password);
    return found.user;
  }

  const factorsAnswer = (summary: string) =>
    contractMetadata(summary, z.object({ factors: z.array(secondFactorSchema) }), undefined, 'The factors');

  const plugin = {
    id: 'trailbuddy-second-factors',
    endpoints: {
      listSecondFactors: createAuthEndpoint(
        '/two-factor/factors',
        {
          method: 'GET',
          use: [sessionMiddleware],
          metadata: factorsAnswer('The enrolled second factors of the signed-in account'),
        },
        async (ctx) => ctx.json({ factors: await store.listSecondFactors(db, ctx.context.session.user.id) }),
      ),
      unenrollSecondFactor: createAuthEndpoint(
        '/two-factor/unenroll',
        {
          method: 'POST',
          use: [sessionMiddleware],
          body: z.object({ uid: z.string().min(1).max(100), password: z.string().optional() }),
          metadata: factorsAnswer('Remove one second factor of the signed-in account (a recent sign-in or the password)'),
        },
        async (ctx) => {
          const { user } = ctx.context.session;
          await assertRecentSignIn(options, ctx, ctx.context.session, ctx.body.password);
          const removed = await db.transaction((tx) => store.removeSecondFactor(tx, user.id, ctx.body.uid));
          if (!removed) throw toAPIError(notFound('Second factor'));
          return ctx.json({ factors: await store.listSecondFactors(db, user.id) });
        },
      ),
    },
    hooks: {
      before: [
        {
          // The gate's credential becomes the request's only cookie, the plugin's signed two_factor
          // cookie: the plugin finishes that sign-in, and no session the browser holds decides for it.
          matcher: (ctx) => (VERIFY_PATHS.has(ctx.path ?? '') || ctx.path === SEND_OTP) && pendingCredentialOf(ctx) !== null,
          handler: createAuthMiddleware(async (ctx) => {
            const cookie = `${ctx.context.createAuthCookie('two_factor').name}=${encodeURIComponent(pendingCredentialOf(ctx)!)}`;
            return { context: { headers: new Headers({ cookie }) } };
          }),
        },
        onPath('/two-factor/enable', async (ctx) => {
          if ((bodyOf(ctx).method ?? 'totp') !== 'totp') {
            throw refuse('operation-not-allowed', 'A phone factor is enrolled with the code texted to it (send-otp).');
          }
          await assertCanEnroll(ctx);
        }),
        {
          // A signed-in user texting a code to a new number: the start of an SMS enrollment.
          matcher: (ctx) => ctx.path === SEND_OTP && pendingCredentialOf(ctx) === null,
          handler: createAuthMiddleware(async (ctx) => {
            if (!options.identity.phone.enabled)
              throw refuse('operation-not-allowed', 'SMS second factors are not enabled: no SMS transport is configured.');
            const body = bodyOf(ctx);
            const phoneNumber = await inAuthErrors(async () => normalizePhoneNumber(text(body.phoneNumber) ?? undefined));
            const user = await assertCanEnroll(ctx);
            // One phone per account, as one app (the plugin's TOTP_ALREADY_ENABLED): another one replaces nothing silently.
            if ((await store.factorRowOf(db, user.id))?.phoneNumber) {
              throw refuse('operation-not-allowed', 'This account already has a phone as second factor. Remove it first.');
            }
            const at = now();
            // A mistyped number spends no solved captcha, and an unsolved captcha counts no text to the number.
            await inAuthErrors(async () => {
              await verifyCaptcha(db, captcha, { token: body.captcha, now: at, remoteIp: clientIpOf(ctx) });
              const limit = { now: at, message: PHONE_NUMBER_USED_TOO_MANY_TIMES };
              await enforceRateLimit(db, `mfa-sms:phone:${phoneNumber}`, settings.smsPerPhoneNumber, limit);
            });
            const pendingPhoneUntil = new Date(at.getTime() + settings.enrollmentTtlMs);
            await store.awaitPhone(db, user.id, { pendingPhoneNumber: phoneNumber, pendingPhoneUntil });
            enrolling.set(ctx.context, { userId: user.id, phoneNumber });
          }),
        },
        {
          // Finishing an enrollment: it must not have lapsed, and codes tried per account are limited.
          matcher: (ctx) => VERIFY_PATHS.has(ctx.path ?? '') && pendingCredentialOf(ctx) === null,
          handler: createAuthMiddleware(async (ctx) => {
            const user = (await getSessionFromCtx(ctx))?.user;
            if (!user) return;
            const totp = ctx.path === VERIFY_TOTP;
            await store.upgradeLegacySecret(db, ctx.context.secretConfig, user.id);
            const row = await store.factorRowOf(db, user.id);
            if (totp && row?.verified) return; // an enrolled app's code: nothing to enroll
            const until = totp ? row?.totpPendingUntil : row?.pendingPhoneUntil;
            if (!until || until.getTime() <= now().getTime()) throw refuse('code-expired');
            await inAuthErrors(() => enforceRateLimit(db, `mfa-enroll:user:${user.id}`, settings.enrollAttemptsPerUser, { now: now() }));
            enrolling.set(ctx.context, { userId: user.id });
          }),
        },
      ],
      after: [
        onPath('/two-factor/enable', async (ctx) => {
          const returned = ctx.context.returned as { totpURI?: string } | undefined;
          const session = await getSessionFromCtx(ctx);
          if (isAPIError(returned) || !returned?.totpURI || !session) return;
          const until = new Date(now().getTime() + settings.enrollmentTtlMs);
          await store.awaitApp(db, session.user.id, until);
          // No backup codes: FirebaseUI has none (their endpoints are disabled).
          return ctx.json({ method: 'totp', totpURI: returned.totpURI, expiresAt: until.toISOString() });
        }),
        onPath(SEND_OTP, async (ctx) => {
          const phoneNumber = textedTo.get(ctx.context);
          if (phoneNumber && !isAPIError(ctx.context.returned)) return ctx.json({ status: true, phoneNumber });
        }),
        // The right first code: the factor is enrolled (once, even if two finishes race) and announced.
        onPath(
          (path) => VERIFY_PATHS.has(path),
          async (ctx) => {
            const pending = enrolling.get(ctx.context);
            if (!pending || isAPIError(ctx.context.returned)) return;
            const mail = { appUrl, recoveryCodeTtlMs: settings.recoveryCodeTtlMs, now: now() };
            const kind = ctx.path === VERIFY_TOTP ? 'totp' : 'phone';
            const factor = await store.completeEnrollment(db, mail, pending.userId, kind, text(bodyOf(ctx).displayName));
            if (factor) return ctx.json({ factor });
          },
        ),
      ],
    },
  } satisfies BetterAuthPlugin;

  const attempts = settings.enrollAttemptsPerUser;
  const twoFactorPlugin = twoFactor({
    issuer: settings.totpIssuer,
    // The recent-sign-in-or-password rule is ours (assertCanEnroll); the plugin then asks only an account with a password for it.
    allowPasswordless: true,
    twoFactorCookieMaxAge: PENDING_TTL_S,
    // At sign-in, the same budget of code attempts per account as while enrolling.
    accountLockout: { maxFailedAttempts: attempts.max, durationSeconds: attempts.windowMs / 1000 },
    otpOptions: {
      period: settings.enrollmentTtlMs / 60_000,
      storeOTP: 'encrypted',
      // Enrolling: to the new number (counted by the hook); signing in: to the enrolled one within the
      // same per-number limit, past which nothing is sent (the plugin would only log a refusal).
      sendOTP: async ({ user, otp }, ctx) => {
        const enrollingTo = ctx && enrolling.get(ctx.context)?.phoneNumber;
        const to = enrollingTo ?? (await store.factorRowOf(db, user.id))?.phoneNumber;
        if (!to) return;
        if (!enrollingTo && !(await consumeRateLimit(db, `mfa-sms:phone:${to}`, settings.smsPerPhoneNumber, now()))) return;
        if (ctx) textedTo.set(ctx.context, to);
        await queueSms(db, { to, body: phoneCodeSms(otp), idempotencyKey: `mfa-otp:${user.id}:${crypto.randomUUID()}` });
      },
    },
  });

  return [twoFactorPlugin, plugin] as const;
}
