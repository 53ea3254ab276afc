import { federatedStartQuerySchema, linkPendingRequestSchema } from '@trailbuddy/shared/contracts/identity-federated';
import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import { addOAuthServerContext, createAuthEndpoint, getOAuthState, isAPIError, sessionMiddleware } from 'better-auth/api';
import { generateIdTokenNonce, generateState, getOAuthCallbackPath } from 'better-auth/oauth2';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { getCurrentAuthEndpointContext } from '@better-auth/core/context';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema/index.js';
import { AppError, invalidField } from '../../errors.js';
import { identityError } from '../errors.js';
import { federatedAccountId, linkPendingCredential, resolveFederatedSignIn } from './accounts.js';
import { DEFAULT_RETURN_TO, outcomeOfError, sameSiteReturnTo, type FederatedOutcome, type FlowStart } from './flow.js';
import { findProvider, type OAuthProvider } from './providers.js';
import { resolveTenant } from '../tenants/tenants.js';
import { presentIdentityUser } from '../users.js';
import { asAppError, federatedKit } from './federated-kit.js';
import type { AuthPluginOptions } from '../settings.js';
import { genericOAuthConfig, type MapProfile } from './federated-oauth.js';
import { samlEndpoints, samlOnRequest, startSaml } from './federated-saml.js';
import { oauthCallbackCode } from '../messages.js';
import { endpointDoc, inAuthErrors, onPath, parseAuthBody } from '../plugin-kit.js';
import { secondFactorGate } from '../second-factor/second-factor-gate.js';
import { signedInGuestOf } from '../guests/guests.js';

/**
 * Federated sign-in (checklist §5.7–§5.9, ADRs 0042 and 0045): OAuth/OIDC on `genericOAuth`, SAML
 * on samlify (federated-saml.ts); ours are the provider list, the start, who the person signs in as
 * (`resolveFederatedSignIn`), the outcome's delivery and linking a pending credential.
 */
const FLOW_KEY = 'trailbuddyFederated';

/** Authorization parameter names the caller may not pick for a login hint. */
const RESERVED_PARAMS = new Set(['client_id', 'redirect_uri', 'response_type', 'response_mode', 'scope', 'state', 'nonce']);
const isReserved = (name: string) => RESERVED_PARAMS.has(name) || name.startsWith('code_challenge') || name.startsWith('request');

/** Better Auth's log lines for a refused provider callback (bad, used or another browser's state, a forged code). */
const OAUTH_REFUSALS =
  /^(Failed to parse state|State not found|Failed to validate authorization code|Unable to get user info|OAuth issuer mismatch|OAuth id_token nonce binding)/;
export const isOAuthRefusal = (message: string) => OAUTH_REFUSALS.test(message);

type Ctx = GenericEndpointContext;

