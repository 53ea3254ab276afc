import { eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accounts, favourites, outgoingMessages, users, verifications } from '../../db/schema/index.js';
import { recordPhoneSend } from './phone-sends.js';
import type { AppError } from '../../errors.js';
import { queuedSms } from '../../test/queued-jobs.js';
import { cookieHeader, createTestApp, signUp, TEST_ADMIN, validRegistration, type TestApp } from '../../test/test-app.js';
import {
  CHALLENGE_URL,
  codeIn,
  FAST_ALTCHA,
  latestSms,
  post,
  requestCode,
  SEND_CODE_URL,
  sendCode,
  signedInUser,
  signInWithCode,
  solvedCaptcha,
} from '../../test/phone-kit.js';

// Better Auth's phone plugin reads the wall clock (code expiry, its limiter): the tests move it.
vi.useFakeTimers({ toFake: ['Date'] });
let t: TestApp;
const clock = { now: new Date() };
vi.setSystemTime(clock.now);
const advance = (ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
  vi.setSystemTime(clock.now);
};
let trailId: string;

// Each test uses its own numbers: the resend delay and the per-number limit are per number.
let serial = 0;
const newNumber = () => `+351912${String(++serial).padStart(6, '0')}`;

beforeAll(async () => {
  t = await createTestApp({ ...FAST_ALTCHA, IDENTITY_RATE_LIMIT_MAX: '10000' }, { now: () => clock.now });
  const admin = await signUp(t, TEST_ADMIN);
  const trail = await t.app.inject({
    method: 'POST',
    url: '/api/trails',
    headers: { cookie: admin.cookie },
    payload: {
      name: 'Sintra Loop',
      location: 'Sintra, Portugal',
      length: '9 km',
      hours: 3,
      difficulty: 'Easy',
      activity: 'hiking',
      description: 'Forest paths under the palace.',
      linkmap: 'https://www.openstreetmap.org/#map=13/38.79/-9.39',
    },
  });
  expect(trail.statusCode, trail.body).toBe(201);
  trailId = trail.json().id;
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

const smsCount = async () =>
  Number(
    (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM outgoing_messages WHERE channel = 'sms'`)).rows[0]!.n,
  );
const errorOf = (res: { json: () => unknown }) =>
  (res.json() as { error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> } }).error;

async function newGuest() {
  const res = await post(t, '/api/auth/sign-in/anonymous', {});
  expect(res.statusCode).toBe(200);
  return { id: res.json().user.id as string, cookie: cookieHeader(res.headers['set-cookie']) };
}

describe('phone sign-in: the happy path', () => {
  it('texts a 6-digit code to a new number and signs up a phone account with it', async () => {
    const number = newNumber();
    const sent = await sendCode(t, number);
    expect(sent.statusCode, sent.body).toBe(200);
    const { verificationId, expiresAt, resendAvailableAt } = sent.json();
    expect(verificationId).toBe(number);
    expect(new Date(expiresAt).getTime() - clock.now.getTime()).toBe(300_000);
    expect(new Date(resendAvailableAt).getTime() - clock.now.getTime()).toBe(15_000);

    const sms = await latestSms(t, number);
    expect(sms).toMatch(/^\d{6} is your TrailBuddy verification code\.$/);
    const code = codeIn(sms)!;

    const res = await signInWithCode(t, verificationId, code);
    expect(res.statusCode, res.body).toBe(200);
    const me = await signedInUser(t, res);
    expect(me).toMatchObject({ id: res.json().user.id, phoneNumber: number, email: null, isAnonymous: false, providers: ['phone'] });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, res.json().user.id));
    expect(user).toMatchObject({ phoneNumber: number, phoneNumberVerified: true });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(account).toMatchObject({ providerId: 'phone', accountId: number });
  });

  it('signs an existing number in to the same account', async () => {
    const number = newNumber();
    const first = await requestCode(t, number);
    const a = await signInWithCode(t, first.verificationId, first.code);
    advance(16_000);
    const second = await requestCode(t, number);
    const b = await signInWithCode(t, second.verificationId, second.code);
    expect(b.statusCode).toBe(200);
    expect(b.json().user.id).toBe(a.json().user.id);
  });

  it('normalises the number to E.164', async () => {
    const res = await sendCode(t, ' +351 912 999 001 ');
    expect(res.statusCode, res.body).toBe(200);
    expect(await latestSms(t, '+351912999001')).toMatch(/verification code/);
  });

  it('describes the phone pages for the widget: ALTCHA, 6 digits, 15 s resend', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/phone-number/config' });
    expect(res.json()).toEqual({
      enabled: true,
      captcha: { provider: 'altcha', challengeUrl: CHALLENGE_URL },
      codeLength: 6,
      resendDelaySeconds: 15,
      codeTtlSeconds: 300,
    });
  });

  it('documents the phone and captcha endpoints in OpenAPI, with their request bodies', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(spec.paths['/api/auth/phone-number/config'].get).toBeDefined();
    expect(spec.paths[CHALLENGE_URL].get).toBeDefined();
    for (const path of [SEND_CODE_URL, '/api/auth/phone-number/verify']) {
      const op = spec.paths[path]?.post;
      expect(op, path).toBeDefined();
      expect(op.requestBody.content['application/json'].schema, path).toBeDefined();
      expect(op.responses['200'], path).toBeDefined();
    }
  });

  it('does not mail the placeholder address of a phone-only account', async () => {
    const number = newNumber();
    const { verificationId, code } = await requestCode(t, number);
    const signedIn = await signInWithCode(t, verificationId, code);
    const cookie = cookieHeader(signedIn.headers['set-cookie']);
    const reg = await t.app.inject({ method: 'PUT', url: '/api/me/registration', headers: { cookie }, payload: validRegistration() });
    expect(reg.statusCode, reg.body).toBe(200);
    const mails = await t.database.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.idempotencyKey, `welcome:${signedIn.json().user.id}`));
    expect(mails).toEqual([]);
  });
});

describe('phone number validation (product §5)', () => {
  it.each([
    ['', 'missing-phone-number', 'Enter a valid phone number'],
    ['+', 'missing-phone-number', 'Enter a valid phone number'],
    ['+999123456', 'invalid-phone-number', 'The country code provided is not supported.'],
    ['+3519', 'invalid-phone-number', 'Enter a valid phone number'],
    ['+1650555', 'invalid-phone-number', 'Enter a valid phone number'],
    ['912345678', 'invalid-phone-number', 'Enter a valid phone number'],
    ['+351 abc', 'invalid-phone-number', 'Enter a valid phone number'],
  ])('refuses %j with %s naming phoneNumber, and texts nothing', async (phoneNumber, code, message) => {
    const before = await smsCount();
    const res = await sendCode(t, phoneNumber);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code, message, fields: { phoneNumber: message } });
    expect(await smsCount()).toBe(before);
  });

  it('refuses a request without the field as missing-phone-number', async () => {
    const res = await post(t, SEND_CODE_URL, { captcha: await solvedCaptcha(t) });
    expect(errorOf(res)).toMatchObject({ code: 'missing-phone-number', fields: { phoneNumber: 'Enter a valid phone number' } });
  });
});

describe('the captcha before any SMS', () => {
  it('refuses a send without a captcha ("Solve the reCAPTCHA") and queues no SMS', async () => {
    const before = await smsCount();
    const res = await sendCode(t, newNumber(), { captcha: null });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'captcha-check-failed',
      message: 'Solve the reCAPTCHA',
      fields: { captcha: 'Solve the reCAPTCHA' },
    });
    expect(await smsCount()).toBe(before);
  });

  it('refuses garbage, a wrong solution and a challenge the server did not sign', async () => {
    const before = await smsCount();
    const challenge = (await t.app.inject({ method: 'GET', url: CHALLENGE_URL })).json();
    const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');
    const wrongKey = encode({ challenge, solution: { counter: 1, derivedKey: '00'.repeat(32) } });
    // An easy challenge of the client's own making: the signature no longer matches.
    const forged = encode({
      challenge: { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '0' } },
      solution: { counter: 0, derivedKey: '00'.repeat(32) },
    });
    for (const captcha of ['not-a-payload', encode({ hello: 'world' }), wrongKey, forged]) {
      const res = await sendCode(t, newNumber(), { captcha });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'captcha-check-failed', details: { reason: 'invalid' } });
    }
    expect(await smsCount()).toBe(before);
  });

  it('accepts a solved challenge once: replaying it is refused', async () => {
    const captcha = await solvedCaptcha(t);
    expect((await sendCode(t, newNumber(), { captcha })).statusCode).toBe(200);
    const before = await smsCount();
    const replay = await sendCode(t, newNumber(), { captcha });
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay)).toMatchObject({ code: 'captcha-check-failed', details: { reason: 'used' } });
    expect(await smsCount()).toBe(before);
  });

  it('refuses a challenge solved after it expired (10 minutes)', async () => {
    const captcha = await solvedCaptcha(t);
    advance(10 * 60_000 + 1000);
    const res = await sendCode(t, newNumber(), { captcha });
    expect(errorOf(res)).toMatchObject({ code: 'captcha-check-failed', details: { reason: 'expired' } });
  });
});

describe('verifying the code', () => {
  it('refuses a missing code with missing-verification-code', async () => {
    const { verificationId } = await requestCode(t, newNumber());
    const res = await signInWithCode(t, verificationId, undefined);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      code: 'missing-verification-code',
      message: 'Wrong code. Try again.',
      fields: { code: 'Wrong code. Try again.' },
    });
  });

  it('refuses a wrong code, and burns the code at the fifth wrong one', async () => {
    const { verificationId, code } = await requestCode(t, newNumber());
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await signInWithCode(t, verificationId, wrong);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({ code: 'invalid-verification-code', message: 'Wrong code. Try again.' });
    }
    const fifth = await signInWithCode(t, verificationId, '12345'); // not even 6 digits: counts too
    expect(errorOf(fifth)).toMatchObject({ code: 'invalid-verification-code', message: 'Wrong code. Try again.' });
    const right = await signInWithCode(t, verificationId, code);
    expect(errorOf(right)).toMatchObject({ code: 'code-expired', message: 'This code is no longer valid' });
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('forgets a code once it is used', async () => {
    // Better Auth's phone plugin stores the live code in its verification table for its lifetime;
    // once used the row is gone.
    const number = newNumber();
    const { verificationId, code } = await requestCode(t, number);
    expect((await signInWithCode(t, verificationId, code)).statusCode).toBe(200);
    const left = await t.database.db
      .select()
      .from(verifications)
      .where(like(verifications.value, `${code}:%`));
    expect(left).toEqual([]);
  });

  it('refuses an expired code with code-expired (5 minutes)', async () => {
    const { verificationId, code } = await requestCode(t, newNumber());
    advance(5 * 60_000 + 1000);
    const res = await signInWithCode(t, verificationId, code);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('code-expired');
  });

  it('accepts a code once: signing in with it again is code-expired', async () => {
    const { verificationId, code } = await requestCode(t, newNumber());
    expect((await signInWithCode(t, verificationId, code)).statusCode).toBe(200);
    const again = await signInWithCode(t, verificationId, code);
    expect(errorOf(again).code).toBe('code-expired');
  });

  it('lets exactly one of two concurrent sign-ins use a code', async () => {
    const { verificationId, code } = await requestCode(t, newNumber());
    const results = await Promise.all([signInWithCode(t, verificationId, code), signInWithCode(t, verificationId, code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    // The loser finds the code gone, or taken from under it (the plugin then calls it wrong).
    expect(['code-expired', 'invalid-verification-code']).toContain(errorOf(results.find((r) => r.statusCode === 400)!).code);
  });

  it('treats an unknown verification id (a number no code was sent to, or no number) as code-expired', async () => {
    for (const id of ['+351919999999', '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      expect(errorOf(await signInWithCode(t, id, '123456')).code).toBe('code-expired');
    }
  });

  it('refuses a disabled account with user-disabled', async () => {
    const number = newNumber();
    const first = await requestCode(t, number);
    const userId = (await signInWithCode(t, first.verificationId, first.code)).json().user.id;
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, userId));
    advance(16_000);
    const second = await requestCode(t, number);
    const res = await signInWithCode(t, second.verificationId, second.code);
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('user-disabled');
  });
});

describe('resending and limits', () => {
  it('refuses a resend within 15 s; a later one deactivates the earlier code', async () => {
    const number = newNumber();
    const first = await requestCode(t, number);
    advance(14_000);
    const early = await sendCode(t, number);
    expect(early.statusCode).toBe(429);
    expect(errorOf(early)).toMatchObject({ code: 'too-many-requests', details: { retryAfterSeconds: 1 } });
    expect(errorOf(early).message).toMatch(/Wait 1 seconds/);

    advance(1_000);
    const second = await requestCode(t, number);
    if (second.code !== first.code) {
      expect(errorOf(await signInWithCode(t, first.verificationId, first.code)).code).toBe('invalid-verification-code');
    }
    expect((await signInWithCode(t, second.verificationId, second.code)).statusCode).toBe(200);
  });

  it('counts one of two sends for a number that race; the other waits out the resend delay', async () => {
    const number = newNumber();
    const settings = {
      enabled: true,
      transport: 'dev-inbox' as const,
      codeTtlMs: 5 * 60_000,
      resendDelayMs: 15_000,
      sendsPerNumber: { max: 5, windowMs: 60 * 60_000 },
      maxAttempts: 5,
    };
    const send = () => recordPhoneSend(t.database.db, settings, { phoneNumber: number, tenantId: null, now: clock.now });
    const outcomes = await Promise.allSettled([send(), send(), send()]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const o of outcomes.filter((o) => o.status === 'rejected')) expect((o.reason as AppError).code).toBe('too-many-requests');
    const [row] = (
      await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM phone_code_sends WHERE phone_number = ${number}`)
    ).rows;
    expect(row!.n).toBe(1);
  });

  it('allows 5 codes per number per hour, then "This phone number has been used too many times"', async () => {
    const number = newNumber();
    for (let i = 0; i < 5; i++) {
      expect((await sendCode(t, number)).statusCode).toBe(200);
      advance(16_000);
    }
    const before = await smsCount();
    const sixth = await sendCode(t, number);
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth)).toMatchObject({ code: 'too-many-requests', message: 'This phone number has been used too many times' });
    expect(await smsCount()).toBe(before);
    // Other numbers are not affected; the number works again after the hour.
    expect((await sendCode(t, newNumber())).statusCode).toBe(200);
    advance(60 * 60_000);
    expect((await sendCode(t, number)).statusCode).toBe(200);
  });

  it('limits each client per minute on sending and on signing in', async () => {
    const limited = await createTestApp({ ...FAST_ALTCHA, IDENTITY_RATE_LIMIT_MAX: '3' }, { now: () => clock.now });
    try {
      for (let i = 0; i < 3; i++) {
        const captcha = await solvedCaptcha(limited);
        expect((await sendCode(limited, `+351961${String(i).padStart(6, '0')}`, { captcha })).statusCode).toBe(200);
      }
      // Refused before the captcha is even looked at.
      const fourth = await sendCode(limited, '+351961000009', { captcha: 'unsolved' });
      expect(fourth.statusCode).toBe(429);
      expect(errorOf(fourth).code).toBe('too-many-requests');
      for (let i = 0; i < 3; i++) await signInWithCode(limited, '00000000-0000-4000-8000-000000000000', '123456');
      expect((await signInWithCode(limited, '00000000-0000-4000-8000-000000000000', '123456')).statusCode).toBe(429);
      // The captcha endpoint is limited as well (three challenges fetched above).
      expect((await limited.app.inject({ method: 'GET', url: CHALLENGE_URL })).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('refuses a cookie-bearing send from another origin', async () => {
    const guest = await newGuest();
    const res = await t.app.inject({
      method: 'POST',
      url: SEND_CODE_URL,
      headers: { origin: 'https://evil.example', cookie: guest.cookie },
      payload: { phoneNumber: newNumber(), captcha: await solvedCaptcha(t) },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('guests (checklist §5.9)', () => {
  it('links a new number to the signed-in guest: same uid, data kept', async () => {
    const guest = await newGuest();
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/me/favourites/${trailId}`, headers: { cookie: guest.cookie } })).statusCode,
    ).toBe(204);
    const number = newNumber();
    const { verificationId, code } = await requestCode(t, number, guest.cookie);
    const res = await signInWithCode(t, verificationId, code, guest.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(await signedInUser(t, res)).toMatchObject({
      id: guest.id,
      isAnonymous: false,
      phoneNumber: number,
      email: null,
      providers: ['phone'],
    });
    const kept = await t.database.db.select().from(favourites).where(eq(favourites.userId, guest.id));
    expect(kept.map((f) => f.trailId)).toEqual([trailId]);
  });

  it("answers merge-conflict for another account's number; the merge signs in to that account", async () => {
    const number = newNumber();
    const owner = await requestCode(t, number);
    const ownerId = (await signInWithCode(t, owner.verificationId, owner.code)).json().user.id as string;

    const guest = await newGuest();
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/me/favourites/${trailId}`, headers: { cookie: guest.cookie } })).statusCode,
    ).toBe(204);
    advance(16_000);
    const { verificationId, code } = await requestCode(t, number, guest.cookie);
    const res = await signInWithCode(t, verificationId, code, guest.cookie);
    expect(res.statusCode).toBe(409);
    const error = errorOf(res);
    expect(error.code).toBe('merge-conflict');
    expect(error.details).toMatchObject({ providerId: 'phone', phoneNumber: number, mergeToken: expect.any(String) });
    expect(res.headers['set-cookie']).toBeUndefined();

    const merged = await post(t, '/api/auth/identity/merge', { mergeToken: error.details!.mergeToken }, guest.cookie);
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().user).toMatchObject({ id: ownerId, phoneNumber: number });
    const moved = await t.database.db.select().from(favourites).where(eq(favourites.userId, ownerId));
    expect(moved.map((f) => f.trailId)).toEqual([trailId]);
  });
});

describe('sign-up disabled and SMS off', () => {
  it('refuses a new number with admin-restricted-operation (no SMS) but lets an existing number in', async () => {
    const existing = newNumber();
    const { verificationId, code } = await requestCode(t, existing);
    expect((await signInWithCode(t, verificationId, code)).statusCode).toBe(200);
    advance(16_000);

    const closed = await createTestApp(
      { ...FAST_ALTCHA, IDENTITY_RATE_LIMIT_MAX: '10000', IDENTITY_SIGN_UP_DISABLED: 'true' },
      { now: () => clock.now, database: t.database },
    );
    try {
      const before = await smsCount();
      const fresh = await sendCode(closed, newNumber());
      expect(fresh.statusCode).toBe(403);
      expect(errorOf(fresh).code).toBe('admin-restricted-operation');
      const guest = await post(closed, '/api/auth/sign-in/anonymous', {});
      const guestSend = await sendCode(closed, newNumber(), { cookie: cookieHeader(guest.headers['set-cookie']) });
      expect(errorOf(guestSend).code).toBe('admin-restricted-operation');
      expect(await smsCount()).toBe(before);

      const again = await requestCode(closed, existing);
      expect((await signInWithCode(closed, again.verificationId, again.code)).statusCode).toBe(200);
    } finally {
      await closed.close();
    }
  });

  it('with enumeration protection, answers a new number like any other but texts nothing', async () => {
    const closed = await createTestApp(
      { ...FAST_ALTCHA, IDENTITY_SIGN_UP_DISABLED: 'true', IDENTITY_EMAIL_ENUMERATION_PROTECTION: 'true' },
      { now: () => clock.now, database: t.database },
    );
    try {
      const number = newNumber();
      const res = await sendCode(closed, number);
      expect(res.statusCode).toBe(200);
      expect(res.json().verificationId).toEqual(expect.any(String));
      expect(await queuedSms(t.database.db, { to: number })).toEqual([]);
    } finally {
      await closed.close();
    }
  });

  it('is off (operation-not-allowed) when no SMS transport is configured', async () => {
    const off = await createTestApp({ ...FAST_ALTCHA, DEV_INBOX: 'false' }, { database: t.database });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/auth/phone-number/config' })).json().enabled).toBe(false);
      const res = await sendCode(off, newNumber());
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('operation-not-allowed');
    } finally {
      await off.close();
    }
  });
});
