import { createHmac } from 'node:crypto';
import type { Env } from '../env.js';

/**
 * The captcha a phone code needs (SPEC §5 "The captcha must be solved"): ALTCHA, a self-hosted
 * proof of work that needs no third party, by default; Google reCAPTCHA when both its keys are set.
 */
export type CaptchaSettings =
  | {
      provider: 'altcha';
      /** Signs each challenge, so a client cannot make up an easy one. */
      hmacKey: string;
      /** Signs the expected derived key (deterministic mode): verifying costs one HMAC, not a KDF run. */
      keySignatureKey: string;
      /** PBKDF2 iterations per try, and the largest counter a solver may have to reach. */
      cost: number;
      maxNumber: number;
      ttlMs: number;
    }
  | {
      provider: 'recaptcha';
      siteKey: string;
      secretKey: string;
      verifyUrl: string;
      /** How long a token is remembered as used (Google's tokens live two minutes). */
      ttlMs: number;
    };

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(`trailbuddy:${purpose}`).digest('hex');

export function captchaSettings(env: Env, authSecret: string): CaptchaSettings {
  const site = env.RECAPTCHA_SITE_KEY?.trim();
  const secret = env.RECAPTCHA_SECRET_KEY?.trim();
  if (Boolean(site) !== Boolean(secret)) {
    // Half a configuration would either show a widget nobody can verify or verify tokens no
    // widget can produce: refuse to start instead.
    throw new Error('reCAPTCHA needs both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY (or neither, for ALTCHA).');
  }
  if (site && secret) {
    return { provider: 'recaptcha', siteKey: site, secretKey: secret, verifyUrl: env.RECAPTCHA_VERIFY_URL, ttlMs: 2 * 60_000 };
  }
  const base = env.ALTCHA_HMAC_KEY ?? derive(authSecret, 'altcha');
  return {
    provider: 'altcha',
    hmacKey: base,
    keySignatureKey: derive(base, 'altcha-key-signature'),
    cost: env.ALTCHA_COST,
    maxNumber: env.ALTCHA_MAX_NUMBER,
    ttlMs: env.ALTCHA_TTL_S * 1000,
  };
}
