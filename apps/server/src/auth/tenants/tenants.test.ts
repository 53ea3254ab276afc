import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, phoneCodeSends, users, verifications } from '../../db/schema/index.js';
import { browser, linkSignIn, lastLink, mailsTo, type Browser } from '../../test/email-identity-fixtures.js';
import { AppBrowser } from '../../test/idp/app-browser.js';
import { startOidcIdp, type TestOidcIdp } from '../../test/idp/oidc-idp.js';
import { createTestApp, signIn, signUp, TEST_ADMIN, TEST_ORIGIN, type TestApp } from '../../test/test-app.js';
import { codeIn, FAST_ALTCHA, latestSms, SEND_CODE_URL, signedInUser, solvedCaptcha, VERIFY_CODE_URL } from '../../test/phone-kit.js';

/**
 * Tenants (ADR 0009) through the real HTTP API: the same e-mail, number or provider account is a
 * separate account in each tenant and in the default pool; requests name their tenant; the modal
 * (Better Auth) only ever sees the default accounts.
 */
const OIDC = 'oidc.test';
const CALLBACK = `${TEST_ORIGIN}/api/auth/callback/${OIDC}`;
const SID = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6';

const TENANTS = [
  {
    id: 'acme',
    displayName: 'Acme',
    buttonColor: '#1a73e8',
    iconUrl: 'https://acme.example/icon.svg',
    emailDomains: ['acme.com'],
    signInOptions: ['password', 'emailLink', 'phone', 'anonymous', OIDC],
  },
  {
    id: 'globex',
    displayName: 'Globex',
    fullLabel: 'Sign in to Globex',
    emailDomains: ['globex.com', '*.globex.com'],
    signInOptions: ['password', 'emailLink', 'phone', OIDC],
  },
  { id: 'initech', displayName: 'Initech', iconUrl: '/icons/initech.svg', emailDomains: ['acme.com'], signInOptions: ['emailLink'] },
  { id: 'hooli', displayName: 'Hooli', signInOptions: ['password'] },
];

let idp: TestOidcIdp;
let t: TestApp;
const clock = { now: new Date() };
const later = (ms: number) => {
  clock.now = new Date(clock.now.getTime() + ms);
};

beforeAll(async () => {
  idp = await startOidcIdp({ redirectUris: [CALLBACK] });
  t = await createTestApp(
    {
      ...FAST_ALTCHA,
      IDENTITY_RATE_LIMIT_MAX: '10000',
      IDENTITY_PASSWORD_FAILURES_PER_EMAIL: '3',
      IDENTITY_OIDC_PROVIDERS: JSON.stringify([
        { name: 'test', displayName: 'Test IdP', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
      ]),
      IDENTITY_TENANTS: JSON.stringify(TENANTS),
    },
    { now: () => clock.now },
  );
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, unknown> } }).error;

async function passwordSignUp(b: Browser, email: string, password: string, tenantId?: string) {
  const res = await b.post('/api/auth/sign-up/email', { email, password, displayName: 'Pat', ...(tenantId && { tenantId }) });
  expect(res.statusCode, res.body).toBe(200);
  // Better Auth's sign-up answers its own user; the widget then reads its view of the session's user.
  return (await b.get('/api/auth/identity/user')).json().user as {
    id: string;
    email: string;
    tenantId: string | null;
    providers: string[];
  };
}

/** The widget's password sign-in: Better Auth's /sign-in/email, then the widget's view of the signed-in user. */
async function passwordSignIn(b: Browser, email: string, password: string, tenantId?: string) {
  const res = await b.post('/api/auth/sign-in/email', { email, password, ...(tenantId && { tenantId }) });
  return res.statusCode === 200 ? b.get('/api/auth/identity/user') : res;
}

async function sendLink(b: Browser, email: string, tenantId?: string) {
  const res = await b.post('/api/auth/sign-in/magic-link', { email, sessionId: SID, sameDevice: true, ...(tenantId && { tenantId }) });
  expect(res.statusCode, res.body).toBe(200);
  const link = await lastLink(t, email, 'email-sign-in');
  return { link, oobCode: link.searchParams.get('oobCode')! };
}

