import { readFile } from 'node:fs/promises';
import { symmetricEncrypt } from 'better-auth/crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { twoFactors, users, verifications } from '../../db/schema/index.js';
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
  const { totpURI } = (await user.b.post('/api/auth/two-factor/enable', { password: PASSWORD })).json() as { totpURI: string };
  const secret = new URL(totpURI).searchParams.get('secret')!;
  const done = await user.b.post('/api/auth/two-factor/verify-totp', { code: codeFor(secret) });
  expect(done.statusCode).toBe(200);
  return { ...user, secret, factorUid: done.json().factor.uid as string };
}

/** The second step of a sign-in: the twoFactor plugin's verification, with the gate's pending credential. */
const VERIFY_TOTP = '/api/auth/two-factor/verify-totp';

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
  // No cookie at all: neither a session nor the plugin's two_factor cookie (the credential is in the answer).
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
    expect((await widget.get('/api/auth/identity/user')).statusCode).toBe(401);
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
      const wrong = await b.post(VERIFY_TOTP, { mfaPendingCredential, code: otherThan(codeFor(secret)) });
      expect(errorOf(wrong)).toBe('401 invalid-verification-code');
      expect(wrong.json().error.message).toBe('Wrong code. Try again.');
      expect(wrong.headers['set-cookie']).toBeUndefined();
      const ok = await b.post(VERIFY_TOTP, { mfaPendingCredential, code: codeFor(secret) });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.id).toBe(id);
      expect((await b.get('/api/auth/identity/user')).json().user.id).toBe(id);
      expect((await b.get('/api/me')).statusCode).toBe(200);
    }
  });

  it('a pending credential lapses after 5 minutes, cannot be forged, and only opens its own account', async () => {
    const a = await withTotp('owner-a@example.com');
    const other = await withTotp('owner-b@example.com');
    const pending = expectSecondFactorAsked(await viaModal('owner-a@example.com'), a.factorUid);
    const b: Browser = browser(w.t);
    const forged = `${pending.slice(0, -4)}AAAA`;
    const refused = await b.post(VERIFY_TOTP, { mfaPendingCredential: forged, code: codeFor(a.secret) });
    expect(errorOf(refused)).toBe('401 code-expired');
    expect(refused.json().error.message).toBe('This sign-in has expired. Sign in again.');
    // The other account's code does not open this one (the credential names its account).
    const foreign = await b.post(VERIFY_TOTP, { mfaPendingCredential: pending, code: codeFor(other.secret) });
    expect(errorOf(foreign)).toBe('401 invalid-verification-code');
    expect(foreign.headers['set-cookie']).toBeUndefined();

    // The challenge lives 5 minutes (Better Auth keeps real time, so the test ages its rows).
    const identifier = pending.slice(0, pending.lastIndexOf('.'));
    const rows = await w.t.database.db
      .select()
      .from(verifications)
      .where(inArray(verifications.identifier, [identifier, `2fa-attempts-${identifier}`]));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(Math.abs(row.expiresAt.getTime() - Date.now() - 5 * 60_000)).toBeLessThan(30_000);
    await w.t.database.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(verifications.identifier, [identifier, `2fa-attempts-${identifier}`]));
    expect(errorOf(await b.post(VERIFY_TOTP, { mfaPendingCredential: pending, code: codeFor(a.secret) }))).toBe('401 code-expired');
  });

  it('limits code guesses per account: too-many-requests after 5', async () => {
    const { secret, factorUid } = await withTotp('guesser@example.com');
    const mfaPendingCredential = expectSecondFactorAsked(await viaModal('guesser@example.com'), factorUid);
    const wrong = otherThan(codeFor(secret));
    for (let i = 0; i < 5; i++) await browser(w.t).post(VERIFY_TOTP, { mfaPendingCredential, code: wrong });
    const res = await browser(w.t).post(VERIFY_TOTP, { mfaPendingCredential, code: codeFor(secret) });
    expect(errorOf(res)).toBe('429 too-many-requests');
    // A new sign-in does not reset the count: the lock is the account's.
    const again = expectSecondFactorAsked(await viaModal('guesser@example.com'), factorUid);
    expect(errorOf(await browser(w.t).post(VERIFY_TOTP, { mfaPendingCredential: again, code: codeFor(secret) }))).toBe(
      '429 too-many-requests',
    );
  });

  it('an SMS factor: the code texted to the enrolled number finishes the sign-in', async () => {
    const user = await verifiedUser(w.t, 'sms-mfa@example.com', PASSWORD);
    const phone = '+351912345600';
    const started = await user.b.post('/api/auth/two-factor/send-otp', { phoneNumber: phone, captcha: await solvedCaptcha(w.t) });
    expect(started.statusCode).toBe(200);
    const enrolled = await user.b.post('/api/auth/two-factor/verify-otp', {
      code: (await queuedSms(w.t.database.db, { to: phone })).at(-1)!.body.slice(0, 6),
    });
    expect(enrolled.statusCode).toBe(200);
    const factorUid = enrolled.json().factor.uid as string;

    const asked = await viaModal('sms-mfa@example.com');
    expect(errorOf(asked)).toBe('403 multi-factor-auth-required');
    const { mfaPendingCredential } = asked.json().error.details;
    const b = browser(w.t);
    expect(asked.json().error.details.factors).toEqual([
      expect.objectContaining({ uid: factorUid, factorId: 'phone', phoneNumber: phone }),
    ]);
    const sent = await b.post('/api/auth/two-factor/send-otp', { mfaPendingCredential });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ phoneNumber: phone });
    const code = (await queuedSms(w.t.database.db, { to: phone })).at(-1)!.body.slice(0, 6);
    const wrong = await b.post('/api/auth/two-factor/verify-otp', { mfaPendingCredential, code: otherThan(code) });
    expect(errorOf(wrong)).toBe('401 invalid-verification-code');
    const done = await b.post('/api/auth/two-factor/verify-otp', { mfaPendingCredential, code });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(user.id);
    expect((await b.get('/api/auth/identity/user')).json().user.id).toBe(user.id);
  });

  it('texts sign-in codes to a phone factor within the per-number limit (5 an hour, enrollment included)', async () => {
    const user = await verifiedUser(w.t, 'sms-limit@example.com', PASSWORD);
    const phone = '+351912345601';
    await user.b.post('/api/auth/two-factor/send-otp', { phoneNumber: phone, captcha: await solvedCaptcha(w.t) });
    const code = (await queuedSms(w.t.database.db, { to: phone })).at(-1)!.body.slice(0, 6);
    expect((await user.b.post('/api/auth/two-factor/verify-otp', { code })).statusCode).toBe(200);

    const { mfaPendingCredential } = (await viaModal('sms-limit@example.com')).json().error.details;
    const answers: unknown[] = [];
    for (let i = 0; i < 5; i++) answers.push((await browser(w.t).post('/api/auth/two-factor/send-otp', { mfaPendingCredential })).json());
    expect(answers.slice(0, 4)).toEqual(Array(4).fill({ status: true, phoneNumber: phone }));
    // The sixth text to the number within the hour is not sent.
    expect(answers[4]).toEqual({ status: true });
    expect(await queuedSms(w.t.database.db, { to: phone })).toHaveLength(5);
  });

  it('factors the migration moved from the old table still sign in: the old base32 secret is re-encrypted on first use', async () => {
    const db = w.t.database.db;
    const user = await verifiedUser(w.t, 'moved@example.com', PASSWORD);
    const base32 = new Secret({ size: 20 }).base32;
    const { secretConfig } = await w.t.app.auth.$context;
    // The old table as 0004 made it, with an app, a phone and an unfinished enrollment in it.
    await db.execute(sql`CREATE TABLE identity_second_factors (id text PRIMARY KEY, user_id text NOT NULL, factor_id text NOT NULL,
      display_name text, phone_number text, secret text, created_at timestamptz NOT NULL DEFAULT now(), enrolled_at timestamptz,
      pending_expires_at timestamptz)`);
    const oldSecret = await symmetricEncrypt({ key: secretConfig, data: base32 });
    await db.execute(sql`INSERT INTO identity_second_factors (id, user_id, factor_id, display_name, phone_number, secret, enrolled_at, pending_expires_at)
      VALUES ('old-app', ${user.id}, 'totp', 'Old app', NULL, ${oldSecret}, now() - interval '2 days', NULL),
             ('old-phone', ${user.id}, 'phone', NULL, '+351912345699', NULL, now() - interval '1 day', NULL),
             ('unfinished', ${user.id}, 'totp', NULL, NULL, 'x', NULL, now() + interval '5 minutes')`);
    // The migration's own statements from the old table on.
    const migration = await readFile(new URL('../../db/migrations/0021_two_factors.sql', import.meta.url), 'utf8');
    const statements = migration.split('--> statement-breakpoint').map((part) => part.trim());
    for (const statement of statements.slice(statements.findIndex((part) => part.includes('identity_second_factors'))))
      await db.execute(sql.raw(statement));

    const [moved] = await db.select({ twoFactorEnabled: users.twoFactorEnabled }).from(users).where(eq(users.id, user.id));
    expect(moved!.twoFactorEnabled).toBe(true);
    const asked = await viaModal('moved@example.com');
    expect(errorOf(asked)).toBe('403 multi-factor-auth-required');
    expect(asked.json().error.details.factors).toEqual([
      expect.objectContaining({ uid: 'old-app', factorId: 'totp', displayName: 'Old app' }),
      expect.objectContaining({ uid: 'old-phone', factorId: 'phone', phoneNumber: '+351912345699' }),
    ]);
    const ok = await browser(w.t).post(VERIFY_TOTP, {
      mfaPendingCredential: asked.json().error.details.mfaPendingCredential,
      code: codeFor(base32),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(user.id);
    const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    expect(row!.legacyBase32Secret).toBe(false);
  });
});
