import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { oauthCallbackCode } from '../messages.js';
import { parseEnv } from '../../env.js';
import { federatedSettings, type OAuthProvider } from './providers.js';

/**
 * The built-in presets' profile readers, fed each provider's documented JSON, and what an OAuth
 * callback's `?error=` means to the widget. The protocol itself runs on Better Auth's genericOAuth
 * and is proven end to end against a real IdP in auth/federated/federated-oauth.test.ts.
 */
describe('OAuth callback errors', () => {
  it('maps the IdP errors: access_denied → user-cancelled, others → invalid-credential', () => {
    expect(oauthCallbackCode('access_denied')).toBe('user-cancelled');
    expect(oauthCallbackCode('consent_required')).toBe('user-cancelled');
    expect(oauthCallbackCode('server_error')).toBe('invalid-credential');
    expect(oauthCallbackCode('state_mismatch')).toBe('invalid-credential');
    expect(oauthCallbackCode('invalid_code')).toBe('invalid-credential');
  });

  it("keeps the widget's own codes and Better Auth's translated ones", () => {
    expect(oauthCallbackCode('multi-factor-auth-required')).toBe('multi-factor-auth-required');
    expect(oauthCallbackCode('BANNED_USER')).toBe('user-disabled');
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
    expect(new URL(preset('microsoft.com').endpoints!.authorization).pathname).toBe('/common/oauth2/v2.0/authorize');
  });

  it("Apple: a client secret is an ES256 JWT for Apple's audience, signed with the developer key", async () => {
    const apple = preset('apple.com');
    expect(apple.authorizationParams).toEqual({ response_mode: 'form_post' });
    const jwt = await (apple.clientSecret as () => Promise<string>)();
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