async function sendPhoneCode(phoneNumber: string, tenantId?: string) {
  const res = await browser(t).post(SEND_CODE_URL, {
    phoneNumber,
    captcha: await solvedCaptcha(t),
    ...(tenantId && { tenantId }),
  });
  return res;
}

/** Signs in with a code the way the widget does (its `verificationId` is the number). */
const phoneSignIn = (sent: { verificationId: string; code: string }, tenantId?: string) =>
  browser(t).post(VERIFY_CODE_URL, { phoneNumber: sent.verificationId, code: sent.code, ...(tenantId && { tenantId }) });

async function requestPhoneCode(phoneNumber: string, tenantId?: string) {
  const res = await sendPhoneCode(phoneNumber, tenantId);
  expect(res.statusCode, res.body).toBe(200);
  const code = codeIn(await latestSms(t, phoneNumber));
  expect(code).toMatch(/^\d{6}$/);
  return { verificationId: res.json().verificationId as string, code: code! };
}

/** A person at the IdP, who signs in at the next interaction. */
function person(sub: string, email: string) {
  idp.accounts.set(sub, { email, email_verified: true, name: 'Federated Person' });
  idp.nextLogin = sub;
}

async function federatedSignIn(b: AppBrowser, query: string) {
  const start = await b.get(`/api/auth/federated/${OIDC}/start?${query}`);
  expect(start.statusCode, start.body).toBe(302);
  const back = await idp.authorize(start.headers.location as string);
  await b.get(back.href);
  return b.get('/api/auth/federated/result');
}

