import vm from 'node:vm';
import { inflateRawSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { recordKey } from '../one-time-records.js';
import { oneTimeRecords, users } from '../../db/schema/index.js';
import { AppBrowser } from '../../test/idp/app-browser.js';
import { startSamlIdp, type SamlPost, type TestSamlIdp } from '../../test/idp/saml-idp.js';
import { createTestApp, signIn, signUp, TEST_ORIGIN, type TestApp } from '../../test/test-app.js';

/**
 * Federated sign-in end to end against a SAML 2.0 identity provider (samlify) that the test starts
 * on a random port, signing with a key pair and certificate generated for this run: the app sends
 * an AuthnRequest by redirect, the IdP answers a signed Response in an auto-posting form, the
 * browser posts it cross-site to the app, which parks it and resumes with the browser's cookies.
 */
const SAML = 'saml.test';

let idp: TestSamlIdp;
let t: TestApp;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);
let idpOrigin: string;

beforeAll(async () => {
  idp = await startSamlIdp();
  idpOrigin = new URL(idp.ssoUrl).origin;
  t = await createTestApp(
    {
      IDENTITY_SAML_PROVIDERS: JSON.stringify([
        { name: 'test', displayName: 'Test SAML', metadataXml: idp.metadataXml },
        { name: 'manual', entityId: idp.entityId, ssoUrl: idp.ssoUrl, certificate: idp.certificatePem, trustEmail: false },
      ]),
      IDENTITY_RATE_LIMIT_MAX: '10000',
    },
    { now },
  );
  for (const provider of [SAML, 'saml.manual']) {
    const metadata = await t.app.inject({ method: 'GET', url: `/api/auth/federated/${provider}/metadata` });
    idp.trustServiceProvider(metadata.body);
  }
});
afterEach(() => {
  offsetMs = 0;
  idp.nextUser = null;
  idp.nextDecision = 'allow';
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

const acs = (provider: string) => `${TEST_ORIGIN}/api/auth/federated/${provider}/callback`;

/** Start → the IdP's /sso (real HTTP) → the auto-post form's fields. */
async function toIdp(browser: AppBrowser, provider = SAML, query = ''): Promise<SamlPost> {
  const start = await browser.get(`/api/auth/federated/${provider}/start?${query}`);
  expect(start.statusCode).toBe(302);
  expect(start.headers.location).toMatch(new RegExp(`^${idp.ssoUrl}\\?SAMLRequest=`));
  const form = await idp.authorize(start.headers.location as string);
  expect(form.action).toBe(acs(provider));
  return form;
}

/** The browser posts the IdP's form cross-site, then follows the 303 back to the app. */
async function postToApp(browser: AppBrowser, form: SamlPost) {
  const posted = await browser.postForm(form.action, { SAMLResponse: form.SAMLResponse, RelayState: form.RelayState }, idpOrigin);
  expect(posted.statusCode).toBe(303);
  return browser.get(posted.headers.location as string);
}

async function samlSignIn(browser: AppBrowser, provider = SAML, query = '') {
  return postToApp(browser, await toIdp(browser, provider, query));
}

const result = (browser: AppBrowser) => browser.get('/api/auth/federated/result');

const decode = (b64: string) => Buffer.from(b64, 'base64').toString();
const encode = (xml: string) => Buffer.from(xml).toString('base64');

describe('SAML service provider', () => {
  it('publishes its metadata: entity id, ACS (HTTP-POST) and signed assertions wanted', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth/federated/${SAML}/metadata` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/samlmetadata\+xml/);
    expect(res.body).toContain(`entityID="${TEST_ORIGIN}/api/auth/federated/${SAML}/metadata"`);
    expect(res.body).toContain('WantAssertionsSigned="true"');
    expect(res.body).toMatch(new RegExp(`Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${acs(SAML)}"`));
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/federated/saml.nope/metadata' })).statusCode).toBe(404);
  });

  it('lists saml.* providers for the widget', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/federated/providers' });
    expect(res.json().providers).toEqual([
      { id: SAML, displayName: 'Test SAML', kind: 'saml' },
      { id: 'saml.manual', displayName: 'manual', kind: 'saml' },
    ]);
  });

  it('sends an AuthnRequest naming us and our ACS, with the flow state as RelayState', async () => {
    const start = await new AppBrowser(t).get(`/api/auth/federated/${SAML}/start`);
    const url = new URL(start.headers.location as string);
    const request = inflateRawSync(Buffer.from(url.searchParams.get('SAMLRequest')!, 'base64')).toString();
    expect(request).toContain(`AssertionConsumerServiceURL="${acs(SAML)}"`);
    expect(request).toContain(`>${TEST_ORIGIN}/api/auth/federated/${SAML}/metadata</`);
    expect(url.searchParams.get('RelayState')).toMatch(/^[\w-]{32}$/);
    // The RelayState is Better Auth's flow state, bound to this browser by its signed cookie.
    expect(([] as string[]).concat(start.headers['set-cookie'] ?? [])).toContainEqual(expect.stringMatching(/^better-auth\.saml_state=/));
  });
});

