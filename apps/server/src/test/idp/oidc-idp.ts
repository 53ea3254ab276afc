import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider (`oidc-provider`, certified) started by a test on a random port
 * of this machine. Its login/consent step is automated: whoever `nextLogin` names (or the account
 * the login hint names) signs in and consents; `nextDecision = 'deny'` answers access_denied.
 */
export interface TestOidcAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestOidcIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by subject (`sub`). */
  accounts: Map<string, TestOidcAccount>;
  nextLogin: string | null;
  nextDecision: 'allow' | 'deny';
  /** Login hints the IdP received, in order. */
  loginHints: string[];
  /** Acts as the browser at the IdP: from the authorization URL to the redirect back to the app. */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/** A browser's cookies for one host: enough for oidc-provider's interaction and session cookies. */
class CookieJar {
  private cookies = new Map<string, string>();
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split('=')[1]!) < new Date()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export async function startOidcIdp(opts: { redirectUris: string[] }): Promise<TestOidcIdp> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'trailbuddy-test';
  const clientSecret = `secret-${randomUUID()}`;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const accounts = new Map<string, TestOidcAccount>();
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey as never] },
    cookies: { keys: [`cookie-key-${randomUUID()}`] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx: KoaContextWithOIDC, sub: string) => {
      const account = accounts.get(sub);
      return account ? { accountId: sub, claims: async () => ({ sub, ...account }) } : undefined;
    },
    interactions: { url: (_ctx: KoaContextWithOIDC, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
  });

  const idp: TestOidcIdp = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    nextLogin: null,
    nextDecision: 'allow',
    loginHints: [],
    authorize: async (authorizationUrl) => {
      const jar = new CookieJar();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (url.origin !== issuer) return url;
        const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
        jar.store(res);
        const location = res.headers.get('location');
        if (res.status < 300 || res.status >= 400 || !location) {
          throw new Error(`the IdP answered ${res.status} at ${url.pathname}: ${await res.text()}`);
        }
        url = new URL(location, url);
      }
      throw new Error('too many redirects at the IdP');
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
    if (hint) idp.loginHints.push(hint);
    if (idp.nextDecision === 'deny') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person cancelled.' });
      return;
    }
    const byHint = hint ? [...accounts].find(([, a]) => a.email === hint)?.[0] : undefined;
    const accountId = byHint ?? idp.nextLogin;
    if (!accountId) throw new Error('the test did not say who signs in');
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  const handler = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((err: unknown) => {
        res.statusCode = 500;
        res.end(String(err));
      });
      return;
    }
    void handler(req, res);
  });
  return idp;
}
