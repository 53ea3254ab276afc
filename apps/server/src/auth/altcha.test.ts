import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.js';
import { captchaSettings } from './altcha.js';
import { createTestHttpServer, type TestHttpServer } from '../test/sms-http-server.js';
import { queuedSms } from '../test/queued-jobs.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { CHALLENGE_URL, encodeAltcha, FAST_ALTCHA, sendCode } from '../test/phone-kit.js';

const errorOf = (res: { json: () => unknown }) => (res.json() as { error: { code: string; details?: Record<string, unknown> } }).error;
const queuedFor = (t: TestApp, number: string) => queuedSms(t.database.db, { to: number });

describe('ALTCHA challenges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ALTCHA_COST: '3', ALTCHA_MAX_NUMBER: '40', ALTCHA_TTL_S: '120' });
  });
  afterAll(async () => t.close());

  it('are signed PBKDF2 proofs of work with the configured cost and expiry, never cached', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await t.app.inject({ method: 'GET', url: CHALLENGE_URL });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const challenge = res.json() as Challenge;
    expect(challenge.parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: 3, keyLength: 32 });
    expect(challenge.parameters.expiresAt! - before).toBeGreaterThanOrEqual(119);
    expect(challenge.parameters.expiresAt! - before).toBeLessThanOrEqual(121);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    // The solver has to count to somewhere between half the maximum and the maximum.
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution!.counter).toBeGreaterThanOrEqual(20);
    expect(solution!.counter).toBeLessThanOrEqual(40);
  });

  it('are accepted as the raw JSON payload too, not only base64', async () => {
    const challenge = (await t.app.inject({ method: 'GET', url: CHALLENGE_URL })).json() as Challenge;
    const solution = await solveChallenge({ challenge, deriveKey });
    const captcha = Buffer.from(encodeAltcha(challenge, solution), 'base64').toString('utf8');
    expect((await sendCode(t, '+351913000001', { captcha })).statusCode).toBe(200);
  });

  it('from another server (another HMAC key) are refused', async () => {
    const other = await createTestApp({ ...FAST_ALTCHA, ALTCHA_HMAC_KEY: 'another-key-that-is-at-least-32-characters' });
    try {
      const challenge = (await other.app.inject({ method: 'GET', url: CHALLENGE_URL })).json() as Challenge;
      const captcha = encodeAltcha(challenge, await solveChallenge({ challenge, deriveKey }));
      const res = await sendCode(t, '+351913000002', { captcha });
      expect(errorOf(res)).toMatchObject({ code: 'captcha-check-failed', details: { reason: 'invalid' } });
    } finally {
      await other.close();
    }
  });
});

/**
 * Google's siteverify cannot be reached from here: a local HTTP server stands in for it and
 * answers the way the real one does (`{ success, "error-codes" }`).
 */
describe('reCAPTCHA (against a local stand-in for Google siteverify)', () => {
  let t: TestApp;
  let google: TestHttpServer;
  beforeAll(async () => {
    google = await createTestHttpServer();
    t = await createTestApp({
      RECAPTCHA_SITE_KEY: 'site-key-123',
      RECAPTCHA_SECRET_KEY: 'secret-key-456',
      RECAPTCHA_VERIFY_URL: `${google.url}/recaptcha/api/siteverify`,
    });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });
  beforeEach(() => {
    google.received.length = 0;
    google.respond = (req) => {
      const token = new URLSearchParams(req.body).get('response');
      return token?.startsWith('good')
        ? { json: { success: true, hostname: 'localhost' } }
        : { json: { success: false, 'error-codes': ['invalid-input-response'] } };
    };
  });

  it('tells the widget to render reCAPTCHA with the site key (never the secret)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/phone-number/config' });
    expect(res.json().captcha).toEqual({ provider: 'recaptcha', siteKey: 'site-key-123' });
    expect(res.body).not.toContain('secret-key-456');
    const altcha = await t.app.inject({ method: 'GET', url: CHALLENGE_URL });
    expect(altcha.statusCode).toBe(403);
    expect(errorOf(altcha).code).toBe('operation-not-allowed');
  });

  it('verifies the token with siteverify (secret, token, client IP) before texting', async () => {
    const res = await sendCode(t, '+351914000001', { captcha: 'good-token-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(google.received).toHaveLength(1);
    const call = google.received[0]!;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/recaptcha/api/siteverify');
    expect(call.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(call.body))).toEqual({
      secret: 'secret-key-456',
      response: 'good-token-1',
      remoteip: '127.0.0.1',
    });
    expect(await queuedFor(t, '+351914000001')).toHaveLength(1);
  });

  it('refuses a token siteverify rejects, and texts nothing', async () => {
    const res = await sendCode(t, '+351914000002', { captcha: 'bad-token' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'captcha-check-failed', details: { reason: 'invalid' } });
    expect(await queuedFor(t, '+351914000002')).toEqual([]);
  });

  it('refuses a missing token without calling Google', async () => {
    const res = await sendCode(t, '+351914000003', { captcha: null });
    expect(errorOf(res)).toMatchObject({ code: 'captcha-check-failed', details: { reason: 'missing' } });
    expect(google.received).toHaveLength(0);
  });

  it('accepts a token once, even if siteverify would say yes again', async () => {
    expect((await sendCode(t, '+351914000004', { captcha: 'good-token-2' })).statusCode).toBe(200);
    const replay = await sendCode(t, '+351914000005', { captcha: 'good-token-2' });
    expect(errorOf(replay)).toMatchObject({ code: 'captcha-check-failed', details: { reason: 'used' } });
    expect(await queuedFor(t, '+351914000005')).toEqual([]);
  });

  it('maps an expired or duplicate token (timeout-or-duplicate) to reason "expired"', async () => {
    google.respond = () => ({ json: { success: false, 'error-codes': ['timeout-or-duplicate'] } });
    const res = await sendCode(t, '+351914000006', { captcha: 'good-but-old' });
    expect(errorOf(res)).toMatchObject({ code: 'captcha-check-failed', details: { reason: 'expired' } });
  });

  it('fails closed when siteverify is down', async () => {
    google.respond = () => ({ status: 503, text: 'unavailable' });
    const res = await sendCode(t, '+351914000007', { captcha: 'good-token-3' });
    expect(errorOf(res)).toMatchObject({ code: 'captcha-check-failed', details: { reason: 'unavailable' } });
    expect(await queuedFor(t, '+351914000007')).toEqual([]);
  });
});

describe('captcha configuration', () => {
  it('refuses to start with only one of the two reCAPTCHA keys', () => {
    const secret = 'test-secret-that-is-at-least-32-characters-long';
    expect(() => captchaSettings(parseEnv({ RECAPTCHA_SITE_KEY: 'only-the-site-key' }), secret)).toThrow(/RECAPTCHA_SECRET_KEY/);
    expect(() => captchaSettings(parseEnv({ RECAPTCHA_SECRET_KEY: 'only-the-secret' }), secret)).toThrow(/RECAPTCHA_SITE_KEY/);
    expect(captchaSettings(parseEnv({}), secret).provider).toBe('altcha');
  });
});
