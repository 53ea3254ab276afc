import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema/index.js';
import { createActionWorld, errorOf, HOUR, lastAction, MINUTE, signedUp, type ActionWorld } from '../../test/action-fixtures.js';
import { browser, mailsTo, type Browser } from '../../test/email-identity-fixtures.js';
import { signIn } from '../../test/test-app.js';

let w: ActionWorld;
beforeAll(async () => {
  w = await createActionWorld();
});
afterAll(async () => w.t.close());
afterEach(() => w.resetClock());

const change = (b: Browser, newEmail: string, password?: string) =>
  b.post('/api/auth/change-email', { newEmail, ...(password !== undefined && { password }) });
const check = (oobCode: string, mode?: string) =>
  browser(w.t).post('/api/auth/identity/action-codes/check', { oobCode, ...(mode && { mode }) });
const apply = (oobCode: string) => browser(w.t).post('/api/auth/identity/action-codes/apply', { oobCode });
const userRow = async (id: string) => (await w.t.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('change of e-mail (verifyAndChangeEmail, then recoverEmail)', () => {
  it('mails the new address, changes the e-mail when its link is applied, mails the old address, and undoes it', async () => {
    const { b, id } = await signedUp(w.t, 'old@example.com', 'secret123');
    await w.t.database.db.insert(accounts).values({ id: randomUUID(), userId: id, providerId: 'emailLink', accountId: 'old@example.com' });

    const res = await change(b, 'New@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: true, newEmail: 'new@example.com', sent: true });
    // Nothing changes until the new address proves it receives mail.
    expect((await userRow(id)).email).toBe('old@example.com');

    const verify = await lastAction(w.t, 'new@example.com', 'verify-and-change-email');
    expect(verify.mode).toBe('verifyAndChangeEmail');
    expect((await check(verify.oobCode, 'verifyAndChangeEmail')).json()).toEqual({
      operation: 'VERIFY_AND_CHANGE_EMAIL',
      email: 'new@example.com',
      previousEmail: 'old@example.com',
    });
    const applied = await apply(verify.oobCode);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ operation: 'VERIFY_AND_CHANGE_EMAIL', email: 'new@example.com', previousEmail: 'old@example.com' });
    expect(await userRow(id)).toMatchObject({ email: 'new@example.com', emailVerified: true });
    const [link] = await w.t.database.db.select().from(accounts).where(eq(accounts.providerId, 'emailLink'));
    expect(link!.accountId).toBe('new@example.com');
    expect(errorOf(await apply(verify.oobCode))).toBe('400 invalid-action-code');
    // The session that asked for the change goes on; the password now signs in with the new e-mail.
    expect((await b.get('/api/auth/identity/user')).json().user.email).toBe('new@example.com');
    expect((await signIn(w.t, 'new@example.com', 'secret123')).res.statusCode).toBe(200);

    const recover = await lastAction(w.t, 'old@example.com', 'recover-email');
    expect(recover.mode).toBe('recoverEmail');
    expect((await mailsTo(w.t, 'old@example.com', 'recover-email'))[0]!.params).toMatchObject({ new_email: 'new@example.com' });
    expect((await check(recover.oobCode, 'recoverEmail')).json()).toEqual({
      operation: 'RECOVER_EMAIL',
      email: 'old@example.com',
      previousEmail: 'new@example.com',
    });
    const recovered = await apply(recover.oobCode);
    expect(recovered.statusCode).toBe(200);
    expect(recovered.json()).toEqual({ operation: 'RECOVER_EMAIL', email: 'old@example.com', previousEmail: 'new@example.com' });
    expect(await userRow(id)).toMatchObject({ email: 'old@example.com', emailVerified: true });
    // Every session ends (whoever changed the e-mail is signed out), and the widget can offer a reset.
    expect((await b.get('/api/auth/identity/user')).statusCode).toBe(401);
    const offer = await browser(w.t).post('/api/auth/request-password-reset', { email: recovered.json().email });
    expect(offer.statusCode).toBe(200);
    expect(await mailsTo(w.t, 'old@example.com', 'reset-password')).toHaveLength(1);
    expect(errorOf(await apply(recover.oobCode))).toBe('400 invalid-action-code');
  });

  it('a newer request replaces the older link (resend invalidation)', async () => {
    const { b } = await signedUp(w.t, 'resend@example.com');
    expect((await change(b, 'resend-1@example.com')).statusCode).toBe(200);
    const first = await lastAction(w.t, 'resend-1@example.com', 'verify-and-change-email');
    expect((await change(b, 'resend-2@example.com')).statusCode).toBe(200);
    const second = await lastAction(w.t, 'resend-2@example.com', 'verify-and-change-email');
    expect(errorOf(await check(first.oobCode))).toBe('400 invalid-action-code');
    expect(errorOf(await apply(first.oobCode))).toBe('400 invalid-action-code');
    expect((await apply(second.oobCode)).json().email).toBe('resend-2@example.com');
  });

  it('the link expires after IDENTITY_ACTION_CODE_TTL_MIN (moved clock) and the e-mail stays', async () => {
    const { b, id } = await signedUp(w.t, 'slow@example.com');
    await change(b, 'slow-new@example.com');
    const { oobCode } = await lastAction(w.t, 'slow-new@example.com', 'verify-and-change-email');
    w.later(HOUR + MINUTE);
    expect(errorOf(await check(oobCode))).toBe('400 expired-action-code');
    expect(errorOf(await apply(oobCode))).toBe('400 expired-action-code');
    expect((await userRow(id)).email).toBe('slow@example.com');
  });

  it('the recoverEmail link expires after IDENTITY_RECOVERY_CODE_TTL_HOURS (moved clock)', async () => {
    const { b, id } = await signedUp(w.t, 'late-recover@example.com');
    await change(b, 'late-recover-new@example.com');
    await apply((await lastAction(w.t, 'late-recover-new@example.com', 'verify-and-change-email')).oobCode);
    const { oobCode } = await lastAction(w.t, 'late-recover@example.com', 'recover-email');
    w.later(71 * HOUR);
    expect((await check(oobCode)).statusCode).toBe(200);
    w.later(2 * HOUR);
    expect(errorOf(await apply(oobCode))).toBe('400 expired-action-code');
    expect((await userRow(id)).email).toBe('late-recover-new@example.com');
  });

  it('is email-already-in-use for an address another account has, or the account’s own', async () => {
    await signedUp(w.t, 'taken@example.com');
    const { b } = await signedUp(w.t, 'wants@example.com');
    const res = await change(b, 'TAKEN@example.com');
    expect(errorOf(res)).toBe('409 email-already-in-use');
    expect(res.json().error).toMatchObject({
      message: 'The email address is already used by another account',
      fields: { newEmail: expect.any(String) },
    });
    expect(errorOf(await change(b, 'wants@example.com'))).toBe('409 email-already-in-use');
    expect(await mailsTo(w.t, 'taken@example.com', 'verify-and-change-email')).toEqual([]);
  });

  it('applying fails with email-already-in-use when the address was taken after the link was sent', async () => {
    const { b, id } = await signedUp(w.t, 'race@example.com');
    await change(b, 'race-new@example.com');
    const { oobCode } = await lastAction(w.t, 'race-new@example.com', 'verify-and-change-email');
    await signedUp(w.t, 'race-new@example.com');
    expect(errorOf(await apply(oobCode))).toBe('409 email-already-in-use');
    expect((await userRow(id)).email).toBe('race@example.com');
  });

  it('needs a recent sign-in or the current password (requires-recent-login, wrong-password)', async () => {
    const { b } = await signedUp(w.t, 'stale@example.com', 'secret123');
    w.later(6 * MINUTE);
    const stale = await change(b, 'stale-new@example.com');
    expect(errorOf(stale)).toBe('401 requires-recent-login');
    expect(stale.json().error.message).toBe('Please login again to perform this operation');
    const wrong = await change(b, 'stale-new@example.com', 'not-it');
    expect(errorOf(wrong)).toBe('400 wrong-password');
    expect(wrong.json().error.fields).toHaveProperty('password');
    expect(await mailsTo(w.t, 'stale-new@example.com', 'verify-and-change-email')).toEqual([]);
    expect((await change(b, 'stale-new@example.com', 'secret123')).statusCode).toBe(200);
  });

  it('limits password re-authentication per account: 10 tries in 15 minutes', async () => {
    const { b } = await signedUp(w.t, 'reauth-guess@example.com', 'secret123');
    w.later(6 * MINUTE);
    const results: string[] = [];
    for (let i = 0; i < 10; i++) results.push(errorOf(await change(b, 'reauth-new@example.com', `guess-${i}`)));
    expect(results).toEqual(Array(10).fill('400 wrong-password'));
    expect(errorOf(await change(b, 'reauth-new@example.com', 'secret123'))).toBe('429 too-many-requests');
  });

  it('refuses a signed-out caller (401) and a guest (operation-not-allowed)', async () => {
    expect((await change(browser(w.t), 'nobody@example.com')).statusCode).toBe(401);
    const guest = browser(w.t);
    expect((await guest.post('/api/auth/sign-in/anonymous')).statusCode).toBe(200);
    expect(errorOf(await change(guest, 'guest-new@example.com'))).toBe('403 operation-not-allowed');
  });

  it('is limited per account (5 requests an hour)', async () => {
    const { b } = await signedUp(w.t, 'flood@example.com');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await change(b, `flood-${i}@example.com`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('refuses a cookie-bearing call from another origin (CSRF)', async () => {
    const { b } = await signedUp(w.t, 'csrf-change@example.com');
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/auth/change-email',
      headers: { origin: 'https://evil.example', cookie: b.cookie },
      payload: { newEmail: 'evil@example.com' },
    });
    expect(res.statusCode).toBe(403);
    expect(await mailsTo(w.t, 'evil@example.com', 'verify-and-change-email')).toEqual([]);
  });
});

describe('recovering a taken-over account', () => {
  it('the owner’s link restores the address even after a second change, and kills the intruder’s links and reset codes', async () => {
    const owner = await signedUp(w.t, 'owner@example.com', 'secret123');
    // The intruder, in the owner's session, moves the account to an address of theirs, then another.
    await change(owner.b, 'intruder-1@example.com');
    await apply((await lastAction(w.t, 'intruder-1@example.com', 'verify-and-change-email')).oobCode);
    await change(owner.b, 'intruder-2@example.com');
    await apply((await lastAction(w.t, 'intruder-2@example.com', 'verify-and-change-email')).oobCode);
    const ownersLink = await lastAction(w.t, 'owner@example.com', 'recover-email');
    const intrudersLink = await lastAction(w.t, 'intruder-1@example.com', 'recover-email');
    // … and asks for a password reset at the address they now control.
    expect((await browser(w.t).post('/api/auth/request-password-reset', { email: 'intruder-2@example.com' })).statusCode).toBe(200);
    const intrudersReset = await lastAction(w.t, 'intruder-2@example.com', 'reset-password');

    const restored = await apply(ownersLink.oobCode);
    expect(restored.json()).toEqual({ operation: 'RECOVER_EMAIL', email: 'owner@example.com', previousEmail: 'intruder-1@example.com' });
    expect((await userRow(owner.id)).email).toBe('owner@example.com');
    expect((await owner.b.get('/api/auth/identity/user')).statusCode).toBe(401);
    expect(errorOf(await apply(intrudersLink.oobCode))).toBe('400 invalid-action-code');
    expect(errorOf(await browser(w.t).post('/api/auth/reset-password', { token: intrudersReset.oobCode, newPassword: 'pwned123' }))).toBe(
      '400 invalid-action-code',
    );
  });

  it('an intruder applying a later recovery link first does not stop the owner’s', async () => {
    const owner = await signedUp(w.t, 'owner2@example.com');
    await change(owner.b, 'mid2@example.com');
    await apply((await lastAction(w.t, 'mid2@example.com', 'verify-and-change-email')).oobCode);
    await change(owner.b, 'last2@example.com');
    await apply((await lastAction(w.t, 'last2@example.com', 'verify-and-change-email')).oobCode);
    expect((await apply((await lastAction(w.t, 'mid2@example.com', 'recover-email')).oobCode)).statusCode).toBe(200);
    expect((await userRow(owner.id)).email).toBe('mid2@example.com');
    expect((await apply((await lastAction(w.t, 'owner2@example.com', 'recover-email')).oobCode)).statusCode).toBe(200);
    expect((await userRow(owner.id)).email).toBe('owner2@example.com');
  });
});

describe('with e-mail enumeration protection on', () => {
  it('a taken address answers like a success and nothing is sent', async () => {
    const p = await createActionWorld({ IDENTITY_EMAIL_ENUMERATION_PROTECTION: 'true' });
    try {
      await signedUp(p.t, 'exists@example.com');
      const { b } = await signedUp(p.t, 'prober@example.com');
      const res = await b.post('/api/auth/change-email', { newEmail: 'exists@example.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: true, newEmail: 'exists@example.com', sent: true });
      expect(await mailsTo(p.t, 'exists@example.com', 'verify-and-change-email')).toEqual([]);
    } finally {
      await p.t.close();
    }
  });
});
