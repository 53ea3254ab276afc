import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.js';
import { startOidcIdp, type TestOidcIdp } from '../../test/idp/oidc-idp.js';
import { completeOAuth, startOAuth } from './oauth.js';
import { federatedSettings, type OAuthProvider } from './providers.js';

/**
 * The plain OAuth 2.0 half of the one code path (GitHub, Facebook, Twitter, Microsoft): no nonce,
 * the person read from the provider's API with the access token, proven against the test IdP; and
 * the built-in presets' profile readers, fed each provider's documented JSON.
 */
const REDIRECT = 'http://localhost:3000/api/identity/federated/oauth.test/callback';
let idp: TestOidcIdp;

beforeAll(async () => {
  idp = await startOidcIdp({ redirectUris: [REDIRECT] });
});
afterAll(async () => idp.close());

const plainOAuth = (overrides: Partial<OAuthProvider> = {}): OAuthProvider => ({
  id: 'oauth.test',
  displayName: 'OAuth test',
  kind: 'oauth',
  clientId: idp.clientId,
  clientSecret: idp.clientSecret,
  tokenEndpointAuthMethod: 'client_secret_basic',
  server: {
    discover: false,
    issuer: idp.issuer,
    authorization_endpoint: `${idp.issuer}/auth`,
    token_endpoint: `${idp.issuer}/token`,
    jwks_uri: `${idp.issuer}/jwks`,
  },
  scopes: ['openid', 'email', 'profile'],
  authorizationParams: {},
  loginHintKey: 'login',
  fetchProfile: async (get) => {
    const me = (await get(`${idp.issuer}/me`)) as Record<string, unknown>;
    return {
      subject: String(me.sub),
      email: String(me.email),
      emailVerified: me.email_verified === true,
      displayName: String(me.name),
      photoUrl: null,
    };
  },
  ...overrides,
});

describe('plain OAuth 2.0 through openid-client', () => {
  it('authorizes with PKCE and no nonce, exchanges the code and reads the person from the API', async () => {
    idp.accounts.set('octo', { email: 'Octo@Example.com', email_verified: true, name: 'Octo Cat' });
    idp.nextLogin = 'octo';
    const provider = plainOAuth();
    const start = await startOAuth(provider, {
      redirectUri: REDIRECT,
      state: 'state-of-this-flow',
      loginHint: 'octo@example.com',
      loginHintKey: 'login',
    });
    const url = new URL(start.url);
    expect(url.searchParams.get('nonce')).toBeNull();
    expect(url.searchParams.get('login')).toBe('octo@example.com');
    expect(start.nonce).toBeNull();

    const back = await idp.authorize(start.url);
    const profile = await completeOAuth(provider, Object.fromEntries(back.searchParams), {
      state: 'state-of-this-flow',
      codeVerifier: start.codeVerifier,
      nonce: null,
      redirectUri: REDIRECT,
    });
    expect(profile).toEqual({
      providerId: 'oauth.test',
      subject: 'octo',
      email: 'octo@example.com',
      emailVerified: true,
      displayName: 'Octo Cat',
      photoUrl: null,
    });
  });

  it('refuses a wrong PKCE verifier and a mismatched state with invalid-credential', async () => {
    idp.nextLogin = 'octo';
    const provider = plainOAuth();
    for (const [state, verifier] of [
      ['state-a', 'x'.repeat(43)],
      ['state-b', null],
    ] as const) {
      const start = await startOAuth(provider, { redirectUri: REDIRECT, state, loginHint: null, loginHintKey: null });
      const back = await idp.authorize(start.url);
      await expect(
        completeOAuth(provider, Object.fromEntries(back.searchParams), {
          state: verifier ? state : 'another-state',
          codeVerifier: verifier ?? start.codeVerifier,
          nonce: null,
          redirectUri: REDIRECT,
        }),
      ).rejects.toMatchObject({ code: 'invalid-credential' });
    }
  });

  it('maps the IdP errors: access_denied → user-cancelled, others → invalid-credential', async () => {
    const provider = plainOAuth();
    const state = { state: 's', codeVerifier: 'v', nonce: null, redirectUri: REDIRECT };
    await expect(completeOAuth(provider, { error: 'access_denied', state: 's' }, state)).rejects.toMatchObject({ code: 'user-cancelled' });
    await expect(completeOAuth(provider, { error: 'consent_required', state: 's' }, state)).rejects.toMatchObject({
      code: 'user-cancelled',
    });
    await expect(completeOAuth(provider, { error: 'server_error', state: 's' }, state)).rejects.toMatchObject({
      code: 'invalid-credential',
    });
  });

  it('answers network-request-failed when the IdP cannot be reached', async () => {
    const provider = plainOAuth({
      id: 'oauth.down',
      server: {
        discover: false,
        issuer: 'http://127.0.0.1:9',
        authorization_endpoint: 'http://127.0.0.1:9/auth',
        token_endpoint: 'http://127.0.0.1:9/token',
      },
    });
    await expect(
      completeOAuth(provider, { code: 'c', state: 's' }, { state: 's', codeVerifier: 'v'.repeat(43), nonce: null, redirectUri: REDIRECT }),
    ).rejects.toMatchObject({ code: 'network-request-failed', status: 502 });
  });
});

