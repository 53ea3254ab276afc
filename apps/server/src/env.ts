import { z } from 'zod';

/**
 * The environment, read once at start-up and validated. Every variable is documented in
 * `.env.example`; the defaults make `npm start` work offline on a fresh machine.
 */
const emailList = z
  .string()
  .default('admin@trailbuddy.app,curator@trailbuddy.app')
  // Case-sensitive on purpose: product §6 says administrators are compared case-sensitively.
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
  );

const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

/** Comma-separated origins (scheme, host, port; nothing else), as a browser's Origin header spells them. */
const originList = z.string().transform((s, ctx) => {
  const origins: string[] = [];
  for (const item of s
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean)) {
    const url = URL.parse(item);
    if (!url || !/^https?:$/.test(url.protocol) || url.origin !== item.replace(/\/$/, '')) {
      ctx.addIssue(`${JSON.stringify(item)} is not an origin such as https://app.example.com.`);
      return z.NEVER;
    }
    origins.push(url.origin);
  }
  return origins;
});

/** Host names (`*.` = any subdomain) with an optional `:port`, lower-cased. */
const pushHostList = z
  .string()
  .default('fcm.googleapis.com,updates.push.services.mozilla.com,web.push.apple.com,*.notify.windows.com')
  .transform((s, ctx) => {
    const hosts = s
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    const bad = hosts.find((h) => !/^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/.test(h) && !/^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(h));
    if (bad !== undefined) {
      ctx.addIssue(`${JSON.stringify(bad)} is not a host name such as fcm.googleapis.com or *.notify.windows.com.`);
      return z.NEVER;
    }
    return hosts;
  });

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * The interface the server listens on. Unset: 0.0.0.0 in production (every interface, behind
   * whatever the deployment puts in front), 127.0.0.1 elsewhere, so a development server seeded
   * with known demo passwords is not reachable from the network (docs/security/web-boundary.md).
   */
  HOST: z.string().trim().min(1).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The public origin of the app: the printed URLs, links inside e-mails and the origin Better
   * Auth trusts. Unset: http://localhost:<PORT>, so `PORT` alone moves the whole app.
   */
  APP_URL: z.url().optional(),
  /**
   * Other origins whose pages may change state here, comma-separated (`https://admin.example.com`):
   * on the same site as APP_URL (another port or subdomain), since a browser's cross-site marker
   * is refused whatever the origin (ADR 0052). Unset: Vite's dev server in development, none
   * elsewhere. Better Auth trusts the same list for /api/auth/*.
   */
  TRUSTED_ORIGINS: originList.optional(),
  /** Behind a load balancer or proxy: trust its X-Forwarded-For for the client IP. */
  TRUST_PROXY: bool(false),
  /** Request logs are at debug level in development (info in production), so `debug` shows them. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (readable lines, the default in development) or `json` (one object a line, the default elsewhere). */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),

  /** Any PostgreSQL ≥ 15. Unset: an embedded cluster in DATA_DIR/postgres is started. */
  DATABASE_URL: z.string().optional(),
  /**
   * The same database without a pooler in between, for what needs a session of its own: LISTEN
   * (live events), the job queue's listener and migrations (session advisory lock). Set it when
   * DATABASE_URL points at PgBouncer in transaction pooling mode; unset = DATABASE_URL (ADR 0014).
   */
  DATABASE_DIRECT_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  /** Unset: follows PORT (54329 at PORT 3000; see PORT_FOLLOWERS). */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).optional(),

  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  /**
   * Web push (RFC 8292 VAPID): the key pair push services know this server by, base64url as
   * `npx web-push generate-vapid-keys` prints them. Unset outside production: generated once into
   * DATA_DIR. Required in production, and the same on every instance (subscriptions are bound to
   * the public key).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'VAPID_PUBLIC_KEY must be a P-256 public key, 65 bytes in base64url (87 characters).')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'VAPID_PRIVATE_KEY must be a P-256 private key, 32 bytes in base64url (43 characters).')
    .optional(),
  /** Who push services may contact about this sender: a `mailto:` or `https:` URL. Unset: MAIL_FROM's address. */
  /**
   * The push services a browser subscription may point at (ADR 0052): host names, `*.` for any
   * subdomain, `:port` for a port other than 443. The default is today's browsers' services:
   * Google's FCM (Chrome, Edge on Android, Opera, Samsung Internet), Mozilla's autopush (Firefox),
   * Apple's (Safari) and Microsoft's WNS (Edge on Windows).
   */
  PUSH_SERVICE_HOSTS: pushHostList,
  /**
   * Tests only: lets a push endpoint on the allow-list resolve to a loopback address (the local
   * stand-in of a push service). Refused unless NODE_ENV=test, so no deployment can turn it on.
   */
  PUSH_ALLOW_LOOPBACK: bool(false),
  /** The most browsers one account may receive push on: a new one replaces the oldest. */
  PUSH_SUBSCRIPTIONS_PER_ACCOUNT: z.coerce.number().int().min(1).max(50).default(5),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'VAPID_SUBJECT must be a mailto: or https: URL.')
    .optional(),
  ADMIN_EMAILS: emailList,
  /** Requests per IP and minute to the auth API, and to its sign-in/sign-up/reset endpoints. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(100),
  AUTH_SENSITIVE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  /** Requests per IP and minute to each identity endpoint that checks a credential or sends a message. */
  IDENTITY_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  /**
   * E-mail enumeration protection (ADR 0053, docs/security/identity-email.md), on by default as in
   * Firebase projects since 2023: sign-in methods always [], one `invalid-login-credentials` for any
   * failed password sign-in, recovery always a success. `false` restores the telling answers.
   */
  IDENTITY_EMAIL_ENUMERATION_PROTECTION: bool(true),
  /** Nobody can create an account (password sign-up, e-mail link, phone): `admin-restricted-operation`. */
  IDENTITY_SIGN_UP_DISABLED: bool(false),
  /** Shown on the widget's unauthorized-user page when sign-up is disabled. */
  IDENTITY_ADMIN_CONTACT_EMAIL: z.email().optional(),
  IDENTITY_HELP_URL: z.url().optional(),
  /** Widget provider ids whose sign-up needs a display name, comma-separated ("" = none). */
  IDENTITY_REQUIRE_DISPLAY_NAME: z.string().default('password'),
  /** Failed password sign-ins allowed per e-mail, and per client IP, in 15 minutes. */
  IDENTITY_PASSWORD_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(5),
  IDENTITY_PASSWORD_FAILURES_PER_CLIENT: z.coerce.number().int().positive().default(20),
  /** Sign-in links and reset mails per e-mail address and hour. */
  IDENTITY_EMAIL_SENDS_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** Session token sync (product §7): a same-origin path the web client POSTs its ID token to; unset = off. */
  TOKEN_SYNC_URL: z
    .string()
    .regex(/^\/[^/]/, 'TOKEN_SYNC_URL must be a same-origin path such as /api/auth/identity/token-sync.')
    .optional(),
  /** Tokens older than this (seconds) are not synced; the client fetches a fresh one. */
  TOKEN_SYNC_MAX_AGE_S: z.coerce.number().int().positive().default(300),
  /** Account-action links (docs/security/identity-actions.md): how long a change-of-e-mail (or reset / verify) code of ours works. */
  IDENTITY_ACTION_CODE_TTL_MIN: z.coerce.number().int().positive().default(60),
  /** How long the defence links work: recoverEmail (undo an e-mail change) and revertSecondFactorAddition. */
  IDENTITY_RECOVERY_CODE_TTL_HOURS: z.coerce.number().int().positive().default(72),
  /** A session younger than this may change the e-mail or second factors without the password. */
  IDENTITY_RECENT_LOGIN_MIN: z.coerce.number().int().positive().default(5),
  /** Phone sign-in (docs/security/identity-phone.md): code lifetime, resend delay, limits per number. */
  IDENTITY_PHONE_CODE_TTL_S: z.coerce.number().int().positive().default(300),
  IDENTITY_PHONE_RESEND_DELAY_S: z.coerce.number().int().min(0).default(15),
  IDENTITY_PHONE_SENDS_PER_HOUR: z.coerce.number().int().positive().default(5),
  /** Wrong codes before a code is burned and a new one must be sent. */
  IDENTITY_PHONE_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
  /** ALTCHA (the default captcha): HMAC key of the challenges; unset = derived from the auth secret. */
  ALTCHA_HMAC_KEY: z.string().min(32).optional(),
  /** Proof-of-work size: PBKDF2 iterations per try, and the largest counter a solver may have to reach. */
  ALTCHA_COST: z.coerce.number().int().positive().default(100),
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(2).default(10_000),
  ALTCHA_TTL_S: z.coerce.number().int().positive().default(600),
  /** reCAPTCHA replaces ALTCHA when both keys are set; the verify URL is overridable for tests and proxies. */
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET_KEY: z.string().optional(),
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
  /**
   * Federated sign-in (docs/security/identity-federated.md). A built-in provider is on when its
   * client id and secret are set (Apple: client id, team id, key id and private key).
   */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  TWITTER_CLIENT_ID: z.string().optional(),
  TWITTER_CLIENT_SECRET: z.string().optional(),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  MICROSOFT_CLIENT_ID: z.string().optional(),
  MICROSOFT_CLIENT_SECRET: z.string().optional(),
  /** Entra ID tenant: common, organizations, consumers or a tenant id. */
  MICROSOFT_TENANT: z.string().default('common'),
  YAHOO_CLIENT_ID: z.string().optional(),
  YAHOO_CLIENT_SECRET: z.string().optional(),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  /** The .p8 key (PEM; "\n" escapes allowed) that signs Apple's client secret. */
  APPLE_PRIVATE_KEY: z.string().optional(),
  /** JSON array of generic OpenID Connect providers `oidc.<name>` (see .env.example). */
  IDENTITY_OIDC_PROVIDERS: z.string().optional(),
  /** JSON array of SAML identity providers `saml.<name>` (see .env.example). */
  IDENTITY_SAML_PROVIDERS: z.string().optional(),
  /** JSON array of tenants (ADR 0009, docs/security/identity-tenants.md; see .env.example). Unset: no tenants. */
  IDENTITY_TENANTS: z.string().optional(),
  API_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /**
   * Measured ability from Strava (ADR 0056): a Strava API application's client id and secret.
   * Unset: members import files only and the Strava connection is not offered. The base URL is
   * Strava's; tests point it at a local stand-in.
   */
  STRAVA_CLIENT_ID: z.string().optional(),
  STRAVA_CLIENT_SECRET: z.string().optional(),
  STRAVA_BASE_URL: z.url().default('https://www.strava.com'),
  /**
   * Live streams (GET /api/events) one account may hold open on an instance, and visitors' streams
   * per client address: one more closes the oldest with `event: replaced` (ADR 0012).
   */
  LIVE_STREAMS_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  LIVE_STREAMS_PER_VISITOR_ADDRESS: z.coerce.number().int().positive().default(20),

  /** smtp://user:pass@host:port. Unset with the embedded database: the dev inbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('TrailBuddy <hello@trailbuddy.app>'),
  EMAILJS_SERVICE_ID: z.string().optional(),
  EMAILJS_PUBLIC_KEY: z.string().optional(),
  EMAILJS_PRIVATE_KEY: z.string().optional(),
  EMAILJS_TEMPLATE_GENERAL: z.string().optional(),
  EMAILJS_TEMPLATE_MATCH: z.string().optional(),
  EMAILJS_ORIGIN: z.url().default('https://api.emailjs.com'),
  /**
   * Notification mail (ADR 0025): seconds a notification may stay unseen in the app before it is
   * e-mailed; a burst within it becomes one mail.
   */
  NOTIFICATION_MAIL_DELAY_S: z.coerce.number().int().min(0).default(120),
  /** Seconds between the looks for notification mail that is due (ADR 0078): a mail goes out up to this long after its delay. */
  NOTIFICATION_MAIL_SWEEP_S: z.coerce.number().positive().default(30),
  /** Minutes after a shared trip's expected return without check-out before the contact is alerted (ADR 0033). */
  TRIP_OVERDUE_AFTER_MIN: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(60),
  DEV_INBOX: bool(true),
  /** Unset: follow PORT (1025 and 1080 at PORT 3000; see PORT_FOLLOWERS). */
  DEV_INBOX_SMTP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DEV_INBOX_WEB_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** An SMS gateway (or an adapter in front of one): POST JSON {to, body, idempotencyKey}. Unset: the dev SMS inbox. */
  SMS_WEBHOOK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  /** Sent to the SMS webhook as `Authorization: Bearer <token>`. */
  SMS_WEBHOOK_TOKEN: z.string().optional(),

  STORAGE_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(8),
  /** Largest image accepted, in megapixels (width × height), checked from the header before any decoding. */
  UPLOAD_MAX_MEGAPIXELS: z.coerce.number().positive().max(268).default(40),

  SEED_DEMO_DATA: bool(true),
  /** With SEED_DEMO_DATA: the demo users' matches and feedback, rebuilt relative to today on every start. */
  SEED_DEMO_MATCHES: bool(true),
  /** IANA zone the weekend sessions are scheduled in. */
  TRAIL_TIME_ZONE: z.string().default('Europe/Lisbon'),
  /** Serve the built web app (apps/web/dist) for every non-API path. */
  SERVE_WEB: bool(true),
  JOBS_ENABLED: bool(true),
});