describe('tenant configuration', () => {
  it('lists the tenants for the tenant-selection page: id, name, button colour, icon, sign-in options (no domains)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/identity/tenants' });
    expect(res.statusCode).toBe(200);
    expect(res.json().tenants).toEqual([
      {
        id: 'acme',
        displayName: 'Acme',
        fullLabel: null,
        buttonColor: '#1a73e8',
        iconUrl: 'https://acme.example/icon.svg',
        signInOptions: ['password', 'emailLink', 'phone', 'anonymous', OIDC],
      },
      {
        id: 'globex',
        displayName: 'Globex',
        fullLabel: 'Sign in to Globex',
        buttonColor: null,
        iconUrl: null,
        signInOptions: ['password', 'emailLink', 'phone', OIDC],
      },
      {
        id: 'initech',
        displayName: 'Initech',
        fullLabel: null,
        buttonColor: null,
        iconUrl: '/icons/initech.svg',
        signInOptions: ['emailLink'],
      },
      { id: 'hooli', displayName: 'Hooli', fullLabel: null, buttonColor: null, iconUrl: null, signInOptions: ['password'] },
    ]);
  });

  it('matches tenants by e-mail domain (exact or *.subdomain), in configuration order, whatever the case', async () => {
    const forEmail = (email: string) => browser(t).post('/api/auth/identity/tenants/for-email', { email });
    const both = await forEmail('Pat@ACME.com');
    expect(both.statusCode).toBe(200);
    expect(both.json().tenants.map((x: { id: string }) => x.id)).toEqual(['acme', 'initech']);
    expect((await forEmail('pat@globex.com')).json().tenants.map((x: { id: string }) => x.id)).toEqual(['globex']);
    expect((await forEmail('pat@eu.globex.com')).json().tenants.map((x: { id: string }) => x.id)).toEqual(['globex']);
    // A look-alike domain is not a subdomain.
    for (const email of ['pat@notacme.com', 'pat@acme.com.evil.example', 'pat@globex.co']) {
      const res = await forEmail(email);
      expect(res.statusCode, email).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'no-matching-tenant-for-email',
        message: 'No sign-in provider is available for the given email, please try with a different email.',
        fields: { email: 'No sign-in provider is available for the given email, please try with a different email.' },
      });
    }
    expect(errorOf(await forEmail('not-an-email')).fields).toEqual({ email: "That email address isn't correct" });
  });

  it('refuses an unknown or malformed tenantId with a 400 on tenantId, on every kind of request', async () => {
    const b = browser(t);
    const requests = [
      () => b.post('/api/auth/identity/sign-in-methods', { email: 'x@acme.com', tenantId: 'nope' }),
      () => b.post('/api/auth/sign-up/email', { email: 'x@acme.com', password: 'secret123', displayName: 'X', tenantId: 'nope' }),
      () => b.post('/api/auth/sign-in/email', { email: 'x@acme.com', password: 'secret123', tenantId: 'nope' }),
      () => b.post('/api/auth/request-password-reset', { email: 'x@acme.com', tenantId: 'nope' }),
      () => b.post('/api/auth/sign-in/magic-link', { email: 'x@acme.com', sessionId: SID, sameDevice: true, tenantId: 'nope' }),
      () => linkSignIn(b, { email: 'x@acme.com', oobCode: 'x', tenantId: 'nope' }),
      () => b.post(SEND_CODE_URL, { phoneNumber: '+351912000001', tenantId: 'nope' }),
      () => b.post(VERIFY_CODE_URL, { phoneNumber: 'x', code: '123456', tenantId: 'nope' }),
      () => b.post('/api/auth/sign-in/anonymous', { tenantId: 'nope' }),
      () => b.get(`/api/auth/federated/${OIDC}/start?tenantId=nope`),
    ];
    for (const request of requests) {
      const res = await request();
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).fields).toEqual({ tenantId: 'There is no tenant with this id.' });
    }
    const malformed = await b.post('/api/auth/identity/sign-in-methods', { email: 'x@acme.com', tenantId: 'acme;drop' });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).fields).toEqual({ tenantId: 'tenantId is not a tenant id' });
    expect(await t.database.db.$count(users, eq(users.tenantEmail, 'x@acme.com'))).toBe(0);
  });

  it('refuses a sign-in option the tenant does not offer with operation-not-allowed, before anything happens', async () => {
    const b = browser(t);
    const refused = [
      await b.post('/api/auth/sign-up/email', {
        email: 'ops@acme.com',
        password: 'secret123',
        displayName: 'O',
        tenantId: 'initech',
      }),
      await b.post('/api/auth/sign-in/email', { email: 'ops@acme.com', password: 'secret123', tenantId: 'initech' }),
      await b.post('/api/auth/request-password-reset', { email: 'ops@acme.com', tenantId: 'initech' }),
      await b.post('/api/auth/sign-in/magic-link', { email: 'ops@acme.com', sessionId: SID, sameDevice: true, tenantId: 'hooli' }),
      await linkSignIn(b, { email: 'ops@acme.com', oobCode: 'x', tenantId: 'hooli' }),
      await sendPhoneCode('+351912000002', 'initech'),
      await b.post(VERIFY_CODE_URL, { phoneNumber: 'x', code: '123456', tenantId: 'hooli' }),
      await b.post('/api/auth/sign-in/anonymous', { tenantId: 'globex' }),
      await new AppBrowser(t).get(`/api/auth/federated/${OIDC}/start?tenantId=initech`),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(403);
      expect(errorOf(res).code).toBe('operation-not-allowed');
    }
    expect(errorOf(refused[0]!)).toMatchObject({
      message: 'This sign-in method is not enabled for Initech.',
      details: { tenantId: 'initech', providerId: 'password' },
    });
    expect(await t.database.db.$count(users, eq(users.tenantEmail, 'ops@acme.com'))).toBe(0);
    expect(await t.database.db.$count(verifications, like(verifications.identifier, '%+351912000002'))).toBe(0);
    expect(await t.database.db.$count(phoneCodeSends, eq(phoneCodeSends.phoneNumber, '+351912000002'))).toBe(0);
    // The same method in a tenant that offers it, and without a tenant, works.
    expect((await b.post('/api/auth/request-password-reset', { email: 'ops@acme.com', tenantId: 'acme' })).json().error.code).toBe(
      'user-not-found',
    );
  });

  it('documents the tenant endpoints in OpenAPI', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(spec.paths['/api/auth/identity/tenants']?.get).toBeDefined();
    expect(spec.paths['/api/auth/identity/tenants/for-email']?.post).toBeDefined();
  });
});

