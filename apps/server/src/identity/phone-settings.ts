import type { Env } from '../env.js';
import { smsTransportKind, type SmsTransport } from '../sms/transports.js';
import type { RateLimitRule } from '../auth/attempt-limits.js';

/** The phone family's settings (docs/security/identity-phone.md), documented in .env.example. */
export interface PhoneIdentitySettings {
  /** Phone sign-in works only with a way to send the codes (SMS webhook or development inbox). */
  enabled: boolean;
  /** The transport the codes leave by; `dev-inbox` also serves /dev/sms. */
  transport: SmsTransport['kind'] | null;
  codeTtlMs: number;
  /** SPEC §9: the widget counts down 15 s before it offers "Resend"; the server holds to it too. */
  resendDelayMs: number;
  /** Codes sent to one number per hour, then "This phone number has been used too many times". */
  sendsPerNumber: RateLimitRule;
  /** Wrong codes before the code is burned. */
  maxAttempts: number;
}

export const PHONE_CODE_LENGTH = 6;

export function phoneIdentitySettings(env: Env): PhoneIdentitySettings {
  return {
    enabled: smsTransportKind(env) !== null,
    transport: smsTransportKind(env),
    codeTtlMs: env.IDENTITY_PHONE_CODE_TTL_S * 1000,
    resendDelayMs: env.IDENTITY_PHONE_RESEND_DELAY_S * 1000,
    sendsPerNumber: { max: env.IDENTITY_PHONE_SENDS_PER_HOUR, windowMs: 60 * 60_000 },
    maxAttempts: env.IDENTITY_PHONE_MAX_ATTEMPTS,
  };
}