describe('SAML round trips against the test IdP', () => {
  it('signs a new person up, then signs the returning person in to the same account', async () => {
    idp.nextUser = { nameId: 'saml-anna', email: 'Anna@Example.com', displayName: 'Anna SAML' };
    const browser = new AppBrowser(t);
    const callback = await samlSignIn(browser, SAML, 'returnTo=%2Fprofile');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`${TEST_ORIGIN}/profile`);
    const first = await result(browser);
    expect(first.json()).toMatchObject({
      providerId: SAML,
      isNewUser: true,
      user: { email: 'anna@example.com', emailVerified: true, displayName: 'Anna SAML', providers: [SAML] },
    });
    expect((await browser.get('/api/auth/identity/user')).json().user.id).toBe(first.json().user.id);

    idp.nextUser = { nameId: 'saml-anna', email: 'anna@example.com' };
    const again = new AppBrowser(t);
    await samlSignIn(again);
    expect((await result(again)).json()).toMatchObject({ isNewUser: false, user: { id: first.json().user.id } });
  });

  it('works with an IdP configured by entity id, SSO URL and certificate (e-mail not trusted as verified)', async () => {
    idp.nextUser = { nameId: 'saml-bo', email: 'bo@example.com' };
    const browser = new AppBrowser(t);
    await samlSignIn(browser, 'saml.manual');
    expect((await result(browser)).json().user).toMatchObject({
      email: 'bo@example.com',
      emailVerified: false,
      providers: ['saml.manual'],
    });
  });

  it('answers account-exists-with-different-credential, then links after the password sign-in', async () => {
    const cy = await signUp(t, 'cy@example.com');
    idp.nextUser = { nameId: 'saml-cy', email: 'cy@example.com' };
    const browser = new AppBrowser(t);
    await samlSignIn(browser);
    const outcome = await result(browser);
    expect(outcome.statusCode).toBe(409);
    expect(outcome.json().error).toMatchObject({
      code: 'account-exists-with-different-credential',
      details: { email: 'cy@example.com', methods: ['password'], providerId: SAML },
    });
    const session = await signIn(t, 'cy@example.com', 'secret123');
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/auth/federated/link-pending',
      headers: { origin: TEST_ORIGIN, cookie: session.cookie },
      payload: { pendingCredential: outcome.json().error.details.pendingCredential },
    });
    expect(link.statusCode).toBe(200);
    expect(link.json().user).toMatchObject({ id: cy.id, providers: expect.arrayContaining(['password', SAML]) });
  });

  it('upgrades a signed-in guest in place, and answers merge-conflict when the SAML account is taken', async () => {
    const browser = new AppBrowser(t);
    const guest = (await browser.post('/api/auth/sign-in/anonymous', {})).json().user;
    idp.nextUser = { nameId: 'saml-dee', email: 'dee@example.com' };
    await samlSignIn(browser);
    expect((await result(browser)).json().user).toMatchObject({ id: guest.id, isAnonymous: false, email: 'dee@example.com' });

    const other = new AppBrowser(t);
    await other.post('/api/auth/sign-in/anonymous', {});
    idp.nextUser = { nameId: 'saml-dee', email: 'dee@example.com' };
    await samlSignIn(other);
    const conflict = await result(other);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('merge-conflict');
    const merged = await other.post('/api/auth/identity/merge', { mergeToken: conflict.json().error.details.mergeToken });
    expect(merged.json().user.id).toBe(guest.id);
  });

  it('starts every session through Better Auth: its session hook refuses a disabled account', async () => {
    idp.nextUser = { nameId: 'saml-lou', email: 'lou@example.com' };
    const first = new AppBrowser(t);
    await samlSignIn(first);
    const id = (await result(first)).json().user.id;
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, id));

    idp.nextUser = { nameId: 'saml-lou', email: 'lou@example.com' };
    const browser = new AppBrowser(t);
    await samlSignIn(browser);
    const outcome = await result(browser);
    expect(outcome.statusCode).toBe(403);
    expect(outcome.json().error.code).toBe('user-disabled');
    expect(browser.cookies.has('better-auth.session_token')).toBe(false);
  });

  it('posts the outcome to the opener in the popup flow', async () => {
    idp.nextUser = { nameId: 'saml-eli', email: 'eli@example.com' };
    const browser = new AppBrowser(t);
    const page = await samlSignIn(browser, SAML, 'flow=popup');
    expect(page.statusCode).toBe(200);
    const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(page.body)![1]!;
    const data = /id="federated-result">([\s\S]*?)<\/script>/.exec(page.body)![1]!;
    const posted: unknown[][] = [];
    vm.runInNewContext(script, {
      window: { opener: { closed: false, postMessage: (...args: unknown[]) => posted.push(args) }, close: () => undefined },
      document: { getElementById: () => ({ textContent: data }) },
    });
    expect(posted).toEqual([
      [expect.objectContaining({ ok: true, providerId: SAML, user: expect.objectContaining({ email: 'eli@example.com' }) }), TEST_ORIGIN],
    ]);
  });
});