describe('password accounts: the same e-mail in two tenants and the default pool', () => {
  it('signs the same e-mail up three times as three accounts, each with its own password and sign-in methods', async () => {
    const email = 'same@acme.com';
    const modal = await signUp(t, email, 'default-pass1');
    const acme = await passwordSignUp(browser(t), email, 'acme-pass1', 'acme');
    const globex = await passwordSignUp(browser(t), 'SAME@acme.com', 'globex-pass1', 'globex');

    expect(new Set([modal.id, acme.id, globex.id]).size).toBe(3);
    expect(acme).toMatchObject({ email, tenantId: 'acme', providers: ['password'] });
    expect(globex).toMatchObject({ email, tenantId: 'globex', providers: ['password'] });

    // Better Auth's column stays globally unique: a tenant account holds a placeholder there.
    const rows = await t.database.db.select().from(users).where(eq(users.id, acme.id));
    expect(rows[0]).toMatchObject({ email: `tenant-${acme.id}@tenant.invalid`, tenantEmail: email, tenantId: 'acme' });
    // The accounts rows carry their user's tenant (set by the database).
    const credentialTenants = await t.database.db.select({ userId: accounts.userId, tenantId: accounts.tenantId }).from(accounts);
    expect(credentialTenants).toEqual(
      expect.arrayContaining([
        { userId: modal.id, tenantId: null },
        { userId: acme.id, tenantId: 'acme' },
        { userId: globex.id, tenantId: 'globex' },
      ]),
    );

    // Each password opens its own tenant's account and no other.
    const inAcme = await passwordSignIn(browser(t), email, 'acme-pass1', 'acme');
    expect(inAcme.statusCode).toBe(200);
    expect(inAcme.json().user).toMatchObject({ id: acme.id, tenantId: 'acme' });
    expect(errorOf(await passwordSignIn(browser(t), email, 'acme-pass1', 'globex')).code).toBe('wrong-password');
    expect(errorOf(await passwordSignIn(browser(t), email, 'acme-pass1')).code).toBe('wrong-password');
    expect(errorOf(await passwordSignIn(browser(t), email, 'default-pass1', 'acme')).code).toBe('wrong-password');
    expect((await passwordSignIn(browser(t), email, 'globex-pass1', 'globex')).json().user.id).toBe(globex.id);
    const inDefault = await passwordSignIn(browser(t), email, 'default-pass1');
    expect(inDefault.json().user).toMatchObject({ id: modal.id, tenantId: null });

    // Signing up again in a tenant that has the e-mail is email-already-in-use; in a tenant without it, a new account.
    const again = await browser(t).post('/api/auth/sign-up/email', {
      email,
      password: 'x-pass12',
      displayName: 'X',
      tenantId: 'acme',
    });
    expect(errorOf(again).code).toBe('email-already-in-use');
  });

  it("keeps the modal on the default accounts: it signs the default account in and never a tenant's", async () => {
    const email = 'modal@acme.com';
    const modal = await signUp(t, email, 'default-pass1');
    const acme = await passwordSignUp(browser(t), email, 'acme-pass1', 'acme');
    const tenantOnly = await passwordSignUp(browser(t), 'only-tenant@acme.com', 'acme-pass1', 'acme');

    const ok = await signIn(t, email, 'default-pass1');
    expect(ok.res.statusCode).toBe(200);
    expect(ok.res.json().user.id).toBe(modal.id);

    const wrongPassword = await signIn(t, email, 'no-such-pass1');
    const noAccount = await signIn(t, 'nobody-here@acme.com', 'acme-pass1');
    for (const [attempt, like] of [
      [await signIn(t, email, 'acme-pass1'), wrongPassword],
      // An address only a tenant holds is, for the modal, an address without an account.
      [await signIn(t, 'only-tenant@acme.com', 'acme-pass1'), noAccount],
      // Not even by the placeholder that fills the tenant account's users.email.
      [await signIn(t, `tenant-${acme.id}@tenant.invalid`, 'acme-pass1'), noAccount],
      [await signIn(t, `tenant-${tenantOnly.id}@tenant.invalid`, 'acme-pass1'), noAccount],
    ] as const) {
      expect(attempt.res.statusCode).toBe(like.res.statusCode);
      expect(attempt.res.json()).toEqual(like.res.json());
      expect(attempt.cookie).toBe('');
    }
    // The modal's session of the default account is that account in the identity API too.
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/identity/user', headers: { cookie: ok.cookie } });
    expect(me.json().user).toMatchObject({ id: modal.id, email, tenantId: null });
  });

  it('answers sign-in methods per tenant', async () => {
    const email = 'methods@acme.com';
    await signUp(t, email, 'default-pass1');
    const methods = async (tenantId?: string) =>
      (await browser(t).post('/api/auth/identity/sign-in-methods', { email, ...(tenantId && { tenantId }) })).json().methods;
    expect(await methods()).toEqual(['password']);
    expect(await methods('acme')).toEqual([]);
    expect(await methods('initech')).toEqual([]);

    const { oobCode } = await sendLink(browser(t), email, 'initech');
    const signedIn = await linkSignIn(browser(t), { oobCode, email, tenantId: 'initech' });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(await methods('initech')).toEqual(['emailLink']);
    expect(await methods()).toEqual(['password']);
    expect(await methods('acme')).toEqual([]);
  });

  it('counts failed passwords per tenant: locking one tenant out does not lock the same e-mail elsewhere', async () => {
    const email = 'locked@acme.com';
    await signUp(t, email, 'default-pass1');
    await passwordSignUp(browser(t), email, 'acme-pass1', 'acme');
    for (let i = 0; i < 3; i++) expect(errorOf(await passwordSignIn(browser(t), email, 'guess-0000', 'acme')).code).toBe('wrong-password');
    expect(errorOf(await passwordSignIn(browser(t), email, 'acme-pass1', 'acme')).code).toBe('too-many-requests');
    expect((await passwordSignIn(browser(t), email, 'default-pass1')).statusCode).toBe(200);
  });

  it("mails a tenant account's verification and reset links to its real address; they act on that account only", async () => {
    const email = 'mailbox@acme.com';
    const modal = await signUp(t, email, 'default-pass1');
    const acme = await passwordSignUp(browser(t), email, 'acme-pass1', 'acme');
    expect(await mailsTo(t, `tenant-${acme.id}@tenant.invalid`, 'verify-email')).toHaveLength(0);
    const verifyMails = await mailsTo(t, email, 'verify-email');
    expect(verifyMails).toHaveLength(2); // the modal's account's and the tenant account's, both Better Auth's

    const verify = new URL(verifyMails[1]!.params.link!);
    expect(verify.searchParams.get('mode')).toBe('verifyEmail');
    const applied = await browser(t).get(`/api/auth/verify-email?token=${verify.searchParams.get('oobCode')}`);
    expect(applied.statusCode, applied.body).toBe(200);
    const verified = await t.database.db.select({ id: users.id, v: users.emailVerified }).from(users).where(eq(users.id, acme.id));
    expect(verified[0]!.v).toBe(true);
    expect((await t.database.db.select({ v: users.emailVerified }).from(users).where(eq(users.id, modal.id)))[0]!.v).toBe(false);

    const recover = await browser(t).post('/api/auth/request-password-reset', { email, tenantId: 'acme' });
    expect(recover.statusCode, recover.body).toBe(200);
    const reset = await lastLink(t, email, 'reset-password');
    expect(reset.searchParams.get('mode')).toBe('resetPassword');
    const oobCode = reset.searchParams.get('oobCode');
    const check = await browser(t).post('/api/auth/identity/action-codes/check', { oobCode, mode: 'resetPassword' });
    expect(check.json()).toEqual({ operation: 'PASSWORD_RESET', email });
    expect((await browser(t).post('/api/auth/reset-password', { token: oobCode, newPassword: 'acme-pass2' })).statusCode).toBe(200);

    expect((await passwordSignIn(browser(t), email, 'acme-pass2', 'acme')).json().user.id).toBe(acme.id);
    expect(errorOf(await passwordSignIn(browser(t), email, 'acme-pass2')).code).toBe('wrong-password');
    expect((await passwordSignIn(browser(t), email, 'default-pass1')).json().user.id).toBe(modal.id);
  });

  it("names the tenant and the real address in a tenant account's ID token (session token sync)", async () => {
    const b = browser(t);
    const acme = await passwordSignUp(b, 'token@acme.com', 'acme-pass1', 'acme');
    const res = await b.get('/api/auth/identity/token');
    expect(res.statusCode).toBe(200);
    const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
    expect(claims).toMatchObject({ sub: acme.id, email: 'token@acme.com', tenant: 'acme' });
    const synced = await t.app.inject({
      method: 'POST',
      url: '/api/auth/identity/token-sync',
      headers: { origin: TEST_ORIGIN, authorization: `Bearer ${res.json().token}` },
    });
    expect(synced.json()).toEqual({ uid: acme.id });
  });

  it('does not make a tenant account with an administrator e-mail an administrator', async () => {
    const b = browser(t);
    const impostor = await passwordSignUp(b, TEST_ADMIN, 'acme-pass1', 'acme');
    expect(impostor.email).toBe(TEST_ADMIN);
    const me = await b.get('/api/me');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().isAdmin).toBe(false);
    const disable = await b.post(`/api/admin/users/${impostor.id}/disable`);
    expect(disable.statusCode).toBe(403);
  });

  it("changes a tenant account's e-mail within its tenant: taken there is email-already-in-use, taken elsewhere is free", async () => {
    await passwordSignUp(browser(t), 'taken@acme.com', 'acme-pass1', 'acme');
    await signUp(t, 'free@acme.com', 'default-pass1');
    const b = browser(t);
    const mover = await passwordSignUp(b, 'mover@acme.com', 'acme-pass1', 'acme');

    const taken = await b.post('/api/auth/change-email', { newEmail: 'taken@acme.com' });
    expect(errorOf(taken).code).toBe('email-already-in-use');
    const change = await b.post('/api/auth/change-email', { newEmail: 'free@acme.com' });
    expect(change.statusCode, change.body).toBe(200);
    const link = await lastLink(t, 'free@acme.com', 'verify-and-change-email');
    const applied = await browser(t).post('/api/auth/identity/action-codes/apply', { oobCode: link.searchParams.get('oobCode') });
    expect(applied.json()).toEqual({ operation: 'VERIFY_AND_CHANGE_EMAIL', email: 'free@acme.com', previousEmail: 'mover@acme.com' });
    // The recovery link goes to the real old address.
    expect(await mailsTo(t, 'mover@acme.com', 'recover-email')).toHaveLength(1);

    const [row] = await t.database.db.select().from(users).where(eq(users.id, mover.id));
    expect(row).toMatchObject({ tenantEmail: 'free@acme.com', email: `tenant-${mover.id}@tenant.invalid` });
    expect((await passwordSignIn(browser(t), 'free@acme.com', 'acme-pass1', 'acme')).json().user.id).toBe(mover.id);
    expect((await passwordSignIn(browser(t), 'free@acme.com', 'default-pass1')).statusCode).toBe(200);
  });
});

