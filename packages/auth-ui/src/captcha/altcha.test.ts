import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { describe, expect, it } from 'vitest';
import type { AltchaChallenge } from '../client/types';
import { ALTCHA_ALGORITHM, encodeAltchaPayload, solveAltchaChallenge } from './altcha';

/** A challenge made the way apps/server/src/auth/altcha.ts makes one (cheap: cost 1, counter ≤ 20). */
async function serverChallenge(counter: number) {
  const challenge = await createChallenge({
    algorithm: ALTCHA_ALGORITHM,
    cost: 1,
    counter,
    deriveKey,
    expiresAt: new Date(Date.now() + 120_000),
    hmacSignatureSecret: 'hmac-secret-that-is-long-enough-0123456789',
    hmacKeySignatureSecret: 'key-signature-secret-long-enough-0123456789',
  });
  return challenge as AltchaChallenge;
}

describe('ALTCHA in the browser (WebCrypto PBKDF2 through altcha-lib)', () => {
  it('solves a server challenge into the base64 JSON payload the server verifies', async () => {
    const challenge = await serverChallenge(12);
    const token = await solveAltchaChallenge(challenge);
    const payload = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(token), (c) => c.charCodeAt(0)))) as {
      challenge: AltchaChallenge;
      solution: { counter: number; derivedKey: string };
    };
    expect(payload.challenge).toEqual(challenge);
    expect(payload.solution.counter).toBe(12);
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution as Parameters<typeof verifySolution>[0]['solution'],
      deriveKey,
      hmacSignatureSecret: 'hmac-secret-that-is-long-enough-0123456789',
      hmacKeySignatureSecret: 'key-signature-secret-long-enough-0123456789',
    });
    expect(result.verified).toBe(true);
  });

  it('refuses another algorithm (the server accepts PBKDF2/SHA-256 only)', async () => {
    const challenge = await serverChallenge(1);
    await expect(solveAltchaChallenge({ ...challenge, parameters: { ...challenge.parameters, algorithm: 'SHA-256' } })).rejects.toThrow(
      'Unsupported captcha algorithm: SHA-256',
    );
  });

  it('gives up when aborted', async () => {
    const challenge = await serverChallenge(20);
    const controller = new AbortController();
    controller.abort();
    await expect(solveAltchaChallenge(challenge, controller.signal)).rejects.toThrow('could not be solved');
  });

  it('encodes UTF-8 safely', () => {
    expect(atob(encodeAltchaPayload({ a: 'é' }))).toBe('{"a":"Ã©"}');
  });
});