describe('refused SAML responses', () => {
  it('refuses an assertion altered after the IdP signed it', async () => {
    idp.nextUser = { nameId: 'saml-fay', email: 'fay@example.com' };
    const browser = new AppBrowser(t);
    const form = await toIdp(browser);
    const forged = decode(form.SAMLResponse).replace('fay@example.com', 'mallory@example.com');
    expect(forged).toContain('mallory@example.com');
    await postToApp(browser, { ...form, SAMLResponse: encode(forged) });
    const outcome = await result(browser);
    expect(outcome.statusCode).toBe(400);
    expect(outcome.json().error.code).toBe('invalid-credential');
    expect(await t.database.db.$count(users, eq(users.email, 'mallory@example.com'))).toBe(0);
    expect(await t.database.db.$count(users, eq(users.email, 'fay@example.com'))).toBe(0);
  });

  it('refuses a replayed response, and a response to another request (InResponseTo)', async () => {
    idp.nextUser = { nameId: 'saml-gus', email: 'gus@example.com' };
    const browser = new AppBrowser(t);
    const form = await toIdp(browser);
    await postToApp(browser, form);
    expect((await result(browser)).statusCode).toBe(200);

    await postToApp(browser, form);
    expect((await result(browser)).json().error.code).toBe('invalid-credential');

    // A fresh flow of the same browser, answered with the old response under the new RelayState.
    const fresh = await toIdp(browser);
    await postToApp(browser, { ...form, RelayState: fresh.RelayState });
    const outcome = await result(browser);
    expect(outcome.json().error).toMatchObject({ code: 'invalid-credential', details: { reason: 'InResponseTo' } });
  });

  it('refuses a response posted into another browser than the one that started (login CSRF)', async () => {
    idp.nextUser = { nameId: 'saml-hew', email: 'hew@example.com' };
    const form = await toIdp(new AppBrowser(t));
    const victim = new AppBrowser(t);
    const res = await postToApp(victim, form);
    expect(res.statusCode).toBe(400);
    expect(victim.cookies.has('better-auth.session_token')).toBe(false);
    expect(await t.database.db.$count(users, eq(users.email, 'hew@example.com'))).toBe(0);
  });

  it('turns AuthnFailed into user-cancelled', async () => {
    idp.nextUser = { nameId: 'saml-ina', email: 'ina@example.com' };
    idp.nextDecision = 'deny';
    const browser = new AppBrowser(t);
    await samlSignIn(browser);
    expect((await result(browser)).json().error.code).toBe('user-cancelled');
  });

  it('accepts the IdP post even when an old browser sends cookies cross-site: the post endpoint ignores them', async () => {
    idp.nextUser = { nameId: 'saml-jo', email: 'jo@example.com' };
    const browser = new AppBrowser(t);
    const form = await toIdp(browser);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/auth/federated/${SAML}/callback`,
      headers: { origin: idpOrigin, cookie: browser.cookieHeader()!, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ SAMLResponse: form.SAMLResponse, RelayState: form.RelayState }).toString(),
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers['set-cookie']).toBeUndefined();
    await browser.get(posted.headers.location as string);
    expect((await result(browser)).json().user.email).toBe('jo@example.com');
  });

  it('takes an IdP post of a few hundred kilobytes, and parks only the response and its RelayState', async () => {
    idp.nextUser = { nameId: 'saml-lea', email: 'lea@example.com' };
    const browser = new AppBrowser(t);
    const form = await toIdp(browser);
    // A large form, as a response with a big attribute statement makes: what the IdP adds beside it is not kept.
    const fields = { SAMLResponse: form.SAMLResponse, RelayState: form.RelayState, padding: 'x'.repeat(300_000) };
    const posted = await browser.postForm(form.action, fields, idpOrigin);
    expect(posted.statusCode).toBe(303);
    const resume = new URL(posted.headers.location as string).searchParams.get('resume')!;
    const [parked] = await t.database.db
      .select()
      .from(oneTimeRecords)
      .where(eq(oneTimeRecords.key, recordKey('federated-post', resume)));
    expect(Object.keys(parked!.value as object).sort()).toEqual(['RelayState', 'SAMLResponse']);
    await browser.get(posted.headers.location as string);
    expect((await result(browser)).json()).toMatchObject({ user: { email: 'lea@example.com' } });
  });

  it('refuses a parked post after its lifetime', async () => {
    idp.nextUser = { nameId: 'saml-kai', email: 'kai@example.com' };
    const browser = new AppBrowser(t);
    const form = await toIdp(browser);
    const posted = await browser.postForm(form.action, { SAMLResponse: form.SAMLResponse, RelayState: form.RelayState }, idpOrigin);
    offsetMs = 11 * 60_000;
    expect((await browser.get(posted.headers.location as string)).statusCode).toBe(400);
    expect((await result(browser)).json().error.code).toBe('invalid-credential');
  });
});
