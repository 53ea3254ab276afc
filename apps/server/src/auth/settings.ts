import type { Db } from '../db/client.js';
import type { ActionIdentitySettings, EmailIdentitySettings, Env, PhoneIdentitySettings } from '../env.js';
import type { RateLimitRule } from './attempt-limits.js';
import { captchaSettings, type CaptchaSettings } from './altcha.js';
import { federatedSettings, type FederatedSettings } from './federated/providers.js';
import { tenantSettings, type TenantSettings } from './tenants/tenants.js';

/** The identity API's configuration, read once from the environment (documented in .env.example). */
export interface IdentitySettings {
  appUrl: string;
  /** Per client IP, for every identity endpoint that checks a credential or sends a message. */
  perClientLimit: RateLimitRule;
  /** Password, e-mail link and sign-up controls (env.ts). */
  email: EmailIdentitySettings;
  /** Account actions: action-code lifetimes, recent sign-in, second factors (env.ts). */
  actions: ActionIdentitySettings;
  /** Phone codes: lifetime, resend delay, limits per number (env.ts). */
  phone: PhoneIdentitySettings;
  /** The captcha before any SMS: ALTCHA or reCAPTCHA (auth/altcha.ts). */
  captcha: CaptchaSettings;
  /** Federated providers from the environment and the flows' lifetimes (federated/providers.ts). */
  federated: FederatedSettings;
  /** Tenants: their buttons, sign-in options and e-mail domains (tenants.ts, ADR 0009). */
  tenants: TenantSettings;
  /** Signs ID tokens for session token sync (the Better Auth secret). */
  tokenSecret: string;
  /** product §7 token sync: where the web client POSTs/DELETEs its token, and how old a token may be. */
  tokenSync: { url: string | null; maxAgeS: number };
}

/** What our Better Auth plugins are built with: the database, the settings above and the server's clock. */
export interface AuthPluginOptions {
  db: Db;
  identity: IdentitySettings;
  now: () => Date;
}

export function identitySettings(env: Env, authSecret: string): IdentitySettings {
  const federated = federatedSettings(env);
  return {
    appUrl: env.APP_URL,
    perClientLimit: { max: env.IDENTITY_RATE_LIMIT_MAX, windowMs: 60_000 },
    ...env.identityFamilies,
    captcha: captchaSettings(env, authSecret),
    federated,
    tenants: tenantSettings(env, federated),
    tokenSecret: authSecret,
    tokenSync: { url: env.TOKEN_SYNC_URL ?? null, maxAgeS: env.TOKEN_SYNC_MAX_AGE_S },
  };
}