type EnvVariables = z.infer<typeof envSchema>;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** A count in a fixed window (auth/attempt-limits.ts counts them). */
const perWindow = (max: number, windowMs: number) => ({ max, windowMs });

/**
 * Which SMS transport the environment selects: the webhook when `SMS_WEBHOOK_URL` is set, else
 * the development inbox (DEV_INBOX, never in production), else none, and phone sign-in is off
 * (`operation-not-allowed`) rather than accepting numbers whose codes could never leave.
 */
export function smsTransportKind(env: Pick<EnvVariables, 'NODE_ENV' | 'SMS_WEBHOOK_URL' | 'DEV_INBOX'>): 'webhook' | 'dev-inbox' | null {
  if (env.SMS_WEBHOOK_URL) return 'webhook';
  return env.DEV_INBOX && env.NODE_ENV !== 'production' ? 'dev-inbox' : null;
}

/** The e-mail family's settings (password, e-mail link, sign-up controls). */
const emailIdentity = (env: EnvVariables) => ({
  /**
   * Firebase's e-mail enumeration protection: the sign-in methods of any e-mail are `[]`, password
   * recovery answers success for unknown e-mails, and a password sign-in with an unknown e-mail is
   * `wrong-password`. The widget then offers sign-up for every e-mail; signing an existing e-mail up
   * fails with `email-already-in-use`.
   */
  enumerationProtection: env.IDENTITY_EMAIL_ENUMERATION_PROTECTION,
  /** No new accounts by password sign-up or e-mail link: `admin-restricted-operation`. */
  signUpDisabled: env.IDENTITY_SIGN_UP_DISABLED,
  /** The unauthorized-user page's admin contact and help link, named as the widget's config names them. */
  adminEmail: env.IDENTITY_ADMIN_CONTACT_EMAIL ?? null,
  helpLink: env.IDENTITY_HELP_URL ?? null,
  /** Widget provider ids whose sign-up must carry a non-blank display name. */
  requireDisplayName: env.IDENTITY_REQUIRE_DISPLAY_NAME.split(',')
    .map((p) => p.trim())
    .filter(Boolean),
  /** Failed password sign-ins, per e-mail and per client IP, before `too-many-requests`. */
  passwordFailuresPerEmail: perWindow(env.IDENTITY_PASSWORD_FAILURES_PER_EMAIL, 15 * MINUTE_MS),
  passwordFailuresPerClient: perWindow(env.IDENTITY_PASSWORD_FAILURES_PER_CLIENT, 15 * MINUTE_MS),
  /** Sign-in links and reset mails per e-mail address (a mailbox cannot be flooded). */
  mailsPerEmail: perWindow(env.IDENTITY_EMAIL_SENDS_PER_HOUR, HOUR_MS),
  /** How long an e-mail sign-in link works. */
  emailLinkTtlMs: HOUR_MS,
});

