import { createHash, createHmac } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthEndpoint } from 'better-auth/api';
import { createChallenge, randomInt, verifySolution, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { captchaSolutionsUsed } from '../db/schema/sms.js';
import type { Env } from '../env.js';
import { identityError } from './errors.js';
import { z } from 'zod';
import { clientIpOf, contractMetadata, inAuthErrors, onPath, toAPIError } from './plugin-kit.js';

/**
 * The captcha in front of what sends a text message (product §5 "The captcha must be solved"): ALTCHA,
 * a self-hosted proof of work, by default; Google reCAPTCHA when both its keys are set.
 */
export type CaptchaSettings = ReturnType<typeof captchaSettings>;

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(`trailbuddy:${purpose}`).digest('hex');

export function captchaSettings(env: Env, authSecret: string) {
  const siteKey = env.RECAPTCHA_SITE_KEY?.trim();
  const secretKey = env.RECAPTCHA_SECRET_KEY?.trim();
  // Half a reCAPTCHA configuration shows a widget nobody can verify, or verifies tokens no widget makes.
  if (Boolean(siteKey) !== Boolean(secretKey)) {
    throw new Error('reCAPTCHA needs both RECAPTCHA_SITE_KEY and RECAPTCHA_SECRET_KEY (or neither, for ALTCHA).');
  }
  // A reCAPTCHA token counts as used for `ttlMs`.
  if (siteKey && secretKey)
    return { provider: 'recaptcha' as const, siteKey, secretKey, verifyUrl: env.RECAPTCHA_VERIFY_URL, ttlMs: 2 * 60_000 };
  const hmacSignatureSecret = env.ALTCHA_HMAC_KEY ?? derive(authSecret, 'altcha');
  // Sign each challenge, and (deterministic mode) the key its solver must find: checking costs one HMAC.
  const keys = { hmacSignatureSecret, hmacKeySignatureSecret: derive(hmacSignatureSecret, 'altcha-key-signature') };
  // `cost`: PBKDF2 iterations per try; `maxNumber`: the largest counter a solver may have to reach.
  return { provider: 'altcha' as const, keys, cost: env.ALTCHA_COST, maxNumber: env.ALTCHA_MAX_NUMBER, ttlMs: env.ALTCHA_TTL_S * 1000 };
}

/** Where the widget fetches an ALTCHA challenge (the phone config's `challengeUrl`). */
export const ALTCHA_CHALLENGE_PATH = '/captcha/challenge';
/** The one KDF our challenges use: native in browsers (SubtleCrypto) and in Node. */
const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

type Failure = 'missing' | 'invalid' | 'expired' | 'used' | 'unavailable';
const FAILURE_MESSAGES: Record<Failure, string | undefined> = {
  missing: undefined, // the widget's own "Solve the reCAPTCHA"
  invalid: 'The captcha solution is not valid. Solve the captcha again.',
  expired: 'The captcha has expired. Solve the captcha again.',
  used: 'This captcha solution has already been used. Solve the captcha again.',
  unavailable: 'The captcha could not be checked. Try again.',
};
/** `captcha-check-failed` on the field, with why in `details.reason`. */
const failed = (reason: Failure) =>
  identityError('captcha-check-failed', { message: FAILURE_MESSAGES[reason], field: 'captcha', details: { reason } });

type Altcha = Extract<CaptchaSettings, { provider: 'altcha' }>;

/** A solved ALTCHA payload (base64 JSON as the widget submits it, or raw JSON), checked on our clock first (tests move it). */
async function checkAltcha(settings: Altcha, token: string, now: Date) {
  let payload: Partial<Payload> | null;
  try {
    payload = JSON.parse(token.startsWith('{') ? token : Buffer.from(token, 'base64').toString('utf8'));
  } catch {
    throw failed('invalid');
  }
  const { parameters, signature } = payload?.challenge ?? {};
  // Only our algorithm: any other would fail the signature anyway, but must not even reach a KDF.
  if (parameters?.algorithm !== ALTCHA_ALGORITHM || typeof parameters.expiresAt !== 'number' || typeof signature !== 'string') {
    throw failed('invalid');
  }
  if (parameters.expiresAt * 1000 <= now.getTime()) throw failed('expired');
  const solution = payload!.solution!;
  const result = await verifySolution({ challenge: { parameters, signature }, solution, deriveKey, ...settings.keys }).catch(() => null);
  if (result?.expired) throw failed('expired');
  if (!result?.verified) throw failed('invalid');
  // The signature is unique per challenge (random nonce and salt) and covers its parameters.
  return { id: `altcha:${signature}`, expiresAt: new Date(parameters.expiresAt * 1000) };
}

/** A reCAPTCHA token, checked with Google's siteverify; fails closed when it cannot be reached. */
async function checkRecaptcha(settings: Extract<CaptchaSettings, { provider: 'recaptcha' }>, token: string, now: Date, remoteIp: string) {
  const answer = await fetch(settings.verifyUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ secret: settings.secretKey, response: token, remoteip: remoteIp }).toString(),
    signal: AbortSignal.timeout(10_000),
  })
    .then((res) => (res.ok ? (res.json() as Promise<{ success?: boolean; 'error-codes'?: string[] }>) : null))
    .catch(() => null);
  if (!answer) throw failed('unavailable');
  if (answer.success !== true) throw failed(answer['error-codes']?.includes('timeout-or-duplicate') ? 'expired' : 'invalid');
  // Google refuses a reused token itself; remembering it keeps that true behind any proxy.
  return { id: `recaptcha:${createHash('sha256').update(token).digest('hex')}`, expiresAt: new Date(now.getTime() + settings.ttlMs) };
}

