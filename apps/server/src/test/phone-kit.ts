// Drives phone sign-in through the real HTTP API the way
// the widget does: fetch an ALTCHA challenge, solve it, ask Better Auth's phone plugin for a code,
// read the SMS that the development transport delivered, sign in with it.
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect } from 'vitest';
import { createDevInboxSmsTransport } from '../auth/phone/sms/transports.js';
import { runDueJobs } from './queued-jobs.js';
import { cookieHeader, TEST_ORIGIN, type TestApp } from './test-app.js';

/** Cheap proofs of work so the suite solves dozens of them in milliseconds. */
export const FAST_ALTCHA = { ALTCHA_COST: '1', ALTCHA_MAX_NUMBER: '20' };

export const CHALLENGE_URL = '/api/auth/captcha/challenge';
export const SEND_CODE_URL = '/api/auth/phone-number/send-otp';
export const VERIFY_CODE_URL = '/api/auth/phone-number/verify';

export const post = (t: TestApp, url: string, payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, ...(cookie && { cookie }) }, payload });

export const encodeAltcha = (challenge: Challenge, solution: unknown) =>
  Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

export async function fetchChallenge(t: TestApp): Promise<Challenge> {
  const res = await t.app.inject({ method: 'GET', url: CHALLENGE_URL });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Challenge;
}

/** A challenge from the server, solved as the ALTCHA widget would: the payload it submits. */
export async function solvedCaptcha(t: TestApp): Promise<string> {
  const challenge = await fetchChallenge(t);
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return encodeAltcha(challenge, solution);
}

export async function sendCode(t: TestApp, phoneNumber: string, opts: { cookie?: string; captcha?: string | null } = {}) {
  const captcha = opts.captcha === undefined ? await solvedCaptcha(t) : (opts.captcha ?? undefined);
  return post(t, SEND_CODE_URL, { phoneNumber, ...(captcha !== undefined && { captcha }) }, opts.cookie);
}

/** Works off the queued texts once (the dev transport) and returns the newest text to the number. */
export async function latestSms(t: TestApp, phoneNumber: string): Promise<string | undefined> {
  await runDueJobs(t.database.url, { db: t.database.db, sms: createDevInboxSmsTransport(t.database.db) });
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms?to=${encodeURIComponent(phoneNumber)}` });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { messages: { body: string }[] }).messages[0]?.body;
}

export const codeIn = (sms: string | undefined) => /^(\d{6}) /.exec(sms ?? '')?.[1];

/** Asks for a code and reads it from the dev inbox: `{ verificationId, code }`. */
export async function requestCode(t: TestApp, phoneNumber: string, cookie?: string) {
  const res = await sendCode(t, phoneNumber, { cookie });
  expect(res.statusCode, res.body).toBe(200);
  const code = codeIn(await latestSms(t, phoneNumber));
  expect(code).toMatch(/^\d{6}$/);
  return { verificationId: (res.json() as { verificationId: string }).verificationId, code: code! };
}

/** Signs in with the code, as the widget does: the send answer's `verificationId` is the number to verify. */
export const signInWithCode = (t: TestApp, verificationId: string, code: string | undefined, cookie?: string) =>
  post(t, VERIFY_CODE_URL, { phoneNumber: verificationId, ...(code !== undefined && { code }) }, cookie);

/** The identity user a sign-in answer's session belongs to (what the widget reads next). */
export async function signedInUser(t: TestApp, res: { headers: Record<string, unknown> }) {
  const me = await t.app.inject({
    method: 'GET',
    url: '/api/auth/identity/user',
    headers: { cookie: cookieHeader(res.headers['set-cookie'] as string[]) },
  });
  expect(me.statusCode, me.body).toBe(200);
  return (me.json() as { user: Record<string, unknown> & { id: string } }).user;
}