/** The account-action family's settings (docs/security/identity-actions.md). */
const actionIdentity = (env: EnvVariables) => ({
  /** verifyAndChangeEmail links (and any verifyEmail / resetPassword code of ours). */
  codeTtlMs: env.IDENTITY_ACTION_CODE_TTL_MIN * MINUTE_MS,
  /**
   * The defence links: recoverEmail (undo an e-mail change) and revertSecondFactorAddition. They
   * live longer, because the owner of a taken-over account may not read mail at once.
   */
  recoveryCodeTtlMs: env.IDENTITY_RECOVERY_CODE_TTL_HOURS * HOUR_MS,
  /** Changing the e-mail or second factors needs a session this young, or the current password. */
  recentLoginMs: env.IDENTITY_RECENT_LOGIN_MIN * MINUTE_MS,
  /** Change-of-e-mail requests per account (each one mails the new address). */
  emailChangesPerUser: perWindow(5, HOUR_MS),
  /** Codes tried per account while enrolling a second factor (TOTP or SMS), then `too-many-requests`. */
  enrollAttemptsPerUser: perWindow(5, 15 * MINUTE_MS),
  /** How long a started enrollment waits for its code (the TOTP app's first code, or the SMS code). */
  enrollmentTtlMs: 10 * MINUTE_MS,
  /** The issuer an authenticator app shows. */
  totpIssuer: 'TrailBuddy',
  /** SMS enrollment codes per phone number and hour (a number cannot be flooded). */
  smsPerPhoneNumber: perWindow(5, HOUR_MS),
});

