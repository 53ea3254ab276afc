import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FederatedProfile, OAuthProvider } from './providers.js';
import { genericOAuthConfig } from './federated-oauth.js';

/**
 * A built-in OIDC preset's callback reads the person from its ID token, checked against the
 * preset's key set, issuer and audience: here a local key set stands in for Apple's, which posts
 * the person's name once, beside the token, as `user`.
 */
describe('built-in OIDC presets: the person from the ID token', () => {
  let server: Server;
  let provider: OAuthProvider;
  let sign: (claims: Record<string, unknown>, audience?: string) => Promise<string>;

  beforeAll(async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256');
    const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' }] });
    server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(jwks));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    provider = {
      id: 'apple.com',
      displayName: 'Apple',
      loginHintKey: null,
      kind: 'oidc',
      clientId: 'app.trailbuddy.web',
      clientSecret: 'secret',
      tokenEndpointAuthMethod: 'client_secret_post',
      issuer: origin,
      endpoints: { authorization: `${origin}/authorize`, token: `${origin}/token`, jwks: `${origin}/keys` },
      scopes: ['openid', 'name', 'email'],
      authorizationParams: {},
    };
    sign = (claims, audience = provider.clientId) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', kid: 'k1' })
        .setIssuer(origin)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** What the preset's callback hands our account resolution (federated-sign-in.ts). */
  async function profileOf(idToken: string, user?: unknown): Promise<FederatedProfile | null> {
    let seen: FederatedProfile | null = null;
    const config = genericOAuthConfig(
      provider,
      async (profile) => {
        seen = profile;
        return { email: profile.email ?? '', name: profile.displayName ?? '', emailVerified: profile.emailVerified };
      },
      async (subject) => subject,
    );
    const info = await config.getUserInfo!({ idToken, accessToken: 'at', user } as Parameters<NonNullable<typeof config.getUserInfo>>[0]);
    if (!info) return null;
    await config.mapProfileToUser!(info);
    return seen;
  }

  it('reads subject, verified e-mail and picture, and the name Apple posts beside the token', async () => {
    const idToken = await sign({ sub: 'apple-sub', email: 'Ann@Example.com', email_verified: 'true', picture: 'https://p/x.png' });
    expect(await profileOf(idToken, { name: { firstName: 'Ann', lastName: 'Lee' } })).toEqual({
      providerId: 'apple.com',
      subject: 'apple-sub',
      email: 'ann@example.com',
      emailVerified: true,
      displayName: 'Ann Lee',
      photoUrl: 'https://p/x.png',
    });
  });

  it('an unverified e-mail stays unverified, and a name claim wins over the posted one', async () => {
    const idToken = await sign({ sub: 's2', email: 'bo@example.com', email_verified: false, name: 'Bo' });
    expect(await profileOf(idToken, { name: { firstName: 'Other' } })).toMatchObject({
      email: 'bo@example.com',
      emailVerified: false,
      displayName: 'Bo',
      photoUrl: null,
    });
  });

  it('refuses a token for another audience, and one without a subject', async () => {
    await expect(profileOf(await sign({ sub: 's3' }, 'someone-else'))).rejects.toThrow();
    expect(await profileOf(await sign({ email: 'nosub@example.com' }))).toBeNull();
  });
});
