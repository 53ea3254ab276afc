import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { AltchaChallenge } from '../client/types';

/** The one key-derivation function the server's challenges use (apps/server/src/auth/altcha.ts). */
export const ALTCHA_ALGORITHM = 'PBKDF2/SHA-256';

/** How long a solve may take before the widget gives up (the server's challenges take well under a second). */
export const ALTCHA_SOLVE_TIMEOUT_MS = 60_000;

/**
 * Solves an ALTCHA v2 challenge in the browser with altcha-lib's solver and its WebCrypto
 * PBKDF2 (SubtleCrypto; no worker, no Node API), and returns the payload the server's
 * `verifyCaptcha` accepts: base64 of `{"challenge": …, "solution": {counter, derivedKey, time}}`.
 * Rejects when the challenge uses another algorithm or the solver gives up.
 */
export async function solveAltchaChallenge(challenge: AltchaChallenge, signal?: AbortSignal): Promise<string> {
  if (challenge.parameters.algorithm !== ALTCHA_ALGORITHM)
    throw new Error(`Unsupported captcha algorithm: ${challenge.parameters.algorithm}`);
  const controller = new AbortController();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', () => controller.abort());
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: ALTCHA_SOLVE_TIMEOUT_MS });
  if (!solution) throw new Error('The captcha could not be solved.');
  return encodeAltchaPayload({ challenge, solution });
}

/** base64 of the JSON payload, UTF-8 safe. */
export function encodeAltchaPayload(payload: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
