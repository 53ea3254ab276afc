import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, favourites, users } from '../../db/schema/index.js';
import {
  browser,
  linkSignIn,
  createIdentityWorld,
  lastLink,
  mailsTo,
  type Browser,
  type IdentityWorld,
} from '../../test/email-identity-fixtures.js';
import { signIn, signUp, type TestApp } from '../../test/test-app.js';

const SID = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6';
const MINUTE = 60_000;

let w: IdentityWorld;
let t: TestApp;
beforeAll(async () => {
  w = await createIdentityWorld({ IDENTITY_RATE_LIMIT_MAX: '10' });
  t = w.t;
});
afterAll(async () => w.t.close());

const later = (ms: number) => {
  w.clock.now = new Date(w.clock.now.getTime() + ms);
};

/** Sends a link from `b` and returns the mailed link and its code. */
async function sendLink(b: Browser, email: string, extra: object = {}, world: IdentityWorld = w) {
  const res = await b.post('/api/auth/sign-in/magic-link', { email, sessionId: SID, sameDevice: true, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const link = await lastLink(world.t, email.toLowerCase(), 'email-sign-in');
  return { link, oobCode: link.searchParams.get('oobCode')! };
}

const errorCode = (res: { json(): { error?: { code?: string } } }) => res.json().error?.code;

describe('sending a sign-in link', () => {
  it("mails /auth?mode=signIn with the code and the widget's parameters, keeping the continue URL's own", async () => {
    const guest = browser(t);
    const guestId = (await guest.post('/api/auth/sign-in/anonymous')).json().user.id as string;
    const { link } = await sendLink(guest, 'Params@Example.com', {
      continueUrl: '/auth?mode=select&lang=pt&signInSuccessUrl=%2Ftrails&ui_sid=forged#fragment',
      sameDevice: false,
      anonymousUid: guestId,
      providerId: 'google.com',
    });
    expect(link.origin + link.pathname).toBe('http://localhost:3000/auth');
    expect(link.searchParams.get('mode')).toBe('signIn');
    expect(link.searchParams.get('oobCode')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.searchParams.get('ui_sid')).toBe(SID);
    expect(link.searchParams.get('ui_sd')).toBe('0');
    expect(link.searchParams.get('ui_auid')).toBe(guestId);
    expect(link.searchParams.get('ui_pid')).toBe('google.com');
    expect(link.searchParams.get('lang')).toBe('pt');
    expect(link.searchParams.get('signInSuccessUrl')).toBe('/trails');
    expect(link.searchParams.getAll('mode')).toEqual(['signIn']);
    expect(link.searchParams.getAll('ui_sid')).toEqual([SID]);
    expect(link.hash).toBe('');

    const { link: plain } = await sendLink(browser(t), 'plain@example.com');
    expect(plain.searchParams.get('ui_sd')).toBe('1');
    expect(plain.searchParams.has('ui_auid')).toBe(false);
    expect(plain.searchParams.has('ui_pid')).toBe(false);
  });

  it('refuses a malformed session id, a foreign continue URL and a guest id that is not the signed-in guest', async () => {
    const b = browser(t);
    const sid = await b.post('/api/auth/sign-in/magic-link', { email: 'x@example.com', sessionId: 'short', sameDevice: true });
    expect(sid.statusCode).toBe(400);
    expect(Object.keys(sid.json().error.fields)).toEqual(['sessionId']);

    const foreign = await b.post('/api/auth/sign-in/magic-link', {
      email: 'x@example.com',
      sessionId: SID,
      sameDevice: true,
      continueUrl: 'https://evil.example/auth',
    });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json().error.fields)).toEqual(['continueUrl']);

    const notMine = await b.post('/api/auth/sign-in/magic-link', {
      email: 'x@example.com',
      sessionId: SID,
      sameDevice: true,
      anonymousUid: 'someone',
    });
    expect(notMine.statusCode).toBe(400);
    expect(Object.keys(notMine.json().error.fields)).toEqual(['anonymousUid']);
    expect(await mailsTo(t, 'x@example.com', 'email-sign-in')).toEqual([]);
  });

  it('is limited per client, and to IDENTITY_EMAIL_SENDS_PER_HOUR (5) mails per address an hour', async () => {
    const b = browser(t);
    for (let i = 0; i < 10; i++) await sendLink(b, `burst${i}@example.com`);
    const limited = await b.post('/api/auth/sign-in/magic-link', { email: 'burst@example.com', sessionId: SID, sameDevice: true });
    expect([limited.statusCode, errorCode(limited)]).toEqual([429, 'too-many-requests']);

    for (let i = 0; i < 5; i++) await sendLink(browser(t), 'mailbox@example.com');
    const sixth = await browser(t).post('/api/auth/sign-in/magic-link', {
      email: 'mailbox@example.com',
      sessionId: SID,
      sameDevice: true,
    });
    expect([sixth.statusCode, errorCode(sixth)]).toEqual([429, 'too-many-requests']);
    expect(await mailsTo(t, 'mailbox@example.com', 'email-sign-in')).toHaveLength(5);
    later(60 * MINUTE + 1);
    await sendLink(browser(t), 'mailbox@example.com');
  });
});