describe('e-mail links per tenant', () => {
  it("carries the tenant in the link, signs in to that tenant's account only, and one tenant's link does not replace another's", async () => {
    const email = 'links@acme.com';
    const modal = await signUp(t, email, 'default-pass1');
    const acmeLink = await sendLink(browser(t), email, 'acme');
    expect(acmeLink.link.searchParams.get('tenantId')).toBe('acme');
    const globexLink = await sendLink(browser(t), email, 'globex');
    expect(globexLink.link.searchParams.get('tenantId')).toBe('globex');
    const defaultLink = await sendLink(browser(t), email);
    expect(defaultLink.link.searchParams.has('tenantId')).toBe(false);

    const check = await browser(t).post('/api/auth/email-link/check', { oobCode: acmeLink.oobCode });
    expect(check.json()).toEqual({ email, tenantId: 'acme' });

    // Used without its tenant (or with another), the link does not exist; it stays usable in its own.
    for (const tenantId of [undefined, 'globex']) {
      const wrong = await linkSignIn(browser(t), {
        oobCode: acmeLink.oobCode,
        email,
        ...(tenantId && { tenantId }),
      });
      expect(wrong.statusCode).toBe(400);
      expect(errorOf(wrong).code).toBe('invalid-action-code');
    }
    const acme = await linkSignIn(browser(t), { oobCode: acmeLink.oobCode, email, tenantId: 'acme' });
    expect(acme.statusCode, acme.body).toBe(200);
    expect(acme.json().user).toMatchObject({ email, tenantId: 'acme', providers: ['emailLink'], emailVerified: true });

    const globex = await linkSignIn(browser(t), { oobCode: globexLink.oobCode, email, tenantId: 'globex' });
    expect(globex.json().user).toMatchObject({ tenantId: 'globex' });
    const def = await linkSignIn(browser(t), { oobCode: defaultLink.oobCode, email });
    expect(def.json().user).toMatchObject({ id: modal.id, tenantId: null });
    expect(new Set([modal.id, acme.json().user.id, globex.json().user.id]).size).toBe(3);
    // The same e-mail-link subject exists once per tenant.
    expect(await t.database.db.$count(accounts, and(eq(accounts.providerId, 'emailLink'), eq(accounts.accountId, email)))).toBe(3);
  });

  it('deactivates the older link of the same tenant on resend', async () => {
    const email = 'resend@acme.com';
    const first = await sendLink(browser(t), email, 'acme');
    const second = await sendLink(browser(t), email, 'acme');
    const old = await linkSignIn(browser(t), { oobCode: first.oobCode, email, tenantId: 'acme' });
    expect(errorOf(old).code).toBe('invalid-action-code');
    expect((await linkSignIn(browser(t), { oobCode: second.oobCode, email, tenantId: 'acme' })).statusCode).toBe(200);
  });
});

