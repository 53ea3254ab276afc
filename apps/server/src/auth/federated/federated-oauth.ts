import type { GenericOAuthConfig, GenericOAuthUserInfo } from 'better-auth/plugins/generic-oauth';
import { validateAuthorizationCode, validateToken, type OAuth2Tokens } from 'better-auth/oauth2';
import { str, type FederatedProfile, type OAuthProvider } from './providers.js';

/** Each OAuth/OIDC provider as a `genericOAuth` config: Better Auth runs the protocol, our `mapProfile` decides who signs in (ADR 0042). */
export type MapProfile = (profile: FederatedProfile) => Promise<{ email: string; name: string; emailVerified: boolean; image?: string }>;

/** The stable key of a provider account: the subject, qualified by the tenant (ADR 0042). */
export type AccountKey = (subject: string) => Promise<string>;

const verified = (v: unknown) => v === true || v === 'true';

/** Reads a JSON resource of the provider's API with the sign-in's access token. */
const protectedGet = (accessToken: string | undefined) => async (url: string) => {
  const res = await fetch(url, {
    // GitHub's API refuses requests without a User-Agent.
    headers: { authorization: `Bearer ${accessToken ?? ''}`, accept: 'application/json', 'user-agent': 'TrailBuddy' },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return (await res.json()) as unknown;
};

/**
 * A built-in's person, in the claims `mapProfileToUser` reads: from its API, or from its ID token
 * checked against its key set, issuer and audience (conforming providers put the scope claims in
 * userinfo); Apple posts the name once, as `user`. Null: no subject.
 */
async function builtInUserInfo(provider: OAuthProvider, tokens: OAuth2Tokens & { user?: unknown }): Promise<GenericOAuthUserInfo | null> {
  if (provider.fetchProfile) {
    const { subject, email, emailVerified, displayName, photoUrl } = await provider.fetchProfile(protectedGet(tokens.accessToken));
    return subject ? { sub: subject, email, emailVerified, name: displayName ?? undefined, image: photoUrl ?? undefined } : null;
  }
  const { jwks, userinfo } = provider.endpoints ?? {};
  if (!tokens.idToken || !jwks) return null;
  let claims: Record<string, unknown> = (
    await validateToken(tokens.idToken, jwks, { audience: provider.clientId, issuer: provider.issuer })
  ).payload;
  if (!claims.email && userinfo) {
    const info = (await protectedGet(tokens.accessToken)(userinfo)) as Record<string, unknown>;
    if (info.sub === claims.sub) claims = { ...info, ...claims, email: info.email, email_verified: info.email_verified };
  }
  const name = (tokens.user as { name?: { firstName?: string; lastName?: string } } | undefined)?.name;
  const fullName = str(claims.name) ?? ([name?.firstName, name?.lastName].filter(Boolean).join(' ') || undefined);
  return claims.sub ? { ...claims, sub: String(claims.sub), emailVerified: verified(claims.email_verified), name: fullName } : null;
}

export function genericOAuthConfig(provider: OAuthProvider, mapProfile: MapProfile, accountKey: AccountKey): GenericOAuthConfig {
  const { endpoints, clientSecret: secret } = provider;
  const tokenEndpointAuth = { method: secret === null ? ('none' as const) : provider.tokenEndpointAuthMethod };
  return {
    providerId: provider.id,
    name: provider.displayName,
    clientId: provider.clientId,
    ...(typeof secret === 'string' && { clientSecret: secret }),
    tokenEndpointAuth,
    scopes: provider.scopes,
    pkce: true,
    authorizationUrlParams: provider.authorizationParams,
    ...(endpoints
      ? {
          authorizationUrl: endpoints.authorization,
          tokenUrl: endpoints.token,
          userInfoUrl: endpoints.userinfo,
          getUserInfo: (tokens) => builtInUserInfo(provider, tokens),
        }
      : { discoveryUrl: `${provider.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, requireIdTokenVerification: true }),
    // Apple's client secret is minted per use (an ES256 JWT): its code exchange runs with a fresh one.
    ...(typeof secret === 'function' &&
      endpoints && {
        getToken: async ({ code, codeVerifier, redirectURI }) =>
          validateAuthorizationCode({
            code,
            codeVerifier,
            redirectURI,
            tokenEndpoint: endpoints.token,
            options: { clientId: provider.clientId, clientSecret: await secret(), redirectURI },
            tokenEndpointAuth,
          }),
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
