import type { GenericOAuthConfig, GenericOAuthUserInfo } from 'better-auth/plugins/generic-oauth';
import { validateAuthorizationCode, validateToken, type OAuth2Tokens } from 'better-auth/oauth2';
import type { FederatedProfile, OAuthProvider, ProfileFields } from '../identity/federated/providers.js';

/**
 * Every OAuth 2.0 / OpenID Connect provider of the widget (built-ins and `oidc.*`) as a Better Auth
 * `genericOAuth` provider: Better Auth runs the protocol (state bound to the browser by its signed
 * cookie, PKCE, the OIDC nonce and ID-token verification of discovered issuers, the code
 * exchange), our `mapProfile` decides who the person signs in as (federated-sign-in.ts).
 */
export type MapProfile = (profile: FederatedProfile) => Promise<{ email: string; name: string; emailVerified: boolean; image?: string }>;

/** The stable key of a provider account: the subject, qualified by the tenant (ADR 0042). */
export type AccountKey = (subject: string) => Promise<string>;

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);
const verified = (v: unknown) => v === true || v === 'true';

/** Reads a JSON resource of the provider's API with the sign-in's access token. */
function protectedGet(accessToken: string | undefined) {
  return async (url: string): Promise<unknown> => {
    const res = await fetch(url, {
      // GitHub's API refuses requests without a User-Agent.
      headers: { authorization: `Bearer ${accessToken ?? ''}`, accept: 'application/json', 'user-agent': 'TrailBuddy' },
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    return res.json();
  };
}

/** OIDC claims (ID token or userinfo) in the widget's terms; Apple posts the name once, as `user`. */
function claimsProfile(claims: Record<string, unknown>, appleUser?: unknown): ProfileFields {
  const name = (appleUser as { name?: { firstName?: string; lastName?: string } } | undefined)?.name;
  return {
    subject: String(claims.sub ?? ''),
    email: str(claims.email),
    emailVerified: verified(claims.email_verified),
    displayName: str(claims.name) ?? ([name?.firstName, name?.lastName].filter(Boolean).join(' ') || null),
    photoUrl: str(claims.picture),
  };
}

/** A built-in with fixed endpoints: its ID token checked against its key set, issuer and audience. */
async function builtInProfile(provider: OAuthProvider, tokens: OAuth2Tokens & { user?: unknown }): Promise<ProfileFields | null> {
  if (provider.server.discover) return null;
  if (provider.fetchProfile) return provider.fetchProfile(protectedGet(tokens.accessToken));
  const { jwks_uri: jwks, userinfo_endpoint: userinfo, issuer } = provider.server;
  if (!tokens.idToken || !jwks) return null;
  const { payload } = await validateToken(tokens.idToken, jwks, { audience: provider.clientId, issuer });
  let claims: Record<string, unknown> = payload;
  // Conforming providers put scope claims (email, name) in userinfo, not in the ID token.
  if (!claims.email && userinfo) {
    const info = (await protectedGet(tokens.accessToken)(userinfo)) as Record<string, unknown>;
    if (info.sub === claims.sub) claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
  }
  return claimsProfile(claims, tokens.user);
}

const asUserInfo = (fields: ProfileFields): GenericOAuthUserInfo => ({
  id: fields.subject,
  sub: fields.subject,
  email: fields.email ?? undefined,
  emailVerified: fields.emailVerified,
  name: fields.displayName ?? undefined,
  image: fields.photoUrl ?? undefined,
});

/** Apple's client secret is minted per use (an ES256 JWT): its code exchange runs with a fresh one. */
function mintedSecretExchange(provider: OAuthProvider, mint: () => string, tokenEndpoint: string): GenericOAuthConfig['getToken'] {
  return ({ code, codeVerifier, redirectURI }) =>
    validateAuthorizationCode({
      code,
      codeVerifier,
      redirectURI,
      tokenEndpoint,
      options: { clientId: provider.clientId, clientSecret: mint(), redirectURI },
      tokenEndpointAuth: { method: provider.tokenEndpointAuthMethod },
    });
}

export function genericOAuthConfig(provider: OAuthProvider, mapProfile: MapProfile, accountKey: AccountKey): GenericOAuthConfig {
  const { server } = provider;
  const secret = typeof provider.clientSecret === 'string' ? provider.clientSecret : undefined;
  return {
    providerId: provider.id,
    name: provider.displayName,
    clientId: provider.clientId,
    ...(secret && { clientSecret: secret }),
    tokenEndpointAuth: { method: provider.clientSecret === null ? 'none' : provider.tokenEndpointAuthMethod },
    ...(server.discover
      ? { discoveryUrl: `${server.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, requireIdTokenVerification: true }
      : { authorizationUrl: server.authorization_endpoint, tokenUrl: server.token_endpoint, userInfoUrl: server.userinfo_endpoint }),
    ...(typeof provider.clientSecret === 'function' &&
      !server.discover && { getToken: mintedSecretExchange(provider, provider.clientSecret, server.token_endpoint) }),
    scopes: provider.scopes,
    pkce: true,
    authorizationUrlParams: provider.authorizationParams,
    ...(!server.discover && {
      getUserInfo: async (tokens) => {
        const fields = await builtInProfile(provider, tokens);
        return fields?.subject ? asUserInfo(fields) : null;
      },
    }),
    mapProfileToUser: (raw) =>
      mapProfile({
        providerId: provider.id,
        subject: String(raw.sub ?? raw.id ?? ''),
        email: str(raw.email)?.trim().toLowerCase() ?? null,
        emailVerified: verified(raw.emailVerified) || verified(raw.email_verified),
        displayName: str(raw.name),
        photoUrl: str(raw.image) ?? str(raw.picture),
      }),
    accountSubject: ({ profile }) => accountKey(String(profile.sub ?? profile.id ?? '')),
  };
}
