import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { z } from 'zod';
import type { Env } from '../../env.js';

/** What an identity provider told us about the person, in the widget's terms. */
export interface FederatedProfile {
  /** The widget's provider id: google.com, oidc.corp, saml.acme … */
  providerId: string;
  /** The provider's stable id of the person (OIDC `sub`, GitHub user id, SAML NameID). */
  subject: string;
  email: string | null;
  /** Whether the provider vouches for the e-mail (OIDC `email_verified`, GitHub's verified flag …). */
  emailVerified: boolean;
  displayName: string | null;
  photoUrl: string | null;
}

/**
 * Every OAuth 2.0 / OpenID Connect provider, built-in or `oidc.*`, is one of these and goes through
 * the same code (auth/federated/federated-oauth.ts): built-ins only preset the endpoints, scopes and profile.
 */
export interface OAuthProvider {
  id: string;
  displayName: string;
  /** The authorization parameter the login hint goes into (Google `login_hint`, GitHub `login`); null: none. */
  loginHintKey: string | null;
  kind: 'oidc' | 'oauth';
  clientId: string;
  /** A fixed secret, or one minted per use (Apple signs a short-lived JWT). Null: a public client. */
  clientSecret: string | (() => Promise<string>) | null;
  tokenEndpointAuthMethod: 'client_secret_basic' | 'client_secret_post';
  issuer: string;
  /** Built-ins carry their endpoints; `oidc.*` providers are discovered from their issuer. */
  endpoints?: { authorization: string; token: string; jwks?: string; userinfo?: string };
  scopes: string[];
  /** Fixed extra authorization parameters (Apple's `response_mode=form_post`). */
  authorizationParams: Record<string, string>;
  /** Plain OAuth 2.0 providers: how to read the person from the provider's API with the sign-in's token. */
  fetchProfile?: (get: (url: string) => Promise<unknown>) => Promise<Omit<FederatedProfile, 'providerId'>>;
}

/** A `saml.*` provider, as samlProviderOf makes it from its IDENTITY_SAML_PROVIDERS entry. */
export type SamlProvider = ReturnType<typeof samlProviderOf>;

export type FederatedSettings = ReturnType<typeof federatedSettings>;

/** Default names (checklist §1.9); `oidc.X` / `saml.X` default to X. */
export const PROVIDER_NAMES: Record<string, string> = {
  'google.com': 'Google',
  'facebook.com': 'Facebook',
  'twitter.com': 'Twitter',
  'github.com': 'GitHub',
  'microsoft.com': 'Microsoft',
  'yahoo.com': 'Yahoo',
  'apple.com': 'Apple',
};

export const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

type Preset = Pick<OAuthProvider, 'kind' | 'issuer' | 'endpoints' | 'scopes'> & Partial<OAuthProvider>;

/** A built-in provider, on when its credentials are configured: data, not a separate code path. */
function builtIn(id: string, credentials: Pick<OAuthProvider, 'clientId' | 'clientSecret'> | null, preset: Preset): OAuthProvider[] {
  if (!credentials) return [];
  const defaults = { tokenEndpointAuthMethod: 'client_secret_post' as const, authorizationParams: {}, loginHintKey: null };
  return [{ id, displayName: PROVIDER_NAMES[id]!, ...defaults, ...credentials, ...preset }];
}

const pair = (clientId?: string, clientSecret?: string) => (clientId && clientSecret ? { clientId, clientSecret } : null);

