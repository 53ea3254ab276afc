import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { isAPIError } from 'better-auth/api';
import { openAPI } from 'better-auth/plugins';
import { PASSWORD_MIN } from '@trailbuddy/shared/contracts/enums';
import type { Db } from '../db/client.js';
import type { IdentitySettings } from './settings.js';
import { federatedSignIn, isOAuthRefusal } from './federated/federated-sign-in.js';
import { tenantDirectory } from './tenants/tenant-directory.js';
import { accountActions, MAILED_TOKEN_TTL_S, mailBetterAuthToken } from './account-actions/account-actions.js';
import { passwordAccounts } from './email/password-accounts.js';
import { adminAccounts } from './admin-accounts.js';
import { EMAIL_LINK_PATHS, emailLinkPlugins } from './email/email-link.js';
import { guestPlugins, SIGN_IN_ANONYMOUS } from './guests/guests.js';
import { altcha, ALTCHA_CHALLENGE_PATH } from './altcha.js';
import { identityAccount } from './identity-account.js';
import { PHONE_CONFIG_PATH, PHONE_SEND_PATH, PHONE_VERIFY_PATH, phoneSignIn, UNUSED_PHONE_PATHS } from './phone/phone-sign-in.js';
import { AUTH_TABLES } from './create-user.js';
import { secondFactorGate } from './second-factor/second-factor-gate.js';
import { DISABLED_SECOND_FACTOR_PATHS, secondFactors } from './second-factor/second-factors.js';
import { signInGuard } from './email/sign-in-guard.js';
import { SESSION_CACHE_MAX_AGE_S, type RevocationGuard } from './session-revocations.js';

export interface AuthConfig {
  secret: string;
  rateLimitMax: number;
  /** Per IP and minute on sign-in, sign-up and reset endpoints. */
  sensitiveRateLimitMax: number;
  /** Extra origins allowed to call the auth API (the Vite dev server in development). */
  trustedOrigins?: string[];
  /** The sign-in widget's settings our plugins follow (the app's URL, tenants, sign-up controls, limits, codes, captcha, providers). */
  identity: IdentitySettings;
  /** ADMIN_EMAILS: the administrators (the admin plugin's role is read from them). */
  adminEmails: readonly string[];
  /** The server's clock (tests move it). */
  now?: () => Date;
  /**
   * What lets sessions be served from Better Auth's cookie cache (ADR 0058): without it (an app
   * with no live-event hub) every session check reads PostgreSQL.
   */
  revocations?: RevocationGuard;
  /** Where Better Auth's own log lines go; without one only its errors reach the console. */
  log?: Pick<Console, 'error' | 'warn' | 'info' | 'debug'>;
}

/**
 * Better Auth's session check. Its limiter is off for it: the bridge counts it with the API's own
 * in-memory limit (plugins/auth-session.ts) instead of a read and a write of `rate_limits` per call.
 */
export const SESSION_CHECK_PATH = '/get-session';

/** The header our Fastify bridge sets from `request.ip`, replacing anything a client sent. */
export const CLIENT_IP_HEADER = 'x-trailbuddy-client-ip';

