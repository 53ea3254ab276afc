import type { Env } from '../env.js';
import type { RateLimitRule } from '../auth/attempt-limits.js';

/** The e-mail family's settings (password, e-mail link, sign-up controls), documented in .env.example. */
export interface EmailIdentitySettings {
  /**
   * Firebase's e-mail enumeration protection: the sign-in methods of any e-mail are `[]`, password
   * recovery answers success for unknown e-mails, and a password sign-in with an unknown e-mail is
   * `wrong-password`. The widget then offers sign-up for every e-mail; signing an existing e-mail up
   * fails with `email-already-in-use`.
   */
  enumerationProtection: boolean;
  /** No new accounts by password sign-up or e-mail link: `admin-restricted-operation`. */
  signUpDisabled: boolean;
  adminContactEmail: string | null;
  helpUrl: string | null;
  /** Widget provider ids whose sign-up must carry a non-blank display name. */
  requireDisplayName: string[];
  /** Failed password sign-ins, per e-mail and per client IP, before `too-many-requests`. */
  passwordFailuresPerEmail: RateLimitRule;
  passwordFailuresPerClient: RateLimitRule;
  /** Sign-in links and reset mails per e-mail address (a mailbox cannot be flooded). */
  mailsPerEmail: RateLimitRule;
  /** How long an e-mail sign-in link works. */
  emailLinkTtlMs: number;
}

const FAILURE_WINDOW_MS = 15 * 60_000;
const HOUR_MS = 60 * 60_000;

export function emailIdentitySettings(env: Env): EmailIdentitySettings {
  return {
    enumerationProtection: env.IDENTITY_EMAIL_ENUMERATION_PROTECTION,
    signUpDisabled: env.IDENTITY_SIGN_UP_DISABLED,
    adminContactEmail: env.IDENTITY_ADMIN_CONTACT_EMAIL ?? null,
    helpUrl: env.IDENTITY_HELP_URL ?? null,
    requireDisplayName: env.IDENTITY_REQUIRE_DISPLAY_NAME.split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    passwordFailuresPerEmail: { max: env.IDENTITY_PASSWORD_FAILURES_PER_EMAIL, windowMs: FAILURE_WINDOW_MS },
    passwordFailuresPerClient: { max: env.IDENTITY_PASSWORD_FAILURES_PER_CLIENT, windowMs: FAILURE_WINDOW_MS },
    mailsPerEmail: { max: env.IDENTITY_EMAIL_SENDS_PER_HOUR, windowMs: HOUR_MS },
    emailLinkTtlMs: HOUR_MS,
  };
}