function builtIns(env: Env): OAuthProvider[] {
  const microsoft = `https://login.microsoftonline.com/${encodeURIComponent(env.MICROSOFT_TENANT)}/oauth2/v2.0`;
  const { APPLE_CLIENT_ID: clientId, APPLE_TEAM_ID: teamId, APPLE_KEY_ID: keyId, APPLE_PRIVATE_KEY: privateKey } = env;
  const apple = clientId && teamId && keyId && privateKey ? { clientId, teamId, keyId, privateKey } : null;
  return [
    ...builtIn('google.com', pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET), {
      kind: 'oidc',
      loginHintKey: 'login_hint',
      issuer: 'https://accounts.google.com',
      endpoints: {
        authorization: 'https://accounts.google.com/o/oauth2/v2/auth',
        token: 'https://oauth2.googleapis.com/token',
        jwks: 'https://www.googleapis.com/oauth2/v3/certs',
        userinfo: 'https://openidconnect.googleapis.com/v1/userinfo',
      },
      scopes: ['openid', 'email', 'profile'],
    }),
    ...builtIn('facebook.com', pair(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET), {
      kind: 'oauth',
      issuer: 'https://www.facebook.com',
      endpoints: {
        authorization: 'https://www.facebook.com/v21.0/dialog/oauth',
        token: 'https://graph.facebook.com/v21.0/oauth/access_token',
      },
      scopes: ['email', 'public_profile'],
      fetchProfile: async (get) => {
        const me = (await get('https://graph.facebook.com/v21.0/me?fields=id,name,email,picture')) as Record<string, unknown>;
        const picture = (me.picture as { data?: { url?: string } } | undefined)?.data?.url;
        // Facebook does not say whether the address was confirmed: like Firebase, not verified.
        return { subject: String(me.id), email: str(me.email), emailVerified: false, displayName: str(me.name), photoUrl: str(picture) };
      },
    }),
    ...builtIn('twitter.com', pair(env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET), {
      kind: 'oauth',
      // X requires HTTP Basic client authentication for confidential clients.
      tokenEndpointAuthMethod: 'client_secret_basic',
      issuer: 'https://x.com',
      endpoints: { authorization: 'https://x.com/i/oauth2/authorize', token: 'https://api.x.com/2/oauth2/token' },
      scopes: ['users.read', 'tweet.read', 'users.email'],
      fetchProfile: async (get) => {
        const { data } = (await get('https://api.x.com/2/users/me?user.fields=profile_image_url,confirmed_email')) as {
          data: Record<string, unknown>;
        };
        const email = str(data.confirmed_email);
        const displayName = str(data.name) ?? str(data.username);
        return { subject: String(data.id), email, emailVerified: email !== null, displayName, photoUrl: str(data.profile_image_url) };
      },
    }),
    ...builtIn('github.com', pair(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET), {
      kind: 'oauth',
      loginHintKey: 'login',
      issuer: 'https://github.com',
      endpoints: { authorization: 'https://github.com/login/oauth/authorize', token: 'https://github.com/login/oauth/access_token' },
      scopes: ['read:user', 'user:email'],
      fetchProfile: async (get) => {
        const user = (await get('https://api.github.com/user')) as Record<string, unknown>;
        // The profile's e-mail may be hidden or stale; the e-mails API says which one is verified.
        const emails = (await get('https://api.github.com/user/emails').catch(() => [])) as {
          email: string;
          primary: boolean;
          verified: boolean;
        }[];
        const primary = Array.isArray(emails) ? emails.find((e) => e.primary) : undefined;
        return {
          subject: String(user.id),
          email: primary?.email ?? str(user.email),
          emailVerified: primary?.verified ?? false,
          displayName: str(user.name) ?? str(user.login),
          photoUrl: str(user.avatar_url),
        };
      },
    }),
    // Multi-tenant Entra ID issues ID tokens whose issuer is per tenant (the metadata carries a
    // `{tenantid}` template), so the person is read from Microsoft Graph instead of an ID token.
    ...builtIn('microsoft.com', pair(env.MICROSOFT_CLIENT_ID, env.MICROSOFT_CLIENT_SECRET), {
      kind: 'oauth',
      loginHintKey: 'login_hint',
      issuer: `https://login.microsoftonline.com/${env.MICROSOFT_TENANT}/v2.0`,
      endpoints: { authorization: `${microsoft}/authorize`, token: `${microsoft}/token` },
      scopes: ['User.Read'],
      fetchProfile: async (get) => {
        const me = (await get('https://graph.microsoft.com/v1.0/me')) as Record<string, unknown>;
        const upn = str(me.userPrincipalName);
        const email = str(me.mail) ?? (upn?.includes('@') ? upn : null);
        // Entra ID lets tenants set any address without proving it: not verified.
        return { subject: String(me.id), email, emailVerified: false, displayName: str(me.displayName), photoUrl: null };
      },
    }),
    ...builtIn('yahoo.com', pair(env.YAHOO_CLIENT_ID, env.YAHOO_CLIENT_SECRET), {
      kind: 'oidc',
      loginHintKey: 'login_hint',
      issuer: 'https://api.login.yahoo.com',
      endpoints: {
        authorization: 'https://api.login.yahoo.com/oauth2/request_auth',
        token: 'https://api.login.yahoo.com/oauth2/get_token',
        jwks: 'https://api.login.yahoo.com/openid/v1/certs',
        userinfo: 'https://api.login.yahoo.com/openid/v1/userinfo',
      },
      scopes: ['openid', 'email', 'profile'],
    }),
    ...builtIn('apple.com', apple && { clientId: apple.clientId, clientSecret: () => appleClientSecret(apple) }, {
      kind: 'oidc',
      issuer: 'https://appleid.apple.com',
      endpoints: {
        authorization: 'https://appleid.apple.com/auth/authorize',
        token: 'https://appleid.apple.com/auth/token',
        jwks: 'https://appleid.apple.com/auth/keys',
      },
      scopes: ['openid', 'name', 'email'],
      // Apple posts the response (and, the first time only, the person's name) back as a form.
      authorizationParams: { response_mode: 'form_post' },
    }),
  ];
}

/** Apple's client secret is an ES256 JWT signed with the developer key (valid 5 minutes here). */
const appleClientSecret = (apple: { clientId: string; teamId: string; keyId: string; privateKey: string }) =>
  new SignJWT()
    .setProtectedHeader({ alg: 'ES256', kid: apple.keyId })
    .setIssuer(apple.teamId)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setAudience('https://appleid.apple.com')
    .setSubject(apple.clientId)
    .sign(createPrivateKey(apple.privateKey.replace(/\\n/g, '\n')));