/** Better Auth at /api/auth (product §7 "Auth", ADR 0029): the one auth system, its plugins and ours. */
export function createAuth(db: Db, config: AuthConfig) {
  const now = config.now ?? (() => new Date());
  const { identity } = config;
  const admins = adminAccounts(config.adminEmails);
  const plugin = { db, identity, now };
  const phone = phoneSignIn(plugin);
  const auth = betterAuth({
    appName: 'TrailBuddy',
    baseURL: identity.appUrl,
    basePath: '/api/auth',
    secret: config.secret,
    trustedOrigins: [identity.appUrl, ...(config.trustedOrigins ?? [])],
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (given, message, ...args) => {
        // Answers, not faults: a provider callback that does not prove who the person is, and a
        // cross-site request refused with 403.
        const refusal = isOAuthRefusal(message) || message.startsWith('Invalid origin');
        const level = given === 'error' && refusal ? 'warn' : given;
        if (config.log) config.log[level](message, ...args);
        else if (level === 'error') console.error(message, ...args);
      },
    },
    onAPIError: {
      // A refusal thrown by a hook (a locked e-mail, a cross-site call) is an answer, not a fault:
      // only server errors are logged, as for every other route.
      onError: (error) => {
        if (isAPIError(error) && error.statusCode < 500) return;
        (config.log ?? console).error('[auth] request failed', error);
      },
    },
    database: drizzleAdapter(db, { provider: 'pg', schema: AUTH_TABLES }),
    session: {
      // A session check reads its signed cookie instead of PostgreSQL for up to five minutes,
      // unless the revocation guard has heard of a change to that session or user since (ADR 0058).
      cookieCache: config.revocations
        ? { enabled: true, strategy: 'compact', maxAge: SESSION_CACHE_MAX_AGE_S, version: config.revocations.cacheVersion }
        : { enabled: false },
    },
    user: {
      // Columns of ours that Better Auth reads back into the session's user; clients never set them.
      additionalFields: {
        isAnonymous: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // Every way of signing in ends in a new session: refusing it here covers them all, the
          // modal's, the widget's and any plugin's. A disabled account is the admin plugin's hook.
          before: async (session, context) => secondFactorGate(db, session.userId, context),
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      disableSignUp: identity.email.signUpDisabled,
      minPasswordLength: PASSWORD_MIN,
      // Like the original product: creating an account signs you in; verification is by mail.
      requireEmailVerification: false,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: MAILED_TOKEN_TTL_S,
      sendResetPassword: mailBetterAuthToken(plugin, 'PASSWORD_RESET'),
    },
    emailVerification: {
      sendOnSignUp: true,
      // The widget's verifyEmail page completes the link; like Firebase's applyActionCode it signs nobody in.
      autoSignInAfterVerification: false,
      expiresIn: MAILED_TOKEN_TTL_S,
      sendVerificationEmail: mailBetterAuthToken(plugin, 'VERIFY_EMAIL'),
    },
    rateLimit: {
      // Shared by every instance through PostgreSQL (architecture §1 "Stateless server instances").
      enabled: true,
      storage: 'database',
      window: 60,
      max: config.rateLimitMax,
      customRules: {
        // The widget's per-client budget (IDENTITY_RATE_LIMIT_MAX a minute), for what makes a guest,
        // mails, texts or checks a code, or tells whether an address has an account. Listed first:
        // the first rule that matches a path is the one that counts.
        ...Object.fromEntries(
          [
            SIGN_IN_ANONYMOUS,
            ...EMAIL_LINK_PATHS,
            PHONE_SEND_PATH,
            PHONE_VERIFY_PATH,
            ALTCHA_CHALLENGE_PATH,
            '/change-email',
            '/identity/sign-in-methods',
            '/identity/action-codes/*',
          ].map((path) => [path, { window: identity.perClientLimit.windowMs / 1000, max: identity.perClientLimit.max }]),
        ),
        // Credential endpoints get a tighter budget than the rest of the auth API.
        ...Object.fromEntries(
          ['/sign-in/*', '/sign-up/*', '/request-password-reset', '/reset-password', '/send-verification-email', '/two-factor/*'].map(
            (path) => [path, { window: 60, max: config.sensitiveRateLimitMax }],
          ),
        ),
        [PHONE_CONFIG_PATH]: { window: 60, max: config.rateLimitMax },
        [SESSION_CHECK_PATH]: false,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Its origin (CSRF) check, which it turns off by itself when NODE_ENV is "test": the suite
      // runs the policy production runs.
      disableOriginCheck: false,
      database: {
        // A session and its user in one query (drizzle's relational query, db/schema/relations.ts).
        joins: true,
        // Better Auth's ids are the UUIDs our own code makes (ADR 0061); earlier ids stay as they are.
        generateId: () => randomUUID(),
      },
    },
    // Describes these endpoints for our one OpenAPI document (plugins/openapi-auth.ts merges it).
    // Its Scalar page would load a script from a CDN and its schema route would be a second,
    // partial document: /api/docs and /api/openapi.json stay the only ones.
    plugins: [
      openAPI({ disableDefaultReference: true }),
      signInGuard(plugin),
      accountActions(plugin),
      passwordAccounts(plugin),
      identityAccount(plugin),
      ...guestPlugins(plugin),
      ...emailLinkPlugins(plugin),
      ...federatedSignIn(plugin),
      tenantDirectory(identity.tenants),
      // The phone's checks, the captcha, then the send counted: a refused number spends no captcha.
      ...phone.plugins,
      altcha({ db, settings: identity.captcha, paths: [PHONE_SEND_PATH], now }),
      phone.sendCounter,
      ...admins.plugins,
      ...secondFactors(plugin),
    ],
    disabledPaths: ['/open-api/generate-schema', ...UNUSED_PHONE_PATHS, ...DISABLED_SECOND_FACTOR_PATHS, ...admins.httpPaths],
  });
  return auth;
}

export type Auth = ReturnType<typeof createAuth>;