describe('built-in presets', () => {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const settings = federatedSettings(
    parseEnv({
      FACEBOOK_CLIENT_ID: 'fb',
      FACEBOOK_CLIENT_SECRET: 'x',
      TWITTER_CLIENT_ID: 'tw',
      TWITTER_CLIENT_SECRET: 'x',
      GITHUB_CLIENT_ID: 'gh',
      GITHUB_CLIENT_SECRET: 'x',
      MICROSOFT_CLIENT_ID: 'ms',
      MICROSOFT_CLIENT_SECRET: 'x',
      APPLE_CLIENT_ID: 'app.trailbuddy.web',
      APPLE_TEAM_ID: 'TEAM123',
      APPLE_KEY_ID: 'KEY123',
      APPLE_PRIVATE_KEY: (privateKey.export({ format: 'pem', type: 'pkcs8' }) as string).replace(/\n/g, '\\n'),
    }),
  );
  const preset = (id: string) => settings.providers.find((p) => p.id === id) as OAuthProvider;
  const fake = (responses: Record<string, unknown>) => async (url: string) => {
    if (!(url in responses)) throw new Error(`unexpected ${url}`);
    return responses[url];
  };

  it('GitHub: the verified primary address from the e-mails API, the login as fallback name', async () => {
    const profile = await preset('github.com').fetchProfile!(
      fake({
        'https://api.github.com/user': { id: 583231, login: 'octocat', name: null, email: null, avatar_url: 'https://avatars/x.png' },
        'https://api.github.com/user/emails': [
          { email: 'old@example.com', primary: false, verified: true },
          { email: 'octo@example.com', primary: true, verified: true },
        ],
      }),
    );
    expect(profile).toEqual({
      subject: '583231',
      email: 'octo@example.com',
      emailVerified: true,
      displayName: 'octocat',
      photoUrl: 'https://avatars/x.png',
    });
  });

  it('Twitter: confirmed_email is a verified address; without it none', async () => {
    const get = (data: object) => fake({ 'https://api.x.com/2/users/me?user.fields=profile_image_url,confirmed_email': { data } });
    expect(
      await preset('twitter.com').fetchProfile!(get({ id: '42', name: 'Tw', username: 'tw', confirmed_email: 'tw@example.com' })),
    ).toMatchObject({
      subject: '42',
      email: 'tw@example.com',
      emailVerified: true,
    });
    expect(await preset('twitter.com').fetchProfile!(get({ id: '42', username: 'tw' }))).toMatchObject({
      email: null,
      emailVerified: false,
      displayName: 'tw',
    });
  });

  it('Facebook and Microsoft: their e-mails are not taken as verified', async () => {
    const fb = await preset('facebook.com').fetchProfile!(
      fake({
        'https://graph.facebook.com/v21.0/me?fields=id,name,email,picture': {
          id: '7',
          name: 'Fay',
          email: 'fay@example.com',
          picture: { data: { url: 'https://p' } },
        },
      }),
    );
    expect(fb).toEqual({ subject: '7', email: 'fay@example.com', emailVerified: false, displayName: 'Fay', photoUrl: 'https://p' });
    const ms = await preset('microsoft.com').fetchProfile!(
      fake({
        'https://graph.microsoft.com/v1.0/me': { id: 'abc', displayName: 'Mo', mail: null, userPrincipalName: 'mo@contoso.example' },
      }),
    );
    expect(ms).toEqual({ subject: 'abc', email: 'mo@contoso.example', emailVerified: false, displayName: 'Mo', photoUrl: null });
    expect(new URL((preset('microsoft.com').server as { authorization_endpoint: string }).authorization_endpoint).pathname).toBe(
      '/common/oauth2/v2.0/authorize',
    );
  });

  it("Apple: a client secret is an ES256 JWT for Apple's audience, signed with the developer key", () => {
    const apple = preset('apple.com');
    expect(apple.authorizationParams).toEqual({ response_mode: 'form_post' });
    const jwt = (apple.clientSecret as () => string)();
    const [header, payload, signature] = jwt.split('.') as [string, string, string];
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'ES256', kid: 'KEY123' });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      iss: 'TEAM123',
      sub: 'app.trailbuddy.web',
      aud: 'https://appleid.apple.com',
    });
    const ok = verify(
      'sha256',
      Buffer.from(`${header}.${payload}`),
      { key: createPublicKey(privateKey), dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    expect(ok).toBe(true);
  });
});