/** Plain http is only allowed for an IdP on this machine (tests, local development). */
export const isLoopbackHttp = (url: string) => {
  const u = new URL(url);
  return u.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(u.hostname);
};
const secureUrl = z.url().refine((u) => u.startsWith('https://') || isLoopbackHttp(u), 'must be https (http only for localhost)');

const providerName = z.string().regex(/^[a-z0-9][a-z0-9_-]*$/i, 'name: letters, digits, - and _ only');

/** One entry of IDENTITY_OIDC_PROVIDERS. */
const oidcEntrySchema = z.object({
  name: providerName,
  displayName: z.string().min(1).optional(),
  issuer: secureUrl,
  clientId: z.string().min(1),
  clientSecret: z.string().min(1).optional(),
  scopes: z.array(z.string().min(1)).default(['openid', 'email', 'profile']),
  loginHintKey: z.string().min(1).nullable().default('login_hint'),
  tokenEndpointAuthMethod: z.enum(['client_secret_basic', 'client_secret_post']).default('client_secret_basic'),
});

/** One entry of IDENTITY_SAML_PROVIDERS: the IdP's metadata XML, or its entity id, SSO URL and certificate. */
const samlEntrySchema = z
  .object({
    name: providerName,
    displayName: z.string().min(1).optional(),
    metadataXml: z.string().min(1).optional(),
    entityId: z.string().min(1).optional(),
    ssoUrl: secureUrl.optional(),
    certificate: z.string().min(1).optional(),
    /** Whether an e-mail the IdP asserts counts as verified (an enterprise IdP usually owns its domain). */
    trustEmail: z.boolean().default(true),
    emailAttribute: z.string().min(1).optional(),
    nameAttribute: z.string().min(1).optional(),
    loginHintKey: z.string().min(1).nullable().default(null),
  })
  .refine((e) => e.metadataXml || (e.entityId && e.ssoUrl && e.certificate), 'needs metadataXml, or entityId + ssoUrl + certificate');

/** A JSON array variable, each entry validated; any problem stops the start-up naming the variable and entry. */
export function parseJsonList<T extends z.ZodType>(variable: string, raw: string | undefined, schema: T): z.infer<T>[] {
  if (!raw?.trim()) return [];
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error(`Invalid environment:\n  ${variable}: not valid JSON`);
  }
  const result = z.array(schema).safeParse(json);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${variable}.${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

const SAML_EMAIL_ATTRIBUTES = ['email', 'mail', 'emailAddress', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress'];
const SAML_NAME_ATTRIBUTES = ['displayName', 'name', 'cn', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name'];

const samlProviderOf = (e: z.infer<typeof samlEntrySchema>) => ({
  id: `saml.${e.name}`,
  displayName: e.displayName ?? e.name,
  kind: 'saml' as const,
  idp: e.metadataXml ? { metadataXml: e.metadataXml } : { entityId: e.entityId!, ssoUrl: e.ssoUrl!, certificate: e.certificate! },
  trustEmail: e.trustEmail,
  emailAttributes: e.emailAttribute ? [e.emailAttribute] : SAML_EMAIL_ATTRIBUTES,
  nameAttributes: e.nameAttribute ? [e.nameAttribute] : SAML_NAME_ATTRIBUTES,
  loginHintKey: e.loginHintKey,
});

/** The enabled providers, in the order the widget lists them: built-ins, then oidc.*, then saml.*. */
export function federatedSettings(env: Env) {
  const oidcEntries = parseJsonList('IDENTITY_OIDC_PROVIDERS', env.IDENTITY_OIDC_PROVIDERS, oidcEntrySchema);
  const oidc = oidcEntries.map(({ name, displayName, clientSecret, ...e }): OAuthProvider => ({
    ...e,
    id: `oidc.${name}`,
    displayName: displayName ?? name,
    kind: 'oidc',
    clientSecret: clientSecret ?? null,
    authorizationParams: {},
  }));
  const saml = parseJsonList('IDENTITY_SAML_PROVIDERS', env.IDENTITY_SAML_PROVIDERS, samlEntrySchema).map(samlProviderOf);
  const providers: (OAuthProvider | SamlProvider)[] = [...builtIns(env), ...oidc, ...saml];
  const twice = providers.find((p, i) => providers.findIndex((q) => q.id === p.id) !== i);
  if (twice) throw new Error(`Invalid environment:\n  federated provider ${twice.id} is configured twice`);
  // How long a started sign-in may take, a pending credential (account-exists-with-different-credential)
  // can be linked, and a flow's outcome waits for GET /api/auth/federated/result.
  return { providers, stateTtlMs: 10 * 60_000, pendingTtlMs: 30 * 60_000, resultTtlMs: 5 * 60_000 };
}

export const findProvider = (settings: FederatedSettings, id: string) => settings.providers.find((p) => p.id === id) ?? null;
