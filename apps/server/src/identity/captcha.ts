import { createHash } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { captchaSolutionsUsed } from '../db/schema/sms.js';
import type { CaptchaSettings } from './captcha-settings.js';
import { identityError } from './errors.js';

/** The one KDF our challenges use: native in browsers (SubtleCrypto) and in Node. */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/** Why a captcha was refused; sent as `details.reason` next to the widget's code. */
export type CaptchaFailure = 'missing' | 'invalid' | 'expired' | 'used' | 'unavailable';

const MESSAGES: Record<CaptchaFailure, string | undefined> = {
  missing: undefined, // the widget's own text: "Solve the reCAPTCHA"
  invalid: 'The captcha solution is not valid. Solve the captcha again.',
  expired: 'The captcha has expired. Solve the captcha again.',
  used: 'This captcha solution has already been used. Solve the captcha again.',
  unavailable: 'The captcha could not be checked. Try again.',
};

const captchaFailed = (reason: CaptchaFailure) =>
  identityError('captcha-check-failed', { message: MESSAGES[reason], field: 'captcha', details: { reason } });

/**
 * A new ALTCHA proof-of-work challenge (protocol v2, deterministic mode): the server picks the
 * counter, signs the challenge and the key the solver must find, and the solver has to count up
 * to it. Nothing is stored: the signature makes the challenge self-verifying until it expires.
 */
export async function createAltchaChallenge(settings: Extract<CaptchaSettings, { provider: 'altcha' }>, now: Date): Promise<Challenge> {
  return createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: settings.cost,
    counter: randomInt(Math.floor(settings.maxNumber / 2), settings.maxNumber),
    deriveKey,
    expiresAt: new Date(now.getTime() + settings.ttlMs),
    hmacSignatureSecret: settings.hmacKey,
    hmacKeySignatureSecret: settings.keySignatureKey,
  });
}

export interface CaptchaCheck {
  /** The solved ALTCHA payload (base64 JSON, as the ALTCHA widget submits it) or the reCAPTCHA token. */
  token: string | undefined;
  now: Date;
  remoteIp: string;
}

/**
 * Checks the captcha a request carries and spends it: a solution is good for one request only
 * (its id is recorded until the challenge expires, and a second use is refused). Throws
 * `captcha-check-failed` with the reason in `details.reason`.
 */
export async function verifyCaptcha(db: Db, settings: CaptchaSettings, check: CaptchaCheck): Promise<void> {
  const token = check.token?.trim();
  if (!token) throw captchaFailed('missing');
  const accepted =
    settings.provider === 'altcha' ? await checkAltcha(settings, token, check.now) : await checkRecaptcha(settings, token, check);
  await spend(db, accepted.id, accepted.expiresAt, check.now);
}

async function spend(db: Db, id: string, expiresAt: Date, now: Date): Promise<void> {
  // Forget what can no longer be replayed anyway; the index on expires_at keeps this cheap.
  await db.delete(captchaSolutionsUsed).where(lt(captchaSolutionsUsed.expiresAt, now));
  const rows = await db
    .insert(captchaSolutionsUsed)
    .values({ id, expiresAt })
    .onConflictDoNothing()
    .returning({ id: captchaSolutionsUsed.id });
  if (rows.length === 0) throw captchaFailed('used');
}

// ---------------------------------------------------------------------------------------
// ALTCHA

function parseAltchaPayload(token: string): Payload | null {
  let value: unknown;
  try {
    value = JSON.parse(token.startsWith('{') ? token : Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  const p = value as Partial<Payload> | null;
  const parameters = p?.challenge?.parameters;
  if (
    !p ||
    typeof parameters !== 'object' ||
    parameters === null ||
    typeof p.challenge?.signature !== 'string' ||
    typeof p.solution !== 'object' ||
    p.solution === null
  ) {
    return null;
  }
  return p as Payload;
}

async function checkAltcha(settings: Extract<CaptchaSettings, { provider: 'altcha' }>, token: string, now: Date) {
  const payload = parseAltchaPayload(token);
  if (!payload) throw captchaFailed('invalid');
  const { parameters, signature } = payload.challenge;
  // Only our own algorithm: any other name would fail the signature check anyway, but must not
  // even reach a key-derivation function.
  if (parameters.algorithm !== ALTCHA_ALGORITHM || typeof parameters.expiresAt !== 'number') throw captchaFailed('invalid');
  // Our clock first (tests move it); the library then checks the wall clock, the signature and the key.
  if (parameters.expiresAt * 1000 <= now.getTime()) throw captchaFailed('expired');
  let result;
  try {
    result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: settings.hmacKey,
      hmacKeySignatureSecret: settings.keySignatureKey,
    });
  } catch {
    throw captchaFailed('invalid');
  }
  if (result.expired) throw captchaFailed('expired');
  if (!result.verified) throw captchaFailed('invalid');
  // The signature is unique per challenge (random nonce and salt) and covers its parameters.
  return { id: `altcha:${signature!}`, expiresAt: new Date(parameters.expiresAt * 1000) };
}

// ---------------------------------------------------------------------------------------
// reCAPTCHA

interface SiteVerifyResponse {
  success?: boolean;
  'error-codes'?: string[];
}

async function checkRecaptcha(settings: Extract<CaptchaSettings, { provider: 'recaptcha' }>, token: string, check: CaptchaCheck) {
  let body: SiteVerifyResponse;
  try {
    const res = await fetch(settings.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: settings.secretKey, response: token, remoteip: check.remoteIp }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`siteverify answered ${res.status}`);
    body = (await res.json()) as SiteVerifyResponse;
  } catch {
    throw captchaFailed('unavailable');
  }
  if (body.success !== true) {
    throw captchaFailed(body['error-codes']?.includes('timeout-or-duplicate') ? 'expired' : 'invalid');
  }
  // Google refuses a reused token itself; remembering it here keeps that true behind any proxy.
  const id = `recaptcha:${createHash('sha256').update(token).digest('hex')}`;
  return { id, expiresAt: new Date(check.now.getTime() + settings.ttlMs) };
}
