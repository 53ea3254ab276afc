import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { twoFactors } from '../../db/schema/index.js';
import { queuedSms } from '../../test/queued-jobs.js';
import {
  createActionWorld,
  errorOf,
  HOUR,
  lastAction,
  MINUTE,
  signedUp,
  verifiedUser,
  type ActionWorld,
} from '../../test/action-fixtures.js';
import { browser, mailsTo, type Browser } from '../../test/email-identity-fixtures.js';
import { FAST_ALTCHA, solvedCaptcha } from '../../test/phone-kit.js';

let w: ActionWorld;
let offset = 0;
beforeAll(async () => {
  w = await createActionWorld(FAST_ALTCHA);
});
afterAll(async () => w.t.close());
afterEach(() => {
  w.resetClock();
  offset = 0;
});
const later = (ms: number) => {
  w.later(ms);
  offset += ms;
};
/** The server's clock, as the test moved it. */
const serverNow = () => Date.now() + offset;

const check = (oobCode: string) => browser(w.t).post('/api/auth/identity/action-codes/check', { oobCode });
const apply = (oobCode: string) => browser(w.t).post('/api/auth/identity/action-codes/apply', { oobCode });

const PASSWORD = 'secret123';
const FACTORS = '/api/auth/two-factor/factors';
const ENABLE = '/api/auth/two-factor/enable';
const VERIFY_TOTP = '/api/auth/two-factor/verify-totp';
const SEND_OTP = '/api/auth/two-factor/send-otp';
const VERIFY_OTP = '/api/auth/two-factor/verify-otp';

/** Enrolling an authenticator app starts with the twoFactor plugin's enable (an account with a password gives it). */
async function startTotp(b: Browser, body: object = { password: PASSWORD }) {
  const res = await b.post(ENABLE, body);
  expect(res.statusCode).toBe(200);
  const started = res.json() as { totpURI: string; backupCodes?: string[] };
  return { ...started, secret: new URL(started.totpURI).searchParams.get('secret')! };
}
const codeFor = (secret: string, at = serverNow()) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function enrolledTotp(email: string) {
  const user = await verifiedUser(w.t, email);
  const started = await startTotp(user.b);
  const res = await user.b.post(VERIFY_TOTP, { code: codeFor(started.secret), displayName: 'Work phone' });
  expect(res.statusCode).toBe(200);
  return { ...user, factor: res.json().factor as { uid: string } };
}

async function lastSmsCode(phone: string) {
  const sms = (await queuedSms(w.t.database.db, { to: phone })).at(-1);
  return sms!.body.slice(0, 6);
}

