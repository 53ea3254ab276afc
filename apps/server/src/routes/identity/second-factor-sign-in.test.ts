import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queuedSms } from '../../test/queued-jobs.js';
import { createActionWorld, errorOf, verifiedUser, type ActionWorld } from '../../test/action-fixtures.js';
import { browser, nextIp, type Browser } from '../../test/email-identity-fixtures.js';
import { FAST_ALTCHA, solvedCaptcha } from '../../test/phone-kit.js';
import { TEST_ORIGIN } from '../../test/test-app.js';

const PASSWORD = 'secret123';
let w: ActionWorld;
beforeAll(async () => {
  w = await createActionWorld(FAST_ALTCHA);
});
afterAll(async () => w.t.close());
afterEach(() => w.resetClock());
const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: w.now() });
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

async function withTotp(email: string) {
  const user = await verifiedUser(w.t, email, PASSWORD);
  const started = (await user.b.post('/api/identity/mfa/totp/start', {})).json() as { enrollmentId: string; secret: string };
  const done = await user.b.post('/api/identity/mfa/totp/finish', { enrollmentId: started.enrollmentId, code: codeFor(started.secret) });
  expect(done.statusCode).toBe(200);
  return { ...user, secret: started.secret, factorUid: done.json().factor.uid as string };
}

/** The app's modal: Better Auth's own e-mail sign-in. */
const viaModal = (email: string, password = PASSWORD) =>
  w.t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    remoteAddress: nextIp(),
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });

function expectSecondFactorAsked(res: Awaited<ReturnType<typeof viaModal>>, factorUid: string): string {
  expect(errorOf(res)).toBe('403 multi-factor-auth-required');
  expect(res.headers['set-cookie']).toBeUndefined();
  const details = res.json().error.details;
  expect(details.factors).toEqual([expect.objectContaining({ uid: factorUid, factorId: 'totp' })]);
  expect(details.mfaPendingCredential).toEqual(expect.any(String));
  return details.mfaPendingCredential;
}

describe('a second factor enforced at sign-in', () => {
  it('no path gives an account with TOTP a session without the code: the modal, the widget, a guessed server-only route', async () => {
    const { factorUid } = await withTotp('guarded@example.com');
    expectSecondFactorAsked(await viaModal('guarded@example.com'), factorUid);
    const widget = browser(w.t);
    expectSecondFactorAsked(await widget.post('/api/auth/sign-in/email', { email: 'guarded@example.com', password: PASSWORD }), factorUid);
    expect((await widget.get('/api/identity/user')).statusCode).toBe(401);
    // The plugin endpoint that starts the widget's sessions has no HTTP route.
    const direct = await widget.post('/api/auth/identity/start-session', { userId: factorUid, secondFactorVerified: true });
    expect(direct.statusCode).toBe(404);
  });

  it('the current code finishes the sign-in started on either path; a wrong code does not', async () => {
    const { id, secret, factorUid } = await withTotp('finisher@example.com');
    for (const start of [
      () => viaModal('finisher@example.com'),
      () => browser(w.t).post('/api/auth/sign-in/email', { email: 'finisher@example.com', password: PASSWORD }),
    ]) {
      const mfaPendingCredential = expectSecondFactorAsked(await start(), factorUid);
      const b = browser(w.t);
      const wrong = await b.post('/api/identity/mfa/sign-in/totp', { mfaPendingCredential, factorUid, code: otherThan(codeFor(secret)) });
      expect(errorOf(wrong)).toBe('400 invalid-verification-code');
      expect(wrong.headers['set-cookie']).toBeUndefined();
      const ok = await b.post('/api/identity/mfa/sign-in/totp', { mfaPendingCredential, factorUid, code: codeFor(secret) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.id).toBe(id);
      expect((await b.get('/api/identity/user')).json().user.id).toBe(id);
      expect((await b.get('/api/me')).statusCode).toBe(200);
    }
  });

  it('a pending credential lapses after 5 minutes, cannot be forged, and only opens its own account', async () => {
    const a = await withTotp('owner-a@example.com');
    const other = await withTotp('owner-b@example.com');
    const pending = expectSecondFactorAsked(await viaModal('owner-a@example.com'), a.factorUid);
    const b: Browser = browser(w.t);
    const forged = `${pending.slice(0, -4)}AAAA`;
    expect(
      errorOf(
        await b.post('/api/identity/mfa/sign-in/totp', { mfaPendingCredential: forged, factorUid: a.factorUid, code: codeFor(a.secret) }),
      ),
    ).toBe('400 code-expired');
    const foreign = await b.post('/api/identity/mfa/sign-in/totp', {
      mfaPendingCredential: pending,
      factorUid: other.factorUid,
      code: codeFor(other.secret),
    });
    expect(errorOf(foreign)).toBe('400 invalid-credential');
    w.later(5 * 60_000 + 1000);
    expect(
      errorOf(
        await b.post('/api/identity/mfa/sign-in/totp', { mfaPendingCredential: pending, factorUid: a.factorUid, code: codeFor(a.secret) }),
      ),
    ).toBe('400 code-expired');
  });

  it('limits code guesses per account: too-many-requests after 5', async () => {
    const { secret, factorUid } = await withTotp('guesser@example.com');
    const mfaPendingCredential = expectSecondFactorAsked(await viaModal('guesser@example.com'), factorUid);
    const wrong = otherThan(codeFor(secret));
    for (let i = 0; i < 5; i++) await browser(w.t).post('/api/identity/mfa/sign-in/totp', { mfaPendingCredential, factorUid, code: wrong });
    const res = await browser(w.t).post('/api/identity/mfa/sign-in/totp', { mfaPendingCredential, factorUid, code: codeFor(secret) });
    expect(errorOf(res)).toBe('429 too-many-requests');
  });

  it('an SMS factor: the code texted to the enrolled number finishes the sign-in', async () => {
    const user = await verifiedUser(w.t, 'sms-mfa@example.com', PASSWORD);
    const phone = '+351912345600';
    const started = await user.b.post('/api/identity/mfa/phone/start', { phoneNumber: phone, captcha: await solvedCaptcha(w.t) });
    const enrolled = await user.b.post('/api/identity/mfa/phone/finish', {
      enrollmentId: started.json().enrollmentId,
      code: (await queuedSms(w.t.database.db, { to: phone })).at(-1)!.body.slice(0, 6),
    });
    const factorUid = enrolled.json().factor.uid as string;

    const asked = await viaModal('sms-mfa@example.com');
    expect(errorOf(asked)).toBe('403 multi-factor-auth-required');
    const { mfaPendingCredential } = asked.json().error.details;
    const b = browser(w.t);
    const sent = await b.post('/api/identity/mfa/sign-in/phone/start', { mfaPendingCredential, factorUid });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ phoneNumber: phone });
    const code = (await queuedSms(w.t.database.db, { to: phone })).at(-1)!.body.slice(0, 6);
    const done = await b.post('/api/identity/mfa/sign-in/phone/finish', {
      mfaPendingCredential,
      verificationId: sent.json().verificationId,
      code,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(user.id);
  });
});