/** The phone family's settings (docs/security/identity-phone.md). */
const phoneIdentity = (env: EnvVariables) => ({
  /** Phone sign-in works only with a way to send the codes (SMS webhook or development inbox). */
  enabled: smsTransportKind(env) !== null,
  /** The transport the codes leave by; `dev-inbox` also serves /dev/sms. */
  transport: smsTransportKind(env),
  codeTtlMs: env.IDENTITY_PHONE_CODE_TTL_S * 1000,
  /** product §9: the widget counts down 15 s before it offers "Resend"; the server holds to it too. */
  resendDelayMs: env.IDENTITY_PHONE_RESEND_DELAY_S * 1000,
  /** Codes sent to one number per hour, then "This phone number has been used too many times". */
  sendsPerNumber: perWindow(env.IDENTITY_PHONE_SENDS_PER_HOUR, HOUR_MS),
  /** Wrong codes before the code is burned. */
  maxAttempts: env.IDENTITY_PHONE_MAX_ATTEMPTS,
});

/** The variables, and the identity families' settings read from them once (auth/settings.ts adds the rest). */
const envWithSettings = envSchema.transform((env) => ({
  ...env,
  identityFamilies: { email: emailIdentity(env), actions: actionIdentity(env), phone: phoneIdentity(env) },
}));

