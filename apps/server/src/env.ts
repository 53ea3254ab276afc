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
  /** The public origin of the app, used in links inside e-mails. */
  APP_URL: z.url().default('http://localhost:3000'),
  /** Behind a load balancer or proxy: trust its X-Forwarded-For for the client IP. */
  TRUST_PROXY: bool(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

  /** Any PostgreSQL ≥ 15. Unset: an embedded cluster in DATA_DIR/postgres is started. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().default(54329),

  BETTER_AUTH_SECRET: z.string().min(32).optional(),
  ADMIN_EMAILS: emailList,
  /** Requests per IP and minute to the auth API, and to its sign-in/sign-up/reset endpoints. */
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(100),
  AUTH_SENSITIVE_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  API_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),

  /** smtp://user:pass@host:port. Unset with the embedded database: the dev inbox. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('TrailBuddy <hello@trailbuddy.app>'),
  EMAILJS_SERVICE_ID: z.string().optional(),
  EMAILJS_PUBLIC_KEY: z.string().optional(),
  EMAILJS_PRIVATE_KEY: z.string().optional(),
  EMAILJS_TEMPLATE_GENERAL: z.string().optional(),
  EMAILJS_TEMPLATE_MATCH: z.string().optional(),
  EMAILJS_ORIGIN: z.url().default('https://api.emailjs.com'),
  DEV_INBOX: bool(true),
  DEV_INBOX_SMTP_PORT: z.coerce.number().int().default(1025),
  DEV_INBOX_WEB_PORT: z.coerce.number().int().default(1080),

  STORAGE_DIR: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool(false),
  UPLOAD_MAX_MB: z.coerce.number().positive().default(8),

  SEED_DEMO_DATA: bool(true),
  /** IANA zone the weekend sessions are scheduled in. */
  TRAIL_TIME_ZONE: z.string().default('Europe/Lisbon'),
  /** Serve the built web app (apps/web/dist) for every non-API path. */
  SERVE_WEB: bool(true),
  JOBS_ENABLED: bool(true),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}