export function federatedSignIn(options: AuthPluginOptions) {
  const { db, identity, now } = options;
  const kit = federatedKit(options);
  const settings = identity.federated;
  const appUrl = identity.appUrl;
  /** Who a callback signed in as, by its parsed OAuth state (one per request). */
  const resolvedBy = new WeakMap<object, { userId: string; isNewUser: boolean }>();

  async function currentFlow() {
    const state = await getOAuthState();
    const flow = (state?.serverContext as Record<string, unknown> | undefined)?.[FLOW_KEY] as FlowStart | undefined;
    return { state, flow: flow ?? null };
  }

  const mapProfile: MapProfile = (profile) =>
    inAuthErrors(async () => {
      const { state, flow } = await currentFlow();
      // The widget links a provider account only through a pending credential (link-pending), which
      // checks the e-mail and the tenant; Better Auth's own /link-social is not a way around that.
      if (state?.link) throw identityError('operation-not-allowed');
      if (!profile.subject) throw identityError('invalid-credential');
      if (flow && now().getTime() - flow.startedAt > settings.stateTtlMs) throw identityError('invalid-credential');
      const resolved = await resolveFederatedSignIn(db, getCurrentAuthEndpointContext().context, profile, kit.signInContext(flow));
      if (state) resolvedBy.set(state, resolved);
      // The account exists now: Better Auth finds it by its key and starts the session.
      const [user] = await db.select().from(users).where(eq(users.id, resolved.userId));
      if (!user) throw identityError('invalid-credential');
      return { email: user.email, name: user.name, emailVerified: user.emailVerified, image: user.image ?? undefined };
    });

  const providers = settings.providers.flatMap((p) =>
    p.kind === 'saml'
      ? []
      : [genericOAuthConfig(p, mapProfile, async (subject) => federatedAccountId(subject, (await currentFlow()).flow?.tenantId ?? null))],
  );

  /** Builds the provider's authorization URL with the widget's flow in the OAuth state's server context (not spoofable). */
  async function startOAuth(ctx: Ctx, provider: OAuthProvider, flow: FlowStart, loginHint?: string, loginHintKey?: string) {
    let hintKey = provider.loginHintKey;
    if (loginHintKey && provider.id.startsWith('oidc.')) {
      if (isReserved(loginHintKey)) throw invalidField('loginHintKey', 'This parameter cannot carry a login hint.');
      hintKey = loginHintKey;
    }
    await addOAuthServerContext({ [FLOW_KEY]: flow });
    const social = ctx.context.socialProviders.find((p) => p.id === provider.id);
    if (!social) throw identityError('network-request-failed');
    const idTokenNonce = generateIdTokenNonce(social);
    const { state, codeVerifier } = await generateState(ctx, { idTokenNonce });
    const redirectURI = `${ctx.context.baseURL}${getOAuthCallbackPath(social)}`;
    const url = await social.createAuthorizationURL({ state, codeVerifier, idTokenNonce, redirectURI });
    if (loginHint && hintKey) url.searchParams.set(hintKey, loginHint);
    return url.href;
  }

  /**
   * A callback that Better Auth refused, as the widget's error. A session the second-factor gate
   * refused comes back with the gate's own answer (its pending credential), not just the code.
   */
  async function callbackError(error: string, userId: string | undefined, ctx: Ctx): Promise<AppError> {
    const code = oauthCallbackCode(error);
    if (code === 'multi-factor-auth-required' && userId) {
      try {
        await secondFactorGate(db, userId, ctx);
      } catch (err) {
        if (isAPIError(err)) return asAppError(err);
        throw err;
      }
    }
    return identityError(code);
  }

  const plugin = {
    id: 'trailbuddy-federated-sign-in',
    init: () => ({
      options: {
        // Provider accounts keep no tokens: we only need to know who the person is.
        account: { updateAccountOnSignIn: false, accountLinking: { disableImplicitLinking: true } },
      },
    }),
    onRequest: samlOnRequest,
    endpoints: {
      federatedProviders: createAuthEndpoint(
        '/federated/providers',
        {
          method: 'GET',
          metadata: endpointDoc('The federated providers enabled on this server (built-ins, oidc.*, saml.*)', {
            200: '{ providers: [{ id, displayName, kind: oidc | oauth | saml }] }',
          }),
        },
        async (ctx) => ctx.json({ providers: settings.providers.map(({ id, displayName, kind }) => ({ id, displayName, kind })) }),
      ),
      startFederatedSignIn: createAuthEndpoint(
        '/federated/:providerId/start',
        {
          method: 'GET',
          query: federatedStartQuerySchema,
          metadata: endpointDoc(
            'Start a federated sign-in of the widget: 302 to the provider (OAuth 2.0, OpenID Connect or SAML)',
            {},
            'Navigate the window (flow=redirect) or a popup (flow=popup) here. A bad returnTo, an unknown provider or ' +
              'tenantId, or a provider the tenant does not offer answers JSON; later failures are delivered like an ' +
              'outcome.',
          ),
        },
        async (ctx) => {
          const { query } = ctx;
          const { returnTo, provider, tenantId } = await inAuthErrors(() => {
            const provider = findProvider(settings, ctx.params.providerId);
            if (!provider) throw identityError('operation-not-allowed');
            const tenant = resolveTenant(identity.tenants, query.tenantId, provider.id);
            return { returnTo: sameSiteReturnTo(appUrl, query.returnTo), provider, tenantId: tenant?.id ?? null };
          });
          ctx.setHeader('cache-control', 'no-store');
          try {
            await kit.limitClient(ctx, 'federated-start');
            const flow: FlowStart = {
              flow: query.flow,
              returnTo,
              tenantId,
              guestUserId: query.upgradeAnonymous ? await signedInGuestOf(ctx, tenantId) : null,
              startedAt: now().getTime(),
            };
            const url =
              provider.kind === 'saml'
                ? await startSaml(ctx, provider, flow, query.loginHint)
                : await startOAuth(ctx, provider, flow, query.loginHint, query.loginHintKey);
            return ctx.redirect(url);
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            return kit.deliver(ctx, query.flow, returnTo, outcomeOfError(provider.id, err));
          }
        },
      ),
      federatedResult: createAuthEndpoint(
        '/federated/result',
        {
          method: 'GET',
          metadata: endpointDoc("The outcome of this browser's last federated sign-in (one-time; {user: null} when none is waiting)", {
            200: '{ user, providerId, isNewUser }, or { user: null }; a failed sign-in answers its error',
          }),
        },
        async (ctx) => {
          ctx.setHeader('cache-control', 'no-store');
          return ctx.json(await kit.takeResult(ctx));
        },
      ),
      linkPendingCredential: createAuthEndpoint(
        '/federated/link-pending',
        {
          method: 'POST',
          body: z.unknown(),
          use: [sessionMiddleware],
          metadata: endpointDoc(
            'Link a pending credential (account-exists-with-different-credential) to the signed-in account of its e-mail',
            { 200: 'The signed-in account (the widget’s identity user), now with the provider' },
            'One-time; expires 30 minutes after the failed sign-in. invalid-credential: unknown, used or expired; ' +
              'invalid-email: the signed-in account has another e-mail (the credential stays usable); ' +
              'credential-already-in-use: linked meanwhile.',
          ),
        },
        async (ctx) => {
          const { pendingCredential } = parseAuthBody(linkPendingRequestSchema, ctx.body);
          const user = ctx.context.session.user as { id: string; isAnonymous?: boolean };
          await inAuthErrors(async () => {
            await kit.limitClient(ctx, 'link-pending');
            await linkPendingCredential(db, pendingCredential, { id: user.id, isAnonymous: user.isAnonymous === true }, now());
          });
          return ctx.json({ user: await presentIdentityUser(db, user.id) });
        },
      ),
      ...samlEndpoints(kit),
    },
    hooks: {
      after: [
        // Turns Better Auth's redirect after an OAuth callback into the widget's outcome.
        onPath('/callback/:id', async (ctx) => {
          const { state, flow } = await currentFlow();
          const providerId = typeof ctx.params?.id === 'string' ? ctx.params.id : null;
          const returned = ctx.context.returned;
          const location = ctx.context.responseHeaders?.get('location');
          const resolved = state ? resolvedBy.get(state) : undefined;
          let outcome: FederatedOutcome;
          if (location) {
            const error = new URL(location, appUrl).searchParams.get('error');
            if (!error) {
              if (!flow || !resolved) return;
              outcome = { ok: true, providerId: providerId ?? '', ...resolved };
            } else {
              outcome = outcomeOfError(providerId, await callbackError(error, resolved?.userId, ctx));
            }
          } else if (isAPIError(returned)) {
            outcome = outcomeOfError(providerId, asAppError(returned));
          } else return;
          ctx.context.responseHeaders?.delete('location');
          ctx.context.returned = await kit.deliver(ctx, flow?.flow ?? 'unknown', flow?.returnTo ?? DEFAULT_RETURN_TO, outcome);
        }),
      ],
    },
  } satisfies BetterAuthPlugin;

  return [genericOAuth({ config: providers }), plugin] as const;
}
