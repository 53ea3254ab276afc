import type { Env } from '../env.js';
import type { RateLimitRule } from '../auth/attempt-limits.js';

/** The account-action family's settings (docs/security/identity-actions.md), documented in .env.example. */
export interface ActionIdentitySettings {
  /** verifyAndChangeEmail links (and any verifyEmail / resetPassword code of ours). */
  codeTtlMs: number;
  /**
   * The defence links: recoverEmail (undo an e-mail change) and revertSecondFactorAddition. They
   * live longer, because the owner of a taken-over account may not read mail at once.
   */
  recoveryCodeTtlMs: number;
  /** Changing the e-mail or second factors needs a session this young, or the current password. */
  recentLoginMs: number;
  /** Change-of-e-mail requests per account (each one mails the new address). */
  emailChangesPerUser: RateLimitRule;
  /** Codes tried per account while enrolling a second factor (TOTP or SMS), then `too-many-requests`. */
  enrollAttemptsPerUser: RateLimitRule;
  /** How long a started enrollment waits for its code (the TOTP app's first code, or the SMS code). */
  enrollmentTtlMs: number;
  /** The issuer an authenticator app shows. */
  totpIssuer: string;
  /** SMS enrollment codes per phone number and hour (a number cannot be flooded). */
  smsPerPhoneNumber: RateLimitRule;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export function actionIdentitySettings(env: Env): ActionIdentitySettings {
  return {
    codeTtlMs: env.IDENTITY_ACTION_CODE_TTL_MIN * MINUTE_MS,
    recoveryCodeTtlMs: env.IDENTITY_RECOVERY_CODE_TTL_HOURS * HOUR_MS,
    recentLoginMs: env.IDENTITY_RECENT_LOGIN_MIN * MINUTE_MS,
    emailChangesPerUser: { max: 5, windowMs: HOUR_MS },
    enrollAttemptsPerUser: { max: 5, windowMs: 15 * MINUTE_MS },
    enrollmentTtlMs: 10 * MINUTE_MS,
    totpIssuer: 'TrailBuddy',
    smsPerPhoneNumber: { max: 5, windowMs: HOUR_MS },
  };
}
