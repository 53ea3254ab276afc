import type { Db } from '../db/client.js';
import type { Env } from '../env.js';
import type { RateLimitRule } from './attempt-limits.js';
import { captchaSettings } from './altcha.js';
import { federatedSettings } from './federated/providers.js';
import { tenantSettings } from './tenants/tenants.js';

/** The identity API's configuration, read once from the environment (documented in .env.example). */
export type IdentitySettings = ReturnType<typeof identitySettings>;

/** What our Better Auth plugins are built with: the database, the settings above and the server's clock. */
export interface AuthPluginOptions {
  db: Db;
  identity: IdentitySettings;
  now: () => Date;
}

export function identitySettings(env: Env, authSecret: string) {
  const federated = federatedSettings(env);
  return {
    appUrl: env.APP_URL,
    /** Per client IP, for every identity endpoint that checks a credential or sends a message. */
    perClientLimit: { max: env.IDENTITY_RATE_LIMIT_MAX, windowMs: 60_000 } satisfies RateLimitRule,
    /** The e-mail, account-action and phone families' settings (zod transforms in env.ts). */
    ...env.identityFamilies,
    captcha: captchaSettings(env, authSecret),
    federated,
    tenants: tenantSettings(env, federated),
    /** Signs ID tokens for session token sync (the Better Auth secret). */
    tokenSecret: authSecret,
    /** product §7 token sync: where the web client POSTs/DELETEs its token, and how old a token may be. */
    tokenSync: { url: env.TOKEN_SYNC_URL ?? null, maxAgeS: env.TOKEN_SYNC_MAX_AGE_S },
  };
}