describe('phone numbers per tenant', () => {
  it('signs the same number in to one account per tenant; a code works only in the tenant it was sent for', async () => {
    const number = '+351913000001';
    const plain = await requestPhoneCode(number);
    const def = await phoneSignIn(plain);
    expect(def.statusCode, def.body).toBe(200);

    // The resend delay is the handset's, whatever the tenant.
    const tooSoon = await sendPhoneCode(number, 'acme');
    expect(errorOf(tooSoon).code).toBe('too-many-requests');
    later(16_000);
    const acmeCode = await requestPhoneCode(number, 'acme');
    for (const tenantId of [undefined, 'globex']) {
      const wrong = await phoneSignIn(acmeCode, tenantId);
      expect(errorOf(wrong).code).toBe('code-expired');
    }
    // A tenant's sign-in spends the code through the phone plugin: a wrong one is counted and refused as such.
    const mistyped = await phoneSignIn({ ...acmeCode, code: acmeCode.code === '000000' ? '111111' : '000000' }, 'acme');
    expect(errorOf(mistyped)).toMatchObject({ code: 'invalid-verification-code', message: 'Wrong code. Try again.' });
    const acme = await phoneSignIn(acmeCode, 'acme');
    expect(acme.statusCode, acme.body).toBe(200);
    expect(await signedInUser(t, acme)).toMatchObject({ phoneNumber: number, tenantId: 'acme', email: null, providers: ['phone'] });
    expect(acme.json().user.id).not.toBe(def.json().user.id);

    // Signing in again in each pool finds the same account as before.
    later(16_000);
    const again = await requestPhoneCode(number, 'acme');
    expect((await phoneSignIn(again, 'acme')).json().user.id).toBe(acme.json().user.id);
    later(16_000);
    const againDefault = await requestPhoneCode(number);
    expect((await phoneSignIn(againDefault)).json().user.id).toBe(def.json().user.id);
    expect(await t.database.db.$count(users, eq(users.phoneNumber, number))).toBe(2);
  });
});

