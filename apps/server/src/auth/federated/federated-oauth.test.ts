import vm from 'node:vm';
import { and, eq, like, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../db/schema/index.js';
import { parseEnv } from '../../env.js';
import { federatedSettings } from './providers.js';
import { AppBrowser } from '../../test/idp/app-browser.js';
import { startOidcIdp, type TestOidcIdp } from '../../test/idp/oidc-idp.js';
import { createTestApp, signIn, signUp, TEST_ORIGIN, type TestApp } from '../../test/test-app.js';

/**
 * Federated sign-in end to end against a real OpenID Connect provider (oidc-provider) that the
 * test starts on a random port: the app (Better Auth's genericOAuth) redirects to it, the IdP signs
 * the person in and redirects back with a code to Better Auth's callback, which exchanges it over
 * HTTP, verifies the ID token and starts the session; the widget's outcome comes from our hook.
 */
const OIDC = 'oidc.test';
const CALLBACK = `${TEST_ORIGIN}/api/auth/callback/${OIDC}`;
const start = (id: string, query = '') => `/api/auth/federated/${id}/start${query ? `?${query}` : ''}`;

let idp: TestOidcIdp;
let t: TestApp;
let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

const appEnv = () => ({
  IDENTITY_OIDC_PROVIDERS: JSON.stringify([
    { name: 'test', displayName: 'Test IdP', issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret },
  ]),
  GOOGLE_CLIENT_ID: 'google-client-id',
  GOOGLE_CLIENT_SECRET: 'google-client-secret',
  GITHUB_CLIENT_ID: 'github-client-id',
  GITHUB_CLIENT_SECRET: 'github-client-secret',
  IDENTITY_RATE_LIMIT_MAX: '10000',
});

beforeAll(async () => {
  idp = await startOidcIdp({ redirectUris: [CALLBACK] });
  t = await createTestApp(appEnv(), { now });
});
afterEach(() => {
  offsetMs = 0;
  idp.nextLogin = null;
  idp.nextDecision = 'allow';
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

/** A person at the IdP, who signs in at the next interaction. */
function person(sub: string, email: string, name = 'Federated Person') {
  idp.accounts.set(sub, { email, email_verified: true, name });
  idp.nextLogin = sub;
}

/** Start → the IdP (real HTTP) → back to the callback, in one browser. Returns the callback's answer. */
async function signInWith(browser: AppBrowser, query = '') {
  const started = await browser.get(start(OIDC, query));
  expect(started.statusCode).toBe(302);
  const back = await idp.authorize(started.headers.location as string);
  expect(back.origin + back.pathname).toBe(CALLBACK);
  return browser.get(back.href);
}

const result = (browser: AppBrowser) => browser.get('/api/auth/federated/result');
const currentUser = (browser: AppBrowser) => browser.get('/api/auth/identity/user');

/** Runs the popup page's script with a fake window, as a browser would. */
function runPopupPage(html: string, opts: { opener: boolean }) {
  const data = /<script type="application\/json" id="federated-result">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const script = /<script nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(html);
  if (!data || !script) throw new Error('not a popup result page');
  const posted: { message: Record<string, unknown>; targetOrigin: string }[] = [];
  const calls = { closed: false, replacedWith: null as string | null };
  const window = {
    opener: opts.opener
      ? { closed: false, postMessage: (message: Record<string, unknown>, targetOrigin: string) => posted.push({ message, targetOrigin }) }
      : null,
    close: () => {
      calls.closed = true;
    },
    location: {
      replace: (url: string) => {
        calls.replacedWith = url;
      },
    },
  };
  const document = { getElementById: (id: string) => (id === 'federated-result' ? { textContent: data } : null) };
  vm.runInNewContext(script[2]!, { window, document });
  return { posted, ...calls, nonce: script[1]! };
}

describe('providers from the environment', () => {
  it('lists the enabled providers for the widget: configured built-ins and oidc.*, nothing else', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/federated/providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json().providers).toEqual([
      { id: 'google.com', displayName: 'Google', kind: 'oidc' },
      { id: 'github.com', displayName: 'GitHub', kind: 'oauth' },
      { id: OIDC, displayName: 'Test IdP', kind: 'oidc' },
    ]);
  });

  it('enables every built-in from its variables and refuses a malformed oidc.* entry at start-up', () => {
    const all = federatedSettings(
      parseEnv({
        GOOGLE_CLIENT_ID: 'a',
        GOOGLE_CLIENT_SECRET: 'b',
        FACEBOOK_CLIENT_ID: 'a',
        FACEBOOK_CLIENT_SECRET: 'b',
        TWITTER_CLIENT_ID: 'a',
        TWITTER_CLIENT_SECRET: 'b',
        GITHUB_CLIENT_ID: 'a',
        GITHUB_CLIENT_SECRET: 'b',
        MICROSOFT_CLIENT_ID: 'a',
        MICROSOFT_CLIENT_SECRET: 'b',
        YAHOO_CLIENT_ID: 'a',
        YAHOO_CLIENT_SECRET: 'b',
        APPLE_CLIENT_ID: 'a',
        APPLE_TEAM_ID: 'b',
        APPLE_KEY_ID: 'c',
        APPLE_PRIVATE_KEY: 'd',
      }),
    );
    expect(all.providers.map((p) => p.id)).toEqual([
      'google.com',
      'facebook.com',
      'twitter.com',
      'github.com',
      'microsoft.com',
      'yahoo.com',
      'apple.com',
    ]);
    expect(() =>
      federatedSettings(
        parseEnv({ IDENTITY_OIDC_PROVIDERS: JSON.stringify([{ name: 'corp', issuer: 'http://idp.example.com', clientId: 'x' }]) }),
      ),
    ).toThrow(/IDENTITY_OIDC_PROVIDERS\.0\.issuer: must be https/);
    expect(() => federatedSettings(parseEnv({ IDENTITY_SAML_PROVIDERS: '{not json' }))).toThrow(/IDENTITY_SAML_PROVIDERS: not valid JSON/);
  });

  it('documents every federated endpoint in OpenAPI', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    for (const [path, method] of [
      ['/api/auth/federated/providers', 'get'],
      ['/api/auth/federated/{providerId}/start', 'get'],
      ['/api/auth/federated/{providerId}/callback', 'get'],
      ['/api/auth/federated/{providerId}/callback', 'post'],
      ['/api/auth/federated/{providerId}/metadata', 'get'],
      ['/api/auth/federated/result', 'get'],
      ['/api/auth/federated/link-pending', 'post'],
    ] as const) {
      expect(spec.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(spec.paths['/api/auth/federated/{providerId}/start'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['flow', 'loginHint', 'returnTo', 'providerId']),
    );
  });
});

describe('starting a federated sign-in', () => {
  it('sends Google its login_hint, with state, nonce and PKCE, and binds the flow to the browser', async () => {
    const browser = new AppBrowser(t);
    const res = await browser.get(start('google.com', 'flow=popup&loginHint=ann%40example.com'));
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'google-client-id',
      redirect_uri: `${TEST_ORIGIN}/api/auth/callback/google.com`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      login_hint: 'ann@example.com',
    });
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{32,}$/);
    // Google's endpoints are preset (no discovery): its ID token comes straight from its token
    // endpoint and is checked against its key set, issuer and audience; no nonce is bound (ADR 0042).
    expect(url.searchParams.get('nonce')).toBeNull();
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    // Better Auth's signed state cookie binds the flow to this browser.
    const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cookies.some((c) => /^better-auth\.state=/.test(c))).toBe(true);
  });

  it('sends GitHub the hint as `login` and no nonce (plain OAuth 2.0), through the same code path', async () => {
    const res = await new AppBrowser(t).get(start('github.com', 'loginHint=octo%40example.com'));
    const url = new URL(res.headers.location as string);
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(url.searchParams.get('login')).toBe('octo@example.com');
    expect(url.searchParams.get('login_hint')).toBeNull();
    expect(url.searchParams.get('nonce')).toBeNull();
    expect(url.searchParams.get('code_challenge')).toBeTruthy();
  });

  it('refuses a provider that is not enabled with operation-not-allowed', async () => {
    const res = await new AppBrowser(t).get(start('facebook.com'));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('operation-not-allowed');
  });

  it('accepts only a returnTo on this site', async () => {
    for (const bad of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'http://localhost:3001/auth',
    ]) {
      const res = await new AppBrowser(t).get(start(OIDC, `returnTo=${encodeURIComponent(bad)}`));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.fields.returnTo).toBe('The return URL must be a page of this site.');
    }
    const ok = await new AppBrowser(t).get(start(OIDC, `returnTo=${encodeURIComponent(`${TEST_ORIGIN}/trails?x=1`)}`));
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toMatch(new RegExp(`^${idp.issuer}/`));
  });

  it('refuses to put the login hint into a protocol parameter', async () => {
    const browser = new AppBrowser(t);
    const res = await browser.get(start(OIDC, 'loginHint=x&loginHintKey=redirect_uri'));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${TEST_ORIGIN}/auth?mode=callback`);
    const outcome = await result(browser);
    expect(outcome.statusCode).toBe(400);
    expect(outcome.json().error.fields.loginHintKey).toBeTruthy();
  });
});

describe('OIDC round trips against the test IdP', () => {
  it('signs a new person up (redirect flow): back to returnTo, the outcome once at /result, the session started', async () => {
    person('alice-sub', 'Alice@Example.com', 'Alice Doe');
    const browser = new AppBrowser(t);
    const callback = await signInWith(browser, 'flow=redirect&returnTo=%2Ftrails%3Ftab%3Dnear');
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe(`${TEST_ORIGIN}/trails?tab=near`);
    // The outcome waits in a cookie signed with the auth secret, for the federated endpoints only.
    expect(([] as string[]).concat(callback.headers['set-cookie'] ?? [])).toContainEqual(
      expect.stringMatching(/^trailbuddy\.federated=.*; Max-Age=300; Path=\/api\/auth\/federated; HttpOnly; SameSite=Lax/),
    );

    const outcome = await result(browser);
    expect(outcome.statusCode).toBe(200);
    expect(outcome.json()).toMatchObject({
      providerId: OIDC,
      isNewUser: true,
      user: { email: 'alice@example.com', emailVerified: true, displayName: 'Alice Doe', isAnonymous: false, providers: [OIDC] },
    });
    expect((await result(browser)).json()).toEqual({ user: null });
    expect((await currentUser(browser)).json().user.id).toBe(outcome.json().user.id);

    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.userId, outcome.json().user.id));
    expect(account).toMatchObject({ providerId: OIDC, accountId: 'alice-sub', accessToken: null, idToken: null, refreshToken: null });
  });

  it('signs a returning person in to the same account', async () => {
    person('bert-sub', 'bert@example.com');
    const first = new AppBrowser(t);
    await signInWith(first);
    const id = (await result(first)).json().user.id;

    const second = new AppBrowser(t);
    idp.nextLogin = 'bert-sub';
    expect((await signInWith(second)).headers.location).toBe(`${TEST_ORIGIN}/auth?mode=callback`);
    expect((await result(second)).json()).toMatchObject({ isNewUser: false, user: { id } });
    expect(await t.database.db.$count(users, eq(users.email, 'bert@example.com'))).toBe(1);
  });

  it("accepts the provider's answer as a cross-site form post (Apple's form_post) and completes in the browser that started", async () => {
    person('yara-sub', 'yara@example.com');
    const browser = new AppBrowser(t);
    const started = await browser.get(start(OIDC, 'flow=redirect'));
    const back = await idp.authorize(started.headers.location as string);
    const posted = await browser.postForm(CALLBACK, Object.fromEntries(back.searchParams), new URL(idp.issuer).origin);
    expect(posted.statusCode).toBe(302);
    const resumed = await browser.get(posted.headers.location as string);
    expect(resumed.headers.location).toBe(`${TEST_ORIGIN}/auth?mode=callback`);
    expect((await result(browser)).json()).toMatchObject({ isNewUser: true, user: { email: 'yara@example.com' } });
  });

  it('passes the login hint to the IdP, which signs that person in', async () => {
    idp.accounts.set('cleo-sub', { email: 'cleo@example.com', email_verified: true, name: 'Cleo' });
    const browser = new AppBrowser(t);
    await signInWith(browser, 'loginHint=cleo%40example.com');
    expect(idp.loginHints).toContain('cleo@example.com');
    expect((await result(browser)).json().user.email).toBe('cleo@example.com');
  });

  it('answers account-exists-with-different-credential for a known e-mail, then links after the password sign-in', async () => {
    const carol = await signUp(t, 'carol@example.com');
    person('carol-sub', 'carol@example.com');
    const browser = new AppBrowser(t);
    await signInWith(browser);
    const outcome = await result(browser);
    expect(outcome.statusCode).toBe(409);
    const { error } = outcome.json();
    expect(error.code).toBe('account-exists-with-different-credential');
    expect(error.details).toMatchObject({ email: 'carol@example.com', providerId: OIDC, methods: ['password'] });
    expect(error.details.pendingCredential).toMatch(/^[\w-]{32}$/);
    expect((await currentUser(browser)).statusCode).toBe(401);

    const signedIn = await signIn(t, 'carol@example.com', 'secret123');
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/auth/federated/link-pending',
      headers: { origin: TEST_ORIGIN, cookie: signedIn.cookie },
      payload: { pendingCredential: error.details.pendingCredential },
    });
    expect(link.statusCode).toBe(200);
    expect(link.json().user).toMatchObject({ id: carol.id, providers: expect.arrayContaining(['password', OIDC]) });

    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/federated/link-pending',
      headers: { origin: TEST_ORIGIN, cookie: signedIn.cookie },
      payload: { pendingCredential: error.details.pendingCredential },
    });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error.code).toBe('invalid-credential');

    // From now on the provider signs straight in to Carol's account.
    idp.nextLogin = 'carol-sub';
    const later = new AppBrowser(t);
    await signInWith(later);
    expect((await result(later)).json()).toMatchObject({ isNewUser: false, user: { id: carol.id } });
  });

  it('links only to the account of the same e-mail; another account gets invalid-email and the credential stays usable', async () => {
    const dora = await signUp(t, 'dora@example.com');
    await signUp(t, 'eve@example.com');
    person('dora-sub', 'dora@example.com');
    const browser = new AppBrowser(t);
    await signInWith(browser);
    const pendingCredential = (await result(browser)).json().error.details.pendingCredential as string;

    const eve = await signIn(t, 'eve@example.com', 'secret123');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/federated/link-pending',
      headers: { origin: TEST_ORIGIN, cookie: eve.cookie },
      payload: { pendingCredential },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'invalid-email', details: { email: 'dora@example.com' } });

    const doraSession = await signIn(t, 'dora@example.com', 'secret123');
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/federated/link-pending',
      headers: { origin: TEST_ORIGIN, cookie: doraSession.cookie },
      payload: { pendingCredential },
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().user.id).toBe(dora.id);
  });

  it('expires a pending credential after 30 minutes, needs a session and our origin', async () => {
    await signUp(t, 'finn@example.com');
    person('finn-sub', 'finn@example.com');
    const browser = new AppBrowser(t);
    await signInWith(browser);
    const pendingCredential = (await result(browser)).json().error.details.pendingCredential as string;
    const finn = await signIn(t, 'finn@example.com', 'secret123');
    const link = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/auth/federated/link-pending', headers, payload: { pendingCredential } });

    expect((await link({ origin: TEST_ORIGIN })).statusCode).toBe(401);
    expect((await link({ origin: 'https://evil.example', cookie: finn.cookie })).statusCode).toBe(403);
    offsetMs = 31 * 60_000;
    const expired = await link({ origin: TEST_ORIGIN, cookie: finn.cookie });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('invalid-credential');
    expect(await t.database.db.$count(accounts, and(eq(accounts.providerId, OIDC), eq(accounts.accountId, 'finn-sub')))).toBe(0);
  });

  it('links a new provider account to the signed-in guest: same uid, now a full account', async () => {
    const browser = new AppBrowser(t);
    const guest = (await browser.post('/api/auth/sign-in/anonymous', {})).json().user;
    expect(guest.isAnonymous).toBe(true);
    person('gina-sub', 'gina@example.com', 'Gina');
    await signInWith(browser);
    expect((await result(browser)).json()).toMatchObject({
      isNewUser: false,
      user: { id: guest.id, isAnonymous: false, email: 'gina@example.com', displayName: 'Gina', providers: [OIDC] },
    });
  });

  it('attaches nothing when the guest was upgraded elsewhere while the person was at the provider', async () => {
    const browser = new AppBrowser(t);
    const guest = (await browser.post('/api/auth/sign-in/anonymous', {})).json().user;
    person('lee-sub', 'lee@example.com', 'Lee');
    const started = await browser.get(start(OIDC));
    expect(started.statusCode).toBe(302);
    // Meanwhile another tab of this browser signed the guest up with a password.
    await t.database.db.update(users).set({ isAnonymous: false, email: 'lee.elsewhere@example.com' }).where(eq(users.id, guest.id));
    const back = await idp.authorize(started.headers.location as string);
    await browser.get(back.href);
    expect((await result(browser)).json().error.code).toBe('credential-already-in-use');
    expect(await t.database.db.$count(accounts, and(eq(accounts.providerId, OIDC), eq(accounts.accountId, 'lee-sub')))).toBe(0);
  });

  it('signs a guest in separately when the widget does not upgrade guests', async () => {
    const browser = new AppBrowser(t);
    const guest = (await browser.post('/api/auth/sign-in/anonymous', {})).json().user;
    person('hal-sub', 'hal@example.com');
    await signInWith(browser, 'upgradeAnonymous=false');
    const outcome = (await result(browser)).json();
    expect(outcome).toMatchObject({ isNewUser: true, user: { email: 'hal@example.com', isAnonymous: false } });
    expect(outcome.user.id).not.toBe(guest.id);
  });

  it("answers merge-conflict when the guest's provider account belongs to another account; the merge signs in there", async () => {
    person('ivan-sub', 'ivan@example.com');
    const owner = new AppBrowser(t);
    await signInWith(owner);
    const ivanId = (await result(owner)).json().user.id;

    const browser = new AppBrowser(t);
    await browser.post('/api/auth/sign-in/anonymous', {});
    idp.nextLogin = 'ivan-sub';
    await signInWith(browser);
    const outcome = await result(browser);
    expect(outcome.statusCode).toBe(409);
    expect(outcome.json().error).toMatchObject({ code: 'merge-conflict', details: { providerId: OIDC, email: 'ivan@example.com' } });

    const merged = await browser.post('/api/auth/identity/merge', { mergeToken: outcome.json().error.details.mergeToken });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().user.id).toBe(ivanId);
  });

  it("refuses Better Auth's own /link-social for these providers: linking goes through a pending credential only", async () => {
    await signUp(t, 'xena@example.com');
    const signedIn = await signIn(t, 'xena@example.com', 'secret123');
    const browser = new AppBrowser(t);
    for (const part of signedIn.cookie.split(/;\s*/))
      browser.cookies.set(part.slice(0, part.indexOf('=')), part.slice(part.indexOf('=') + 1));
    person('xena-sub', 'xena@example.com');
    const link = await browser.post('/api/auth/link-social', { provider: OIDC, callbackURL: '/' });
    expect(link.statusCode, link.body).toBe(200);
    const callback = await browser.get((await idp.authorize(link.json().url)).href);
    expect(callback.statusCode).toBe(403);
    expect(callback.body).toContain('"code":"operation-not-allowed"');
    expect(await t.database.db.$count(accounts, eq(accounts.accountId, 'xena-sub'))).toBe(0);
    expect(await t.database.db.$count(users, eq(users.email, 'xena@example.com'))).toBe(1);
  });

  it('answers account-exists (not a merge) when a guest brings a new provider account whose e-mail has an account', async () => {
    await signUp(t, 'jade@example.com');
    const browser = new AppBrowser(t);
    const guest = (await browser.post('/api/auth/sign-in/anonymous', {})).json().user;
    person('jade-sub', 'jade@example.com');
    await signInWith(browser);
    expect((await result(browser)).json().error.code).toBe('account-exists-with-different-credential');
    expect((await currentUser(browser)).json().user).toMatchObject({ id: guest.id, isAnonymous: true });
  });
});

describe('refused callbacks', () => {
  it('refuses a tampered state with invalid-credential: no session, no account', async () => {
    person('kim-sub', 'kim@example.com');
    const browser = new AppBrowser(t);
    const started = await browser.get(start(OIDC));
    const back = await idp.authorize(started.headers.location as string);
    back.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const res = await browser.get(back.href);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('"code":"invalid-credential"');
    expect(browser.cookies.has('better-auth.session_token')).toBe(false);
    expect((await result(browser)).json().error.code).toBe('invalid-credential');
    expect(await t.database.db.$count(users, eq(users.email, 'kim@example.com'))).toBe(0);
  });

  it('refuses a replayed callback (the state is one-time)', async () => {
    person('lea-sub', 'lea@example.com');
    const browser = new AppBrowser(t);
    const started = await browser.get(start(OIDC));
    const back = await idp.authorize(started.headers.location as string);
    expect((await browser.get(back.href)).statusCode).toBe(302);
    expect((await result(browser)).statusCode).toBe(200);
    const replay = await browser.get(back.href);
    expect(replay.statusCode).toBe(400);
    expect((await result(browser)).json().error.code).toBe('invalid-credential');
  });

  it('refuses a callback in another browser than the one that started (login CSRF)', async () => {
    person('mia-sub', 'mia@example.com');
    const victim = new AppBrowser(t);
    const attacker = new AppBrowser(t);
    const started = await attacker.get(start(OIDC));
    const back = await idp.authorize(started.headers.location as string);
    const res = await victim.get(back.href);
    expect(res.statusCode).toBe(400);
    expect(victim.cookies.has('better-auth.session_token')).toBe(false);
    expect(await t.database.db.$count(users, eq(users.email, 'mia@example.com'))).toBe(0);
  });

  it('refuses a flow older than 10 minutes', async () => {
    person('ned-sub', 'ned@example.com');
    const browser = new AppBrowser(t);
    const started = await browser.get(start(OIDC));
    const back = await idp.authorize(started.headers.location as string);
    offsetMs = 11 * 60_000;
    // The flow is still known (its state names its returnTo): the refusal is delivered there.
    expect((await browser.get(back.href)).headers.location).toBe(`${TEST_ORIGIN}/auth?mode=callback`);
    expect(browser.cookies.has('better-auth.session_token')).toBe(false);
    expect((await result(browser)).json().error.code).toBe('invalid-credential');
    expect(await t.database.db.$count(users, eq(users.email, 'ned@example.com'))).toBe(0);
  });

  it('turns access_denied at the IdP into user-cancelled', async () => {
    person('ola-sub', 'ola@example.com');
    idp.nextDecision = 'deny';
    const browser = new AppBrowser(t);
    const callback = await signInWith(browser);
    expect(callback.statusCode).toBe(302);
    const outcome = await result(browser);
    expect(outcome.statusCode).toBe(400);
    expect(outcome.json().error).toMatchObject({
      code: 'user-cancelled',
      message: 'Please authorize the required permissions to sign in to the application',
    });
  });

  it('refuses a forged authorization code at the token endpoint with invalid-credential', async () => {
    person('pia-sub', 'pia@example.com');
    const browser = new AppBrowser(t);
    const started = await browser.get(start(OIDC));
    const back = await idp.authorize(started.headers.location as string);
    back.searchParams.set('code', 'forged-code');
    expect((await browser.get(back.href)).statusCode).toBe(302);
    expect((await result(browser)).json().error.code).toBe('invalid-credential');
  });
});

describe('popup flow', () => {
  it('answers a page that posts the outcome to the opener on our origin only, then closes', async () => {
    person('quin-sub', 'quin@example.com');
    const browser = new AppBrowser(t);
    const res = await signInWith(browser, 'flow=popup');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(browser.cookies.has('better-auth.session_token')).toBe(true);

    const page = runPopupPage(res.body, { opener: true });
    expect(res.headers['content-security-policy']).toContain(`script-src 'nonce-${page.nonce}'`);
    expect(page.posted).toHaveLength(1);
    expect(page.posted[0]!.targetOrigin).toBe(TEST_ORIGIN);
    expect(page.posted[0]!.message).toMatchObject({
      type: 'trailbuddy:federated-result',
      ok: true,
      providerId: OIDC,
      isNewUser: true,
      user: { email: 'quin@example.com' },
    });
    expect(page.closed).toBe(true);
    expect(page.replacedWith).toBeNull();
  });

  it('posts errors the same way, and without an opener continues to returnTo where /result has the outcome', async () => {
    person('rex-sub', 'rex@example.com');
    idp.nextDecision = 'deny';
    const browser = new AppBrowser(t);
    const res = await signInWith(browser, 'flow=popup&returnTo=%2Fauth%3Fmode%3Dcallback%26x%3D%3C%2Fscript%3E');
    expect(res.statusCode).toBe(400);
    const withOpener = runPopupPage(res.body, { opener: true });
    expect(withOpener.posted[0]!.message).toMatchObject({ ok: false, providerId: OIDC, error: { code: 'user-cancelled' } });
    expect(withOpener.posted[0]!.message.error).not.toHaveProperty('status');

    const alone = runPopupPage(res.body, { opener: false });
    expect(alone.posted).toEqual([]);
    expect(alone.replacedWith).toBe('/auth?mode=callback&x=%3C/script%3E');
    expect((await result(browser)).json().error.code).toBe('user-cancelled');
  });
});

describe('sign-up controls, disabled accounts and limits', () => {
  it('refuses a new account with admin-restricted-operation when sign-up is disabled; existing ones still sign in', async () => {
    person('sam-sub', 'sam@example.com');
    const before = new AppBrowser(t);
    await signInWith(before);
    expect((await result(before)).statusCode).toBe(200);

    const closed = await createTestApp({ ...appEnv(), IDENTITY_SIGN_UP_DISABLED: 'true' }, { database: t.database, now });
    try {
      idp.accounts.set('tess-sub', { email: 'tess@example.com', email_verified: true });
      for (const [sub, status, code] of [
        ['tess-sub', 403, 'admin-restricted-operation'],
        ['sam-sub', 200, undefined],
      ] as const) {
        idp.nextLogin = sub;
        const browser = new AppBrowser(closed);
        const started = await browser.get(start(OIDC));
        await browser.get((await idp.authorize(started.headers.location as string)).href);
        const outcome = await browser.get('/api/auth/federated/result');
        expect(outcome.statusCode, sub).toBe(status);
        if (code) expect(outcome.json().error.code).toBe(code);
      }
    } finally {
      await closed.close();
    }
  });

  it('refuses a disabled account with user-disabled', async () => {
    person('uma-sub', 'uma@example.com');
    const first = new AppBrowser(t);
    await signInWith(first);
    const id = (await result(first)).json().user.id;
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, id));

    idp.nextLogin = 'uma-sub';
    const browser = new AppBrowser(t);
    await signInWith(browser);
    const outcome = await result(browser);
    expect(outcome.statusCode).toBe(403);
    expect(outcome.json().error.code).toBe('user-disabled');
    expect(browser.cookies.has('better-auth.session_token')).toBe(false);
  });

  it('asks an account with a second factor for it: no session, the outcome carries the pending credential, the code signs in', async () => {
    person('wes-sub', 'wes@example.com');
    const first = new AppBrowser(t);
    await signInWith(first);
    const id = (await result(first)).json().user.id;
    // The twoFactor plugin checks codes against the real clock, not the test's.
    const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() });
    const enabled = await first.post('/api/auth/two-factor/enable', {});
    expect(enabled.statusCode, enabled.body).toBe(200);
    const secret = new URL(enabled.json().totpURI).searchParams.get('secret')!;
    const enrolled = await first.post('/api/auth/two-factor/verify-totp', { code: codeFor(secret), displayName: 'Phone' });
    expect(enrolled.statusCode, enrolled.body).toBe(200);

    idp.nextLogin = 'wes-sub';
    const browser = new AppBrowser(t);
    await signInWith(browser);
    const outcome = await result(browser);
    expect(outcome.statusCode).toBe(403);
    const { error } = outcome.json();
    expect(error.code).toBe('multi-factor-auth-required');
    expect(error.details.factors).toEqual([expect.objectContaining({ uid: enrolled.json().factor.uid, factorId: 'totp' })]);
    expect(browser.cookies.has('better-auth.session_token')).toBe(false);

    const signedIn = await browser.post('/api/auth/two-factor/verify-totp', {
      mfaPendingCredential: error.details.mfaPendingCredential,
      code: codeFor(secret),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await currentUser(browser)).json().user.id).toBe(id);
  });

  it('limits starts per client with too-many-requests', async () => {
    const limited = await createTestApp({ ...appEnv(), IDENTITY_RATE_LIMIT_MAX: '2' }, { database: t.database, now });
    try {
      await t.database.db.execute(sql`DELETE FROM attempt_counters WHERE key LIKE 'federated-start:%'`);
      const browser = new AppBrowser(limited);
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await browser.get(start(OIDC))).headers.location);
      expect(codes.slice(0, 2).every((l) => String(l).startsWith(idp.issuer))).toBe(true);
      expect(codes[2]).toBe(`${TEST_ORIGIN}/auth?mode=callback`);
      const outcome = await browser.get('/api/auth/federated/result');
      expect(outcome.statusCode).toBe(429);
      expect(outcome.json().error.code).toBe('too-many-requests');
    } finally {
      await limited.close();
    }
  });

  it('keeps no e-mail-less placeholder visible and creates no duplicate on a concurrent first sign-in', async () => {
    idp.accounts.set('vic-sub', { name: 'Vic' });
    const a = new AppBrowser(t);
    const b = new AppBrowser(t);
    idp.nextLogin = 'vic-sub';
    const [startA, startB] = [await a.get(start(OIDC)), await b.get(start(OIDC))];
    const [backA, backB] = [await idp.authorize(startA.headers.location as string), await idp.authorize(startB.headers.location as string)];
    await Promise.all([a.get(backA.href), b.get(backB.href)]);
    const [ra, rb] = [(await result(a)).json(), (await result(b)).json()];
    expect(ra.user.id).toBe(rb.user.id);
    expect(ra.user).toMatchObject({ email: null, displayName: 'Vic' });
    expect(await t.database.db.$count(users, like(users.email, '%@federated.invalid'))).toBe(1);
  });
});