describe('signing in with a link', () => {
  it('creates the account of a new e-mail with an emailLink credential and a verified e-mail, once', async () => {
    const b = browser(t);
    const { oobCode } = await sendLink(b, 'Newbie@example.com');
    const check = await b.post('/api/auth/email-link/check', { oobCode });
    expect([check.statusCode, check.json()]).toEqual([200, { email: 'newbie@example.com' }]);

    const res = await linkSignIn(b, { oobCode, email: 'NEWBIE@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: 'newbie@example.com',
      emailVerified: true,
      isAnonymous: false,
      providers: ['emailLink'],
    });
    expect((await b.get('/api/auth/identity/user')).json().user.email).toBe('newbie@example.com');
    expect((await b.post('/api/auth/identity/sign-in-methods', { email: 'newbie@example.com' })).json()).toEqual({
      methods: ['emailLink'],
    });

    const reused = await linkSignIn(browser(t), { oobCode, email: 'newbie@example.com' });
    expect([reused.statusCode, errorCode(reused)]).toEqual([400, 'invalid-action-code']);
    expect(errorCode(await browser(t).post('/api/auth/email-link/check', { oobCode }))).toBe('invalid-action-code');
  });

  it("answers invalid-email when the typed e-mail is not the link's, and keeps the link usable", async () => {
    const { oobCode } = await sendLink(browser(t), 'typo@example.com');
    const b = browser(t);
    const wrong = await linkSignIn(b, { oobCode, email: 'typ0@example.com' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      code: 'invalid-email',
      fields: { email: 'The email provided does not match the current sign-in session.' },
    });
    expect((await linkSignIn(b, { oobCode, email: 'typo@example.com' })).statusCode).toBe(200);
  });

  it('answers invalid-action-code for a made-up code', async () => {
    const b = browser(t);
    expect(errorCode(await b.post('/api/auth/email-link/check', { oobCode: 'made-up' }))).toBe('invalid-action-code');
    expect(errorCode(await linkSignIn(b, { oobCode: 'made-up', email: 'a@example.com' }))).toBe('invalid-action-code');
  });

  it('expires after an hour: expired-action-code', async () => {
    const { oobCode: early } = await sendLink(browser(t), 'late@example.com');
    later(59 * MINUTE);
    expect((await browser(t).post('/api/auth/email-link/check', { oobCode: early })).statusCode).toBe(200);
    later(1 * MINUTE);
    const check = await browser(t).post('/api/auth/email-link/check', { oobCode: early });
    expect([check.statusCode, check.json().error.code, check.json().error.message]).toEqual([
      400,
      'expired-action-code',
      'This code has expired.',
    ]);
    expect(errorCode(await linkSignIn(browser(t), { oobCode: early, email: 'late@example.com' }))).toBe('expired-action-code');
  });

  it('deactivates the older link when another is sent to the same e-mail', async () => {
    const { oobCode: first } = await sendLink(browser(t), 'twice@example.com');
    const { oobCode: second } = await sendLink(browser(t), 'twice@example.com');
    expect(second).not.toBe(first);
    expect(errorCode(await browser(t).post('/api/auth/email-link/check', { oobCode: first }))).toBe('invalid-action-code');
    expect(errorCode(await linkSignIn(browser(t), { oobCode: first, email: 'twice@example.com' }))).toBe('invalid-action-code');
    expect((await linkSignIn(browser(t), { oobCode: second, email: 'twice@example.com' })).statusCode).toBe(200);
  });

  it('lets exactly one of two concurrent sign-ins use a link', async () => {
    const { oobCode } = await sendLink(browser(t), 'race@example.com');
    const results = await Promise.all([0, 1].map(() => linkSignIn(browser(t), { oobCode, email: 'race@example.com' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'race@example.com'))).toHaveLength(1);
  });

  it('signs a verified password account in, adding emailLink and keeping the password', async () => {
    const user = await signUp(t, 'both@example.com', 'secret123');
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, user.id));
    const { oobCode } = await sendLink(browser(t), 'both@example.com');
    const res = await linkSignIn(browser(t), { oobCode, email: 'both@example.com' });
    expect(res.json().user).toMatchObject({ id: user.id, providers: ['password', 'emailLink'] });
    expect((await signIn(t, 'both@example.com', 'secret123')).res.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/identity/user', headers: { cookie: user.cookie } })).statusCode).toBe(200);
  });

  it('removes the password of an unverified account and ends its sessions (account pre-hijacking)', async () => {
    const squatter = await signUp(t, 'victim@example.com', 'squatter-pass');
    const { oobCode } = await sendLink(browser(t), 'victim@example.com');
    const owner = browser(t);
    const res = await linkSignIn(owner, { oobCode, email: 'victim@example.com' });
    expect(res.json().user).toMatchObject({ id: squatter.id, emailVerified: true, providers: ['emailLink'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/identity/user', headers: { cookie: squatter.cookie } })).statusCode).toBe(
      401,
    );
    expect((await signIn(t, 'victim@example.com', 'squatter-pass')).res.statusCode).toBe(401);
    expect((await owner.get('/api/auth/identity/user')).statusCode).toBe(200);
  });

  it('refuses a disabled account: no link is sent, and an earlier link does not sign in', async () => {
    const user = await signUp(t, 'off@example.com');
    const { oobCode } = await sendLink(browser(t), 'off@example.com');
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    const send = await browser(t).post('/api/auth/sign-in/magic-link', { email: 'off@example.com', sessionId: SID, sameDevice: true });
    expect([send.statusCode, errorCode(send)]).toEqual([403, 'user-disabled']);
    const res = await linkSignIn(browser(t), { oobCode, email: 'off@example.com' });
    expect([res.statusCode, errorCode(res)]).toEqual([403, 'user-disabled']);
  });
});

describe('a guest signing in with a link', () => {
  async function guestWithFavourite() {
    const b = browser(t);
    const id = (await b.post('/api/auth/sign-in/anonymous')).json().user.id as string;
    expect((await b.put(`/api/me/favourites/${w.trailId}`)).statusCode).toBe(204);
    return { b, id };
  }

  it('is upgraded in place for a new e-mail: same id, favourites kept', async () => {
    const guest = await guestWithFavourite();
    const { link, oobCode } = await sendLink(guest.b, 'guest-up@example.com', { anonymousUid: guest.id });
    expect(link.searchParams.get('ui_auid')).toBe(guest.id);
    const res = await linkSignIn(guest.b, { oobCode, email: 'guest-up@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      id: guest.id,
      email: 'guest-up@example.com',
      emailVerified: true,
      isAnonymous: false,
      providers: ['emailLink'],
    });
    expect((await guest.b.get('/api/me/favourites')).json()).toEqual({ trailIds: [w.trailId] });
  });

  it("refuses a cookie-bearing sign-in from another site; the browser's same-origin fetch passes", async () => {
    const guest = await guestWithFavourite();
    const { oobCode } = await sendLink(guest.b, 'guest-csrf@example.com', { anonymousUid: guest.id });
    const url = `/api/auth/magic-link/verify?${new URLSearchParams({ token: oobCode, email: 'guest-csrf@example.com' })}`;
    const verify = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url, remoteAddress: guest.b.ip, headers: { cookie: guest.b.cookie, ...headers } });
    const crossSite = await verify({ 'sec-fetch-site': 'cross-site' });
    expect([crossSite.statusCode, errorCode(crossSite)]).toEqual([403, 'permission-denied']);
    const sameOrigin = await verify({ 'sec-fetch-site': 'same-origin' });
    expect(sameOrigin.statusCode, sameOrigin.body).toBe(200);
    expect(sameOrigin.json().user).toMatchObject({ id: guest.id, email: 'guest-csrf@example.com' });
  });

  it("gets merge-conflict when the e-mail has an account; the merge moves the guest's favourites", async () => {
    const owner = await signUp(t, 'taken-link@example.com');
    const guest = await guestWithFavourite();
    const { oobCode } = await sendLink(guest.b, 'taken-link@example.com', { anonymousUid: guest.id });
    const res = await linkSignIn(guest.b, { oobCode, email: 'taken-link@example.com' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'merge-conflict',
      details: { providerId: 'emailLink', email: 'taken-link@example.com' },
    });
    expect(errorCode(await guest.b.post('/api/auth/email-link/check', { oobCode }))).toBe('invalid-action-code');

    const merged = await guest.b.post('/api/auth/identity/merge', { mergeToken: res.json().error.details.mergeToken });
    expect(merged.json().user.id).toBe(owner.id);
    const moved = await t.database.db.select().from(favourites).where(eq(favourites.userId, owner.id));
    expect(moved.map((f) => f.trailId)).toEqual([w.trailId]);
  });
});