describe('guests in a tenant', () => {
  it('creates the guest in the tenant and upgrades it in place there; a merge conflict stays in the tenant', async () => {
    const email = 'guest@acme.com';
    await signUp(t, email, 'default-pass1');
    const b = browser(t);
    const guest = await b.post('/api/auth/sign-in/anonymous', { tenantId: 'acme' });
    expect(guest.statusCode).toBe(200);
    expect(guest.json().user).toMatchObject({ isAnonymous: true, tenantId: 'acme' });
    const guestId = guest.json().user.id as string;
    // Asking again in the same tenant keeps the guest.
    expect((await b.post('/api/auth/sign-in/anonymous', { tenantId: 'acme' })).json().user.id).toBe(guestId);

    // The default account with this e-mail is no conflict: the upgrade happens in acme.
    const upgraded = await b.post('/api/auth/sign-up/email', { email, password: 'acme-pass1', displayName: 'G', tenantId: 'acme' });
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(upgraded.json().user.id).toBe(guestId);
    expect((await b.get('/api/auth/identity/user')).json().user).toMatchObject({
      id: guestId,
      isAnonymous: false,
      email,
      tenantId: 'acme',
    });

    // Another acme guest proving the same acme account gets a merge conflict.
    const other = browser(t);
    await other.post('/api/auth/sign-in/anonymous', { tenantId: 'acme' });
    const conflict = await passwordSignIn(other, email, 'acme-pass1', 'acme');
    expect(errorOf(conflict).code, conflict.body).toBe('merge-conflict');
    const merged = await other.post('/api/auth/identity/merge', { mergeToken: errorOf(conflict).details!.mergeToken });
    expect(merged.json().user.id).toBe(guestId);
  });

  it('does not upgrade a guest of another tenant: that sign-in is a plain one', async () => {
    const b = browser(t);
    const guestId = (await b.post('/api/auth/sign-in/anonymous', { tenantId: 'acme' })).json().user.id as string;
    const globex = await passwordSignUp(b, 'crossing@globex.com', 'globex-pass1', 'globex');
    expect(globex.id).not.toBe(guestId);
    const [guestRow] = await t.database.db.select().from(users).where(eq(users.id, guestId));
    expect(guestRow).toMatchObject({ isAnonymous: true, tenantId: 'acme' });
  });
});

