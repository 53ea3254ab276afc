import { IDENTITY_ERROR_MESSAGES, type IdentityErrorCode } from '@trailbuddy/shared/contracts/identity';
import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import {
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getIP,
  getSessionFromCtx,
  isAPIError,
  sessionMiddleware,
} from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import { twoFactors, users } from '../db/schema/index.js';
import type { ActionIdentitySettings } from '../identity/actions-settings.js';
import { verifyCaptcha } from '../identity/captcha.js';
import type { CaptchaSettings } from '../identity/captcha-settings.js';
import { normalizePhoneNumber } from '../identity/phone.js';
import { consumeRateLimit, enforceRateLimit } from './attempt-limits.js';
import { contactEmailOf } from '../identity/users.js';
import { phoneCodeSms, queueSms } from '../sms/queue.js';
import { PENDING_TTL_S } from './second-factor-gate.js';
import { inAuthErrors } from './plugin-kit.js';
import {
  completeEnrollment,
  ensureFactorRow,
  factorRowOf,
  listSecondFactors,
  mailFactorAdded,
  removeSecondFactor,
  upgradeLegacySecret,
} from './second-factor-store.js';

/**
 * Second factors on Better Auth's `twoFactor` plugin (ADR 0043): it stores the factors, enrolls an
 * authenticator app (`/two-factor/enable` then `/two-factor/verify-totp`), texts its OTP through
 * our SMS queue (`/two-factor/send-otp`, `/two-factor/verify-otp`) and finishes the sign-ins the
 * gate (second-factor-gate.ts) refused. Ours, as a plugin beside it: the widget's factor model (an
 * app and a phone, each with a uid and a name), Firebase's enrollment preconditions (a full
 * account, a verified e-mail, a recent sign-in or the password, a captcha before texting a new
 * number), the revert link every enrollment mails, and the pending credential carried in the body.
 */
export interface SecondFactorOptions {
  db: Db;
  now: () => Date;
  appUrl: string;
  settings: ActionIdentitySettings;
  captcha: CaptchaSettings;
  /** False when no SMS transport is configured: no SMS factor can be enrolled. */
  smsEnabled: boolean;
}

/** Plugin endpoints the product does not offer: FirebaseUI has no backup codes; factors go one by one (unenroll). */
export const DISABLED_SECOND_FACTOR_PATHS = [
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/verify-backup-code',
  '/two-factor/generate-backup-codes',
];

const VERIFY_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-otp']);
const CHALLENGE_PATHS = new Set([...VERIFY_PATHS, '/two-factor/send-otp']);

const refuse = (code: IdentityErrorCode, status: number, message = IDENTITY_ERROR_MESSAGES[code]) =>
  new APIError('BAD_REQUEST', { code, message }, undefined, status);

/** Our endpoints' OpenAPI entry: the factors as the widget names them (contracts/identity-actions.ts). */
const doc = (summary: string) => ({
  summary,
  responses: {
    200: {
      description: '{ factors: SecondFactor[] } (uid, factorId totp | phone, displayName, phoneNumber, enrollmentTime)',
      content: { 'application/json': { schema: { type: 'object' as const, properties: { factors: { type: 'array' as const } } } } },
    },
  },
});

type Body = Record<string, unknown>;
const bodyOf = (ctx: { body?: unknown }): Body => (typeof ctx.body === 'object' && ctx.body !== null ? (ctx.body as Body) : {});
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