export type EmailIdentitySettings = ReturnType<typeof emailIdentity>;
export type ActionIdentitySettings = ReturnType<typeof actionIdentity>;
export type PhoneIdentitySettings = ReturnType<typeof phoneIdentity>;

/**
 * The other ports a development server opens, each at its value for the default PORT 3000. Unset,
 * each moves by as much as PORT moves from 3000 (PORT=3100: PostgreSQL 54429, the inbox 1125 and
 * 1180), so `PORT` alone gives a second checkout on the same machine ports of its own.
 */
export const PORT_FOLLOWERS = {
  EMBEDDED_PG_PORT: 54329,
  DEV_INBOX_SMTP_PORT: 1025,
  DEV_INBOX_WEB_PORT: 1080,
} as const;
const DEFAULT_PORT = 3000;
type PortFollower = keyof typeof PORT_FOLLOWERS;

export type Env = Omit<z.infer<typeof envWithSettings>, 'APP_URL' | 'HOST' | 'TRUSTED_ORIGINS' | PortFollower> & {
  APP_URL: string;
  HOST: string;
  TRUSTED_ORIGINS: string[];
} & Record<PortFollower, number>;

/** Where the server listens when HOST is unset: every interface only in production. */
export const defaultHost = (nodeEnv: Env['NODE_ENV']) => (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1');

/** The dev server of the web app (`npm run dev -w apps/web`) proxies /api here from its own origin. */
const VITE_DEV_ORIGIN = 'http://localhost:5173';

/** Where a browser on this machine reaches the server when APP_URL does not say otherwise. */
export const localAppUrl = (port: number) => `http://localhost:${port}`;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envWithSettings.safeParse(source);
  if (!result.success) throw invalidEnvironment(result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const { data } = result;
  const followers = {} as Record<PortFollower, number>;
  const problems: string[] = [];
  // Only a port that will be opened must fit: with DATABASE_URL or a mail service, a high PORT is fine.
  const opened: Record<PortFollower, boolean> = {
    EMBEDDED_PG_PORT: !data.DATABASE_URL,
    DEV_INBOX_SMTP_PORT: devInboxRuns(data),
    DEV_INBOX_WEB_PORT: devInboxRuns(data),
  };
  for (const [name, atDefault] of Object.entries(PORT_FOLLOWERS) as Array<[PortFollower, number]>) {
    // PORT=0 asks the system for a free port; the others then keep their own defaults.
    const derived = data.PORT === 0 ? atDefault : atDefault + data.PORT - DEFAULT_PORT;
    if (data[name] === undefined && opened[name] && (derived < 1 || derived > 65535)) {
      problems.push(`${name}: PORT=${data.PORT} would put it at ${derived}; set ${name}`);
    }
    followers[name] = data[name] ?? derived;
  }
  // A production server must never reach loopback for a push: the switch is for tests alone.
  if (data.PUSH_ALLOW_LOOPBACK && data.NODE_ENV !== 'test') {
    problems.push('PUSH_ALLOW_LOOPBACK: only a test run (NODE_ENV=test) may let push reach loopback.');
  }
  if (problems.length) throw invalidEnvironment(problems);
  return {
    ...data,
    ...followers,
    APP_URL: data.APP_URL ?? localAppUrl(data.PORT),
    HOST: data.HOST ?? defaultHost(data.NODE_ENV),
    TRUSTED_ORIGINS: data.TRUSTED_ORIGINS ?? (data.NODE_ENV === 'development' ? [VITE_DEV_ORIGIN] : []),
  };
}

/** Whether `npm start` starts the development mail inbox: no mail service configured (main.ts). */
export function devInboxRuns(env: Pick<z.infer<typeof envSchema>, 'DEV_INBOX' | 'SMTP_URL' | 'EMAILJS_SERVICE_ID'>): boolean {
  return env.DEV_INBOX && !env.SMTP_URL && !env.EMAILJS_SERVICE_ID;
}

function invalidEnvironment(problems: string[]): Error {
  return new Error(`Invalid environment:\n${problems.map((p) => `  ${p}`).join('\n')}`);
}