/**
 * Checks the captcha a request carries and spends it: a solution is good for one request only (its
 * id is kept until the challenge expires). Throws `captcha-check-failed` (an AppError).
 */
export async function verifyCaptcha(db: Db, settings: CaptchaSettings, check: { token: unknown; now: Date; remoteIp: string }) {
  const token = typeof check.token === 'string' ? check.token.trim() : '';
  if (!token) throw failed('missing');
  const { id, expiresAt } =
    settings.provider === 'altcha'
      ? await checkAltcha(settings, token, check.now)
      : await checkRecaptcha(settings, token, check.now, check.remoteIp);
  await db.delete(captchaSolutionsUsed).where(lt(captchaSolutionsUsed.expiresAt, check.now));
  const spent = await db.insert(captchaSolutionsUsed).values({ id, expiresAt }).onConflictDoNothing().returning();
  if (spent.length === 0) throw failed('used');
}

/**
 * Better Auth plugin: the challenge endpoint (ALTCHA v2, deterministic mode: the server picks the
 * counter and signs the challenge and the key; nothing is stored) and a before-hook that checks and
 * spends `body.captcha` on `paths`. Better Auth's limiter counts both per client first.
 */
export function altcha(options: { db: Db; settings: CaptchaSettings; paths: readonly string[]; now: () => Date }) {
  const { settings } = options;
  const metadata = contractMetadata(
    'A new ALTCHA proof-of-work challenge (when ALTCHA is the configured captcha)',
    z.object({ parameters: z.record(z.string(), z.unknown()), signature: z.string() }),
    undefined,
    'An ALTCHA v2 challenge, as the ALTCHA widget takes it',
  );
  return {
    id: 'trailbuddy-altcha',
    endpoints: {
      altchaChallenge: createAuthEndpoint(ALTCHA_CHALLENGE_PATH, { method: 'GET', metadata }, async (ctx) => {
        if (settings.provider !== 'altcha') {
          const message = 'The configured captcha is reCAPTCHA; no ALTCHA challenge is issued.';
          throw toAPIError(identityError('operation-not-allowed', { message }));
        }
        ctx.setHeader('cache-control', 'no-store');
        const challenge = await createChallenge({
          algorithm: ALTCHA_ALGORITHM,
          cost: settings.cost,
          counter: randomInt(Math.floor(settings.maxNumber / 2), settings.maxNumber),
          deriveKey,
          expiresAt: new Date(options.now().getTime() + settings.ttlMs),
          ...settings.keys,
        });
        return ctx.json({ parameters: challenge.parameters, signature: challenge.signature! });
      }),
    },
    hooks: {
      before: [
        onPath(
          (path) => options.paths.includes(path),
          async (ctx) => {
            const token = (ctx.body as { captcha?: unknown } | undefined)?.captcha;
            await inAuthErrors(() => verifyCaptcha(options.db, settings, { token, now: options.now(), remoteIp: clientIpOf(ctx) }));
          },
        ),
      ],
    },
  } satisfies BetterAuthPlugin;
}