describe('TOTP second factor', () => {
  it('enrolls an authenticator app, lists it, and mails a revert link', async () => {
    const { b, id } = await verifiedUser(w.t, 'totp@example.com');
    expect((await b.get(FACTORS)).json()).toEqual({ factors: [] });

    const started = await startTotp(b);
    expect(started.secret).toMatch(/^[A-Z2-7]{32,}=*$/);
    const uri = new URL(started.totpURI);
    expect(`${uri.protocol}//${uri.host}${uri.pathname}`).toBe('otpauth://totp/TrailBuddy:totp%40example.com');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ issuer: 'TrailBuddy', digits: '6', period: '30' });
    // FirebaseUI has no backup codes: none are handed out.
    expect(started.backupCodes).toBeUndefined();
    // The secret is stored encrypted, never as the user saw it.
    const [row] = await w.t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, id));
    expect(row!.secret).not.toContain(started.secret);
    expect(row!.verified).toBe(false);

    const wrong = await b.post(VERIFY_TOTP, { code: '000000' === codeFor(started.secret) ? '111111' : '000000' });
    expect(errorOf(wrong)).toBe('401 invalid-verification-code');
    expect(wrong.json().error).toMatchObject({ message: 'Wrong code. Try again.' });
    expect(errorOf(await b.post(VERIFY_TOTP, { code: 'abc' }))).toBe('401 invalid-verification-code');
    expect((await b.get(FACTORS)).json()).toEqual({ factors: [] });

    const done = await b.post(VERIFY_TOTP, { code: codeFor(started.secret), displayName: 'Pixel' });
    expect(done.statusCode).toBe(200);
    const factor = done.json().factor;
    expect(factor).toMatchObject({ factorId: 'totp', displayName: 'Pixel', phoneNumber: null });
    expect((await b.get(FACTORS)).json()).toEqual({ factors: [factor] });
    // The enrollment is done: a second app cannot replace it, and its code enrolls nothing twice.
    expect(errorOf(await b.post(ENABLE, { password: PASSWORD }))).toBe('400 operation-not-allowed');
    expect((await b.post(VERIFY_TOTP, { code: codeFor(started.secret) })).json().factor).toBeUndefined();
    expect((await b.get(FACTORS)).json()).toEqual({ factors: [factor] });

    const [mail] = await mailsTo(w.t, 'totp@example.com', 'second-factor-added');
    expect(mail!.params).toMatchObject({ factor: 'The authenticator app "Pixel"' });
    const revert = await lastAction(w.t, 'totp@example.com', 'second-factor-added');
    expect(revert.mode).toBe('revertSecondFactorAddition');
  });

  it('accepts the previous and next 30-second code (clock drift) but not older ones', async () => {
    const { b } = await verifiedUser(w.t, 'drift@example.com');
    const started = await startTotp(b);
    const stale = codeFor(started.secret, serverNow() - 95_000);
    const fresh = codeFor(started.secret, serverNow() - 30_000);
    if (stale !== fresh) expect(errorOf(await b.post(VERIFY_TOTP, { code: stale }))).toBe('401 invalid-verification-code');
    expect((await b.post(VERIFY_TOTP, { code: fresh })).statusCode).toBe(200);
  });

  it('an enrollment lapses after 10 minutes (moved clock): code-expired', async () => {
    const { b } = await verifiedUser(w.t, 'lapsed@example.com');
    const started = await startTotp(b);
    later(11 * MINUTE);
    const res = await b.post(VERIFY_TOTP, { code: codeFor(started.secret) });
    expect(errorOf(res)).toBe('400 code-expired');
    expect((await b.get(FACTORS)).json().factors).toEqual([]);
  });

  it('a new start replaces the unfinished enrollment', async () => {
    const { b } = await verifiedUser(w.t, 'restart@example.com');
    const first = await startTotp(b);
    const second = await startTotp(b);
    // The plugin replaced the unfinished secret: the first app's code is wrong now.
    if (codeFor(first.secret) !== codeFor(second.secret)) {
      expect(errorOf(await b.post(VERIFY_TOTP, { code: codeFor(first.secret) }))).toBe('401 invalid-verification-code');
    }
    expect((await b.post(VERIFY_TOTP, { code: codeFor(second.secret) })).statusCode).toBe(200);
  });

  it('limits code attempts per account: too-many-requests after 5', async () => {
    const { b } = await verifiedUser(w.t, 'guesser@example.com');
    const started = await startTotp(b);
    const right = codeFor(started.secret);
    const guess = right === '123456' ? '654321' : '123456';
    const statuses: string[] = [];
    for (let i = 0; i < 5; i++) statuses.push(errorOf(await b.post(VERIFY_TOTP, { code: guess })));
    expect(statuses).toEqual(Array(5).fill('401 invalid-verification-code'));
    expect(errorOf(await b.post(VERIFY_TOTP, { code: right }))).toBe('429 too-many-requests');
  });

  it('needs a verified e-mail (unverified-email), a full account, and a recent sign-in or the password', async () => {
    const unverified = await signedUp(w.t, 'unverified-mfa@example.com');
    const res = await unverified.b.post(ENABLE, { password: PASSWORD });
    expect(errorOf(res)).toBe('400 unverified-email');
    expect(res.json().error.message).toBe('This operation requires a verified email.');

    const guest = browser(w.t);
    await guest.post('/api/auth/sign-in/anonymous');
    expect(errorOf(await guest.post(ENABLE, {}))).toBe('403 operation-not-allowed');
    expect((await browser(w.t).post(ENABLE, { password: PASSWORD })).statusCode).toBe(401);
    expect((await browser(w.t).get(FACTORS)).statusCode).toBe(401);

    const { b } = await verifiedUser(w.t, 'stale-mfa@example.com', PASSWORD);
    // The plugin asks an account with a password for it, even right after signing in.
    expect(errorOf(await b.post(ENABLE, {}))).toBe('400 wrong-password');
    later(6 * MINUTE);
    expect(errorOf(await b.post(ENABLE, {}))).toBe('401 requires-recent-login');
    expect(errorOf(await b.post(ENABLE, { password: 'nope' }))).toBe('400 wrong-password');
    expect((await b.post(ENABLE, { password: PASSWORD })).statusCode).toBe(200);
  });

  it('the account can remove a factor itself (a recent sign-in or the password)', async () => {
    const { b, id, factor } = await enrolledTotp('unenroll@example.com');
    later(6 * MINUTE);
    expect(errorOf(await b.post('/api/auth/two-factor/unenroll', { uid: factor.uid }))).toBe('401 requires-recent-login');
    expect((await b.post('/api/auth/two-factor/unenroll', { uid: factor.uid, password: PASSWORD })).json()).toEqual({ factors: [] });
    expect(errorOf(await b.post('/api/auth/two-factor/unenroll', { uid: factor.uid, password: PASSWORD }))).toBe('404 not-found');
    expect(await w.t.database.db.select().from(twoFactors).where(eq(twoFactors.userId, id))).toEqual([]);
  });
});