export function secondFactors(options: SecondFactorOptions) {
  const { db, settings } = options;
  /** Requests enrolling a factor for a signed-in user (keyed by the request's context, as the plugin keys its own state). */
  const enrolling = new WeakMap<object, { userId: string; phoneNumber?: string }>();
  /** The number a sign-in code went to, for the answer to send-otp. */
  const textedTo = new WeakMap<object, string>();

  type HookCtx = GenericEndpointContext;

  async function signedIn(ctx: HookCtx) {
    const found = await getSessionFromCtx(ctx);
    if (!found) throw new APIError('UNAUTHORIZED', { message: 'Sign in first.' });
    return found;
  }

  /**
   * Changing second factors needs a recent sign-in or the current password (as changing the e-mail
   * does); guesses of the password are limited per account. A given password is always checked
   * here: the plugin's enable checks it only for an account that has one.
   */
  async function assertRecentSignIn(ctx: HookCtx, found: Awaited<ReturnType<typeof signedIn>>) {
    const password = bodyOf(ctx).password;
    if (typeof password === 'string') {
      const now = options.now();
      await inAuthErrors(() => enforceRateLimit(db, `reauth:user:${found.user.id}`, { max: 10, windowMs: 15 * 60_000 }, { now }));
      await ctx.context.password.checkPassword(found.user.id, ctx);
    } else if (options.now().getTime() - new Date(found.session.createdAt).getTime() > settings.recentLoginMs) {
      throw refuse('requires-recent-login', 401);
    }
  }

  /** Firebase's preconditions for enrolling: a full account whose e-mail is verified (the revert link goes there). */
  async function assertCanEnroll(ctx: HookCtx) {
    const found = await signedIn(ctx);
    const user = found.user as typeof found.user & { isAnonymous?: boolean };
    if (user.isAnonymous) throw refuse('operation-not-allowed', 403, 'A guest account cannot add a second factor.');
    if (!user.emailVerified) throw refuse('unverified-email', 400);
    await assertRecentSignIn(ctx, found);
    return user;
  }

  /** The session of an enrollment step, or null when the request finishes a sign-in (no session). */
  async function enrollingUser(ctx: HookCtx) {
    if (text(bodyOf(ctx).mfaPendingCredential)) return null;
    return (await getSessionFromCtx(ctx))?.user ?? null;
  }

  const limitEnrollAttempts = (userId: string) =>
    inAuthErrors(() => enforceRateLimit(db, `mfa-enroll:user:${userId}`, settings.enrollAttemptsPerUser, { now: options.now() }));

  /** Enrolls the factor and, in the same transaction, mails the account its revert link. */
  async function enroll(userId: string, kind: 'totp' | 'phone', displayName: string | null) {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    const email = user && contactEmailOf(user);
    const ctx = { appUrl: options.appUrl, recoveryCodeTtlMs: settings.recoveryCodeTtlMs, now: options.now() };
    return db.transaction(async (tx) => {
      const factor = await completeEnrollment(tx, userId, kind, displayName, ctx.now);
      if (factor && user && email) await mailFactorAdded(tx, ctx, { id: user.id, email, name: user.name }, factor);
      return factor;
    });
  }

  const plugin = {
    id: 'trailbuddy-second-factors',
    endpoints: {
      listSecondFactors: createAuthEndpoint(
        '/two-factor/factors',
        { method: 'GET', use: [sessionMiddleware], metadata: { openapi: doc('The enrolled second factors of the signed-in account') } },
        async (ctx) => ctx.json({ factors: await listSecondFactors(db, ctx.context.session.user.id) }),
      ),
      unenrollSecondFactor: createAuthEndpoint(
        '/two-factor/unenroll',
        {
          method: 'POST',
          use: [sessionMiddleware],
          body: z.object({ uid: z.string().min(1).max(100), password: z.string().optional() }),
          metadata: { openapi: doc('Remove one second factor of the signed-in account (a recent sign-in or the password)') },
        },
        async (ctx) => {
          const found = await signedIn(ctx);
          await assertRecentSignIn(ctx, found);
          const user = found.user;
          const removed = await db.transaction((tx) => removeSecondFactor(tx, user.id, ctx.body.uid));
          if (!removed) throw new APIError('NOT_FOUND', { code: 'not-found', message: 'Second factor not found.' });
          return ctx.json({ factors: await listSecondFactors(db, user.id) });
        },
      ),
    },
    hooks: {
      before: [
        {
          // The pending credential of the gate's answer is the plugin's signed two_factor cookie:
          // it becomes the request's only cookie, so the plugin finishes that sign-in (and no
          // session the browser may hold decides for it).
          matcher: (ctx) => CHALLENGE_PATHS.has(ctx.path ?? '') && text(bodyOf(ctx).mfaPendingCredential) !== null,
          handler: createAuthMiddleware(async (ctx) => {
            const { name } = ctx.context.createAuthCookie('two_factor');
            const credential = text(bodyOf(ctx).mfaPendingCredential)!;
            return { context: { headers: new Headers({ cookie: `${name}=${encodeURIComponent(credential)}` }) } };
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/two-factor/enable',
          handler: createAuthMiddleware(async (ctx) => {
            if ((bodyOf(ctx).method ?? 'totp') !== 'totp') {
              throw refuse('operation-not-allowed', 403, 'A phone factor is enrolled with the code texted to it (send-otp).');
            }
            await assertCanEnroll(ctx);
          }),
        },
        {
          // A signed-in user texting a code to a new number: the start of an SMS enrollment.
          matcher: (ctx) => ctx.path === '/two-factor/send-otp' && text(bodyOf(ctx).mfaPendingCredential) === null,
          handler: createAuthMiddleware(async (ctx) => {
            if (!options.smsEnabled) {
              throw refuse('operation-not-allowed', 403, 'SMS second factors are not enabled: no SMS transport is configured.');
            }
            const body = bodyOf(ctx);
            const phoneNumber = await inAuthErrors(async () => normalizePhoneNumber(text(body.phoneNumber) ?? undefined));
            const user = await assertCanEnroll(ctx);
            // One phone per account, as one app (the plugin's TOTP_ALREADY_ENABLED): another one replaces nothing silently.
            if ((await factorRowOf(db, user.id))?.phoneNumber) {
              throw refuse('operation-not-allowed', 403, 'This account already has a phone as second factor. Remove it first.');
            }
            const now = options.now();
            await inAuthErrors(async () => {
              // A mistyped number must not spend the solved captcha: the number was checked first.
              const source = ctx.request ?? ctx.headers;
              const remoteIp = (source && getIP(source, ctx.context.options)) ?? '';
              await verifyCaptcha(db, options.captcha, { token: text(body.captcha) ?? undefined, now, remoteIp });
              await enforceRateLimit(db, `mfa-sms:phone:${phoneNumber}`, settings.smsPerPhoneNumber, {
                now,
                message: 'This phone number has been used too many times',
              });
            });
            const pendingPhoneUntil = new Date(now.getTime() + settings.enrollmentTtlMs);
            await db.transaction(async (tx) => {
              await ensureFactorRow(tx, user.id);
              await tx.update(twoFactors).set({ pendingPhoneNumber: phoneNumber, pendingPhoneUntil }).where(eq(twoFactors.userId, user.id));
            });
            enrolling.set(ctx.context, { userId: user.id, phoneNumber });
          }),
        },
        {
          // Finishing an enrollment: it must not have lapsed, and codes tried per account are limited.
          matcher: (ctx) => VERIFY_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const user = await enrollingUser(ctx);
            if (!user) return;
            await upgradeLegacySecret(db, ctx.context.secretConfig, user.id);
            const row = await factorRowOf(db, user.id);
            const now = options.now();
            const pending =
              ctx.path === '/two-factor/verify-totp'
                ? row && !row.verified && row.totpPendingUntil
                  ? row.totpPendingUntil
                  : null
                : (row?.pendingPhoneUntil ?? null);
            const enrolled = ctx.path === '/two-factor/verify-totp' && row?.verified;
            if (enrolled) return;
            if (!pending || pending.getTime() <= now.getTime()) throw refuse('code-expired', 400);
            await limitEnrollAttempts(user.id);
            enrolling.set(ctx.context, { userId: user.id });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/two-factor/enable',
          handler: createAuthMiddleware(async (ctx) => {
            const returned = ctx.context.returned as { totpURI?: string } | undefined;
            const session = await getSessionFromCtx(ctx);
            if (isAPIError(returned) || !returned?.totpURI || !session) return;
            // A new app: a new uid, and the enrollment lapses if its first code does not come in time.
            const totpPendingUntil = new Date(options.now().getTime() + settings.enrollmentTtlMs);
            await db
              .update(twoFactors)
              .set({
                totpUid: crypto.randomUUID(),
                totpPendingUntil,
                totpDisplayName: null,
                totpEnrolledAt: null,
                legacyBase32Secret: false,
              })
              .where(eq(twoFactors.userId, session.user.id));
            // FirebaseUI has no backup codes (their endpoint is disabled): they are not shown.
            return ctx.json({ method: 'totp', totpURI: returned.totpURI, expiresAt: totpPendingUntil.toISOString() });
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/two-factor/send-otp',
          handler: createAuthMiddleware(async (ctx) => {
            const phoneNumber = textedTo.get(ctx.context);
            if (isAPIError(ctx.context.returned) || !phoneNumber) return;
            return ctx.json({ status: true, phoneNumber });
          }),
        },
        {
          // The right first code: the factor is enrolled (once, even if two finishes race) and announced.
          matcher: (ctx) => VERIFY_PATHS.has(ctx.path ?? ''),
          handler: createAuthMiddleware(async (ctx) => {
            const pending = enrolling.get(ctx.context);
            if (!pending || isAPIError(ctx.context.returned)) return;
            const kind = ctx.path === '/two-factor/verify-totp' ? 'totp' : 'phone';
            const factor = await enroll(pending.userId, kind, text(bodyOf(ctx).displayName));
            if (!factor) return;
            return ctx.json({ factor });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  const twoFactorPlugin = twoFactor({
    issuer: settings.totpIssuer,
    // The recent-sign-in-or-password rule is ours (assertCanEnroll); with this the plugin asks only
    // an account that has a password for it.
    allowPasswordless: true,
    twoFactorCookieMaxAge: PENDING_TTL_S,
    accountLockout: {
      maxFailedAttempts: settings.enrollAttemptsPerUser.max,
      durationSeconds: settings.enrollAttemptsPerUser.windowMs / 1000,
    },
    otpOptions: {
      period: settings.enrollmentTtlMs / 60_000,
      storeOTP: 'encrypted',
      // Enrolling: the new number (its limit was counted by the hook); signing in: the enrolled one,
      // within the same per-number limit: past it nothing is sent (the plugin would only log a refusal).
      sendOTP: async ({ user, otp }, ctx) => {
        const enrollingTo = ctx && enrolling.get(ctx.context)?.phoneNumber;
        const to = enrollingTo ?? (await factorRowOf(db, user.id))?.phoneNumber;
        if (!to) return;
        if (!enrollingTo && !(await consumeRateLimit(db, `mfa-sms:phone:${to}`, settings.smsPerPhoneNumber, options.now()))) return;
        if (ctx) textedTo.set(ctx.context, to);
        await queueSms(db, { to, body: phoneCodeSms(otp), idempotencyKey: `mfa-otp:${user.id}:${crypto.randomUUID()}` });
      },
    },
  });

  return [twoFactorPlugin, plugin] as const;
}
