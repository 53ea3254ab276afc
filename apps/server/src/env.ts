import { z } from 'zod';

/**
 * The environment, read once at start-up and validated. Every variable is documented in
 * `.env.example`; the defaults make `npm start` work offline on a fresh machine.
 */
const emailList = z
  .string()
  .default('admin@trailbuddy.app,curator@trailbuddy.app')
  // Case-sensitive on purpose: SPEC §6 says administrators are compared case-sensitively.
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

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The public origin of the app: the printed URLs, links inside e-mails and the origin Better
   * Auth trusts. Unset: http://localhost:<PORT>, so `PORT` alone moves the whole app.
   */
  APP_URL: z.url().optional(),
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
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),

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
  /** E-mail enumeration protection (docs/security/identity-email.md): sign-in methods always [], no user-not-found. */
  IDENTITY_EMAIL_ENUMERATION_PROTECTION: bool(false),
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
  /** Session token sync (SPEC §7): a same-origin path the web client POSTs its ID token to; unset = off. */
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
  /** Minutes after a shared trip's expected return without check-out before the contact is alerted (ADR 0033). */
  TRIP_OVERDUE_AFTER_MIN: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(60),
  DEV_INBOX: bool(true),
  DEV_INBOX_SMTP_PORT: z.coerce.number().int().default(1025),
  DEV_INBOX_WEB_PORT: z.coerce.number().int().default(1080),
  /** An SMS gateway (or an adapter in front of one): POST JSON {to, body, idempotencyKey}. Unset: the dev SMS inbox. */
  SMS_WEBHOOK_URL: z.url().optional(),
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

  SEED_DEMO_DATA: bool(true),
  /** With SEED_DEMO_DATA: the demo users' matches and feedback, rebuilt relative to today on every start. */
  SEED_DEMO_MATCHES: bool(true),
  /** IANA zone the weekend sessions are scheduled in. */
  TRAIL_TIME_ZONE: z.string().default('Europe/Lisbon'),
  /** Serve the built web app (apps/web/dist) for every non-API path. */
  SERVE_WEB: bool(true),
  JOBS_ENABLED: bool(true),
});

export type Env = Omit<z.infer<typeof envSchema>, 'APP_URL'> & { APP_URL: string };

/** Where a browser on this machine reaches the server when APP_URL does not say otherwise. */
export const localAppUrl = (port: number) => `http://localhost:${port}`;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return { ...result.data, APP_URL: result.data.APP_URL ?? localAppUrl(result.data.PORT) };
}