describe('revertSecondFactorAddition', () => {
  it('shows the factor, removes it, ends every session, and is single use', async () => {
    const { b, id, factor } = await enrolledTotp('revert@example.com');
    const { oobCode } = await lastAction(w.t, 'revert@example.com', 'second-factor-added');

    const checked = await check(oobCode);
    expect(checked.json()).toEqual({
      operation: 'REVERT_SECOND_FACTOR_ADDITION',
      email: 'revert@example.com',
      multiFactorInfo: { factorId: 'totp', displayName: 'Work phone' },
    });
    const applied = await apply(oobCode);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual(checked.json());
    const left = await w.t.database.db
      .select()
      .from(twoFactors)
      .where(and(eq(twoFactors.userId, id), eq(twoFactors.totpUid, factor.uid)));
    expect(left).toEqual([]);
    expect((await b.get(FACTORS)).statusCode).toBe(401);
    expect(errorOf(await apply(oobCode))).toBe('400 invalid-action-code');
  });

  it('expires after IDENTITY_RECOVERY_CODE_TTL_HOURS (moved clock) and the factor stays', async () => {
    const { b, factor } = await enrolledTotp('revert-late@example.com');
    const { oobCode } = await lastAction(w.t, 'revert-late@example.com', 'second-factor-added');
    later(73 * HOUR);
    expect(errorOf(await check(oobCode))).toBe('400 expired-action-code');
    expect(errorOf(await apply(oobCode))).toBe('400 expired-action-code');
    w.resetClock();
    offset = 0;
    expect((await b.get(FACTORS)).json().factors).toEqual([expect.objectContaining({ uid: factor.uid })]);
  });
});

describe('SMS second factor', () => {
  it('needs a solved captcha, texts a code, enrolls the number with it, and the revert link names the phone', async () => {
    const { b } = await verifiedUser(w.t, 'sms@example.com');
    const bad = await b.post(SEND_OTP, { phoneNumber: '+35112', captcha: await solvedCaptcha(w.t) });
    expect(errorOf(bad)).toBe('400 invalid-phone-number');
    const unsolved = await b.post(SEND_OTP, { phoneNumber: '+351912345678' });
    expect(errorOf(unsolved)).toBe('400 captcha-check-failed');
    expect(await queuedSms(w.t.database.db, { to: '+351912345678' })).toEqual([]);

    const started = await b.post(SEND_OTP, { phoneNumber: '+351 912 345 678', captcha: await solvedCaptcha(w.t) });
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({ phoneNumber: '+351912345678' });
    const code = await lastSmsCode('+351912345678');
    expect(code).toMatch(/^\d{6}$/);
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect(errorOf(await b.post(VERIFY_OTP, { code: wrongCode }))).toBe('401 invalid-verification-code');
    expect((await b.get(FACTORS)).json()).toEqual({ factors: [] });
    const done = await b.post(VERIFY_OTP, { code });
    expect(done.statusCode).toBe(200);
    expect(done.json().factor).toMatchObject({ factorId: 'phone', phoneNumber: '+351912345678' });
    // One phone per account: a second one is refused before any text.
    const another = await b.post(SEND_OTP, { phoneNumber: '+351912345679', captcha: await solvedCaptcha(w.t) });
    expect(errorOf(another)).toBe('403 operation-not-allowed');
    expect(await queuedSms(w.t.database.db, { to: '+351912345679' })).toEqual([]);

    const [mail] = await mailsTo(w.t, 'sms@example.com', 'second-factor-added');
    expect(mail!.params).toMatchObject({ factor: 'The phone +351912345678' });
    const { oobCode } = await lastAction(w.t, 'sms@example.com', 'second-factor-added');
    expect((await check(oobCode)).json()).toEqual({
      operation: 'REVERT_SECOND_FACTOR_ADDITION',
      email: 'sms@example.com',
      multiFactorInfo: { factorId: 'phone', phoneNumber: '+351912345678' },
    });
    expect((await apply(oobCode)).statusCode).toBe(200);
  });

  it('an SMS enrollment code lapses (moved clock) and a number is limited per hour', async () => {
    const { b } = await verifiedUser(w.t, 'sms-limit@example.com');
    expect((await b.post(SEND_OTP, { phoneNumber: '+351912000111', captcha: await solvedCaptcha(w.t) })).statusCode).toBe(200);
    const code = await lastSmsCode('+351912000111');
    later(11 * MINUTE);
    expect(errorOf(await b.post(VERIFY_OTP, { code }))).toBe('400 code-expired');
    expect((await b.get(FACTORS)).json()).toEqual({ factors: [] });
    w.resetClock();
    offset = 0;

    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await b.post(SEND_OTP, { phoneNumber: '+351912000111', captcha: await solvedCaptcha(w.t) })).statusCode);
    }
    // One send above already counted: the fifth more is the sixth within the hour.
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const limited = await b.post(SEND_OTP, { phoneNumber: '+351912000111', captcha: await solvedCaptcha(w.t) });
    expect(limited.json().error.message).toBe('This phone number has been used too many times');
  });
});