describe('with sign-up disabled', () => {
  let r: IdentityWorld;
  beforeAll(async () => {
    r = await createIdentityWorld({ IDENTITY_SIGN_UP_DISABLED: 'true' });
  });
  afterAll(async () => r.t.close());

  it('refuses to send a link to a new e-mail (admin-restricted-operation) but signs existing accounts in', async () => {
    const res = await browser(r.t).post('/api/auth/sign-in/magic-link', {
      email: 'stranger@example.com',
      sessionId: SID,
      sameDevice: true,
    });
    expect([res.statusCode, errorCode(res)]).toEqual([403, 'admin-restricted-operation']);
    const guest = browser(r.t);
    await guest.post('/api/auth/sign-in/anonymous');
    expect(
      errorCode(await guest.post('/api/auth/sign-in/magic-link', { email: 'stranger@example.com', sessionId: SID, sameDevice: true })),
    ).toBe('admin-restricted-operation');

    const { oobCode } = await sendLink(browser(r.t), r.admin.email, {}, r);
    const ok = await linkSignIn(browser(r.t), { oobCode, email: r.admin.email });
    expect(ok.json().user).toMatchObject({ id: r.admin.id, providers: ['password', 'emailLink'] });
  });

  it('does not create an account from a link whose account is gone', async () => {
    const { oobCode } = await sendLink(browser(r.t), r.admin.email, {}, r);
    await r.t.database.db.delete(users).where(eq(users.id, r.admin.id));
    const res = await linkSignIn(browser(r.t), { oobCode, email: r.admin.email });
    expect([res.statusCode, errorCode(res)]).toEqual([403, 'admin-restricted-operation']);
    expect(await r.t.database.db.select().from(accounts).where(eq(accounts.accountId, r.admin.email))).toEqual([]);
  });
});

describe('with sign-up disabled and enumeration protection on', () => {
  let p: IdentityWorld;
  beforeAll(async () => {
    p = await createIdentityWorld({ IDENTITY_SIGN_UP_DISABLED: 'true', IDENTITY_EMAIL_ENUMERATION_PROTECTION: 'true' });
  });
  afterAll(async () => p.t.close());

  it('answers a send to a new e-mail like any other, mailing only existing accounts', async () => {
    const stranger = await browser(p.t).post('/api/auth/sign-in/magic-link', {
      email: 'stranger@example.com',
      sessionId: SID,
      sameDevice: true,
    });
    expect([stranger.statusCode, stranger.json()]).toEqual([200, { status: true }]);
    expect(await mailsTo(p.t, 'stranger@example.com', 'email-sign-in')).toEqual([]);
    await sendLink(browser(p.t), p.admin.email, {}, p);
  });
});