describe('federated accounts per tenant', () => {
  it('signs the same provider account in to one account per tenant and in the default pool', async () => {
    const email = 'fed@acme.com';
    const ids: string[] = [];
    for (const query of ['', 'tenantId=acme', 'tenantId=globex']) {
      person('fed-sub', email);
      const outcome = await federatedSignIn(new AppBrowser(t), query);
      expect(outcome.statusCode, outcome.body).toBe(200);
      expect(outcome.json()).toMatchObject({ isNewUser: true, user: { email, providers: [OIDC] } });
      ids.push(outcome.json().user.id);
      expect(outcome.json().user.tenantId).toBe(query ? query.split('=')[1] : null);
    }
    expect(new Set(ids).size).toBe(3);
    // Signing in again in acme finds the acme account.
    person('fed-sub', email);
    const again = await federatedSignIn(new AppBrowser(t), 'tenantId=acme');
    expect(again.json()).toMatchObject({ isNewUser: false, user: { id: ids[1] } });
    // One account per tenant: a tenant's carries its tenant in the key Better Auth finds it by (ADR 0042).
    const keys = await t.database.db
      .select({ accountId: accounts.accountId, tenantId: accounts.tenantId })
      .from(accounts)
      .where(and(eq(accounts.providerId, OIDC), like(accounts.accountId, '%fed-sub')));
    expect(keys).toHaveLength(3);
    expect(keys).toEqual(
      expect.arrayContaining([
        { accountId: 'fed-sub', tenantId: null },
        { accountId: 'acme:fed-sub', tenantId: 'acme' },
        { accountId: 'globex:fed-sub', tenantId: 'globex' },
      ]),
    );
  });

  it("answers account-exists-with-different-credential only for the tenant's own e-mail account, and links it there", async () => {
    const email = 'fedlink@acme.com';
    await signUp(t, email, 'default-pass1');
    // Only the default pool has the e-mail: acme gets a new account.
    person('fedlink-sub', email);
    const created = await federatedSignIn(new AppBrowser(t), 'tenantId=acme');
    expect(created.json()).toMatchObject({ isNewUser: true, user: { tenantId: 'acme' } });

    // globex has a password account with it: the federated sign-in there must be linked after a password sign-in.
    const b = new AppBrowser(t);
    await passwordSignUp(browser(t), email, 'globex-pass1', 'globex');
    person('fedlink-sub', email);
    const exists = await federatedSignIn(b, 'tenantId=globex');
    expect(errorOf(exists).code).toBe('account-exists-with-different-credential');
    expect(errorOf(exists).details).toMatchObject({ email, methods: ['password'] });
    const signedIn = await b.post('/api/auth/sign-in/email', { email, password: 'globex-pass1', tenantId: 'globex' });
    expect(signedIn.statusCode).toBe(200);
    const linked = await b.post('/api/auth/federated/link-pending', { pendingCredential: errorOf(exists).details!.pendingCredential });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().user).toMatchObject({ tenantId: 'globex', providers: ['password', OIDC] });
  });
});
