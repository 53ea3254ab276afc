import * as client from 'openid-client';
import { AppError } from '../../errors.js';
import { identityError } from '../errors.js';
import { isLoopbackHttp, type FederatedProfile, type OAuthProvider, type ProfileFields } from './providers.js';

/**
 * The one OAuth 2.0 / OpenID Connect code path (openid-client): every provider, built-in or
 * `oidc.*`, starts with an authorization-code request carrying state, PKCE (S256) and, for OpenID
 * Connect, a nonce; and ends with the code exchange, which checks the state, the PKCE verifier,
 * the `iss` response parameter, and the ID token's signature, issuer, audience, expiry and nonce.
 */

export interface OAuthStart {
  url: string;
  codeVerifier: string;
  nonce: string | null;
}

interface CachedConfig {
  config: client.Configuration;
  expiresAt: number;
}
const configs = new Map<string, CachedConfig>();
const CONFIG_TTL_MS = 60 * 60_000;
/** Apple's minted client secret lives 5 minutes; a configuration holding one is rebuilt sooner. */
const MINTED_SECRET_TTL_MS = 4 * 60_000;

async function configurationFor(provider: OAuthProvider): Promise<client.Configuration> {
  const key = `${provider.id}:${provider.clientId}:${provider.server.issuer}`;
  const cached = configs.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.config;

  const secret = typeof provider.clientSecret === 'function' ? provider.clientSecret() : provider.clientSecret;
  const auth =
    secret === null
      ? client.None()
      : provider.tokenEndpointAuthMethod === 'client_secret_basic'
        ? client.ClientSecretBasic(secret)
        : client.ClientSecretPost(secret);
  const insecure = isLoopbackHttp(provider.server.issuer);
  let config: client.Configuration;
  if (provider.server.discover) {
    config = await client.discovery(new URL(provider.server.issuer), provider.clientId, undefined, auth, {
      execute: insecure ? [client.allowInsecureRequests] : [],
      timeout: 10,
    });
  } else {
    const { discover: _discover, ...metadata } = provider.server;
    config = new client.Configuration(metadata, provider.clientId, undefined, auth);
    if (insecure) client.allowInsecureRequests(config);
  }
  config.timeout = 10;
  const ttl = typeof provider.clientSecret === 'function' ? MINTED_SECRET_TTL_MS : CONFIG_TTL_MS;
  configs.set(key, { config, expiresAt: Date.now() + ttl });
  return config;
}

/** Builds the IdP's authorization URL for a sign-in whose `state` the caller stores. */
export async function startOAuth(
  provider: OAuthProvider,
  opts: { redirectUri: string; state: string; loginHint: string | null; loginHintKey: string | null },
): Promise<OAuthStart> {
  const config = await withIdpErrors(() => configurationFor(provider));
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = provider.kind === 'oidc' ? client.randomNonce() : null;
  const params: Record<string, string> = {
    ...provider.authorizationParams,
    redirect_uri: opts.redirectUri,
    response_type: 'code',
    scope: provider.scopes.join(' '),
    state: opts.state,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  };
  if (nonce) params.nonce = nonce;
  if (opts.loginHint && opts.loginHintKey) params[opts.loginHintKey] = opts.loginHint;
  return { url: client.buildAuthorizationUrl(config, params).href, codeVerifier, nonce };
}

/** Errors the IdP sends back instead of a code: the person said no, or it failed. */
const CANCELLED = new Set(['access_denied', 'consent_required', 'interaction_required', 'login_required']);

/**
 * Exchanges the authorization response for the person's profile. `params` are the callback's
 * query (or form post) parameters; `state` is what startOAuth's caller stored.
 */
export async function completeOAuth(
  provider: OAuthProvider,
  params: Record<string, string>,
  state: { state: string; codeVerifier: string; nonce: string | null; redirectUri: string },
): Promise<FederatedProfile> {
  if (params.error) {
    throw CANCELLED.has(params.error) ? identityError('user-cancelled') : identityError('invalid-credential');
  }
  const config = await withIdpErrors(() => configurationFor(provider));
  const currentUrl = new URL(state.redirectUri);
  for (const key of ['code', 'state', 'iss', 'session_state']) {
    if (params[key] !== undefined) currentUrl.searchParams.set(key, params[key]);
  }
  const tokens = await withIdpErrors(() =>
    client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: state.codeVerifier,
      expectedState: state.state,
      ...(state.nonce ? { expectedNonce: state.nonce } : {}),
      idTokenExpected: provider.kind === 'oidc',
    }),
  );
  const get = (url: string) =>
    withIdpErrors(async () => {
      const res = await client.fetchProtectedResource(
        config,
        tokens.access_token,
        new URL(url),
        'GET',
        null,
        // GitHub's API refuses requests without a User-Agent.
        new Headers({ accept: 'application/json', 'user-agent': 'TrailBuddy' }),
      );
      if (!res.ok) throw identityError('invalid-credential');
      return res.json() as Promise<unknown>;
    });

  let fields: ProfileFields;
  if (provider.kind === 'oauth') {
    if (!provider.fetchProfile) throw new Error(`${provider.id} has no profile reader`);
    fields = await provider.fetchProfile(get);
  } else {
    const claims = tokens.claims();
    if (!claims) throw identityError('invalid-credential');
    let info: Record<string, unknown> = claims;
    // Conforming providers put scope claims (email, name) in userinfo, not in the ID token.
    if (!claims.email && config.serverMetadata().userinfo_endpoint) {
      const userinfo = await withIdpErrors(() => client.fetchUserInfo(config, tokens.access_token, claims.sub));
      info = { ...userinfo, ...claims, email: userinfo.email, email_verified: userinfo.email_verified, name: claims.name ?? userinfo.name };
    }
    fields = {
      subject: claims.sub,
      email: typeof info.email === 'string' ? info.email : null,
      // Apple sends "true" as a string.
      emailVerified: info.email_verified === true || info.email_verified === 'true',
      displayName: typeof info.name === 'string' ? info.name : appleName(params.user),
      photoUrl: typeof info.picture === 'string' ? info.picture : null,
    };
  }
  if (!fields.subject) throw identityError('invalid-credential');
  return { providerId: provider.id, ...fields, email: fields.email?.trim().toLowerCase() || null };
}

/** Apple posts `user` ({"name":{"firstName","lastName"}}) with the first authorization only. */
function appleName(user: string | undefined): string | null {
  if (!user) return null;
  try {
    const name = (JSON.parse(user) as { name?: { firstName?: string; lastName?: string } }).name;
    return [name?.firstName, name?.lastName].filter(Boolean).join(' ') || null;
  } catch {
    return null;
  }
}

/**
 * openid-client's failures in the widget's vocabulary: an unreachable IdP is
 * `network-request-failed`; anything the IdP or its tokens got wrong is `invalid-credential`.
 */
async function withIdpErrors<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const name = (err as { name?: string }).name;
    if (err instanceof TypeError || name === 'TimeoutError' || name === 'AbortError') {
      throw identityError('network-request-failed', { details: { reason: (err as Error).message } });
    }
    throw identityError('invalid-credential', { details: { reason: err instanceof Error ? err.message : String(err) } });
  }
}
