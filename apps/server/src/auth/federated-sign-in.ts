import { federatedStartQuerySchema } from '@trailbuddy/shared/contracts/identity-federated';
import type { BetterAuthPlugin, GenericEndpointContext } from 'better-auth';
import {
  addOAuthServerContext,
  APIError,
  createAuthEndpoint,
  createAuthMiddleware,
  getIP,
  getOAuthState,
  getSessionFromCtx,
  isAPIError,
} from 'better-auth/api';
import { generateIdTokenNonce, generateState, getOAuthCallbackPath } from 'better-auth/oauth2';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { AppError, invalidField } from '../errors.js';
import { identityError } from '../identity/errors.js';
import { federatedAccountId, resolveFederatedSignIn } from '../identity/federated/accounts.js';
import {
  BINDING_COOKIE,
  bindingCookieHeader,
  DEFAULT_RETURN_TO,
  isBinding,
  newBinding,
  outcomeOfError,
  RESERVED_PARAMS,
  sameSiteReturnTo,
  storeOutcome,
  type FederatedOutcome,
  type FlowKind,
} from '../identity/federated/flow.js';
import { federatedDelivery } from '../identity/federated/popup-page.js';
import { findProvider } from '../identity/federated/providers.js';
import { enforceRateLimit } from './attempt-limits.js';
import type { IdentitySettings } from '../identity/settings.js';
import { assertTenantAllows, resolveTenant } from '../identity/tenants.js';
import { presentIdentityUser, tenantOfUser } from '../identity/users.js';
import { genericOAuthConfig, type MapProfile } from './federated-oauth.js';
import { oauthCallbackCode } from './messages.js';
import { secondFactorGate } from './second-factor-gate.js';

/**
 * Federated sign-in with OAuth 2.0 / OpenID Connect providers (checklist §5.7–§5.9) on Better
 * Auth (ADR 0042): `genericOAuth` runs the protocol and Better Auth's `/callback/:id` creates the
 * session; this plugin adds what the widget needs and Better Auth lacks:
 * - `GET /federated/:providerId/start`, a navigation target for the widget's popup and redirect
 *   flows, that carries the flow, the tenant and the guest to upgrade in the OAuth state's server
 *   context (`addOAuthServerContext`, not spoofable by the client);
 * - who the person signs in as (`resolveFederatedSignIn`: no linking by e-mail, a pending
 *   credential for account-exists-with-different-credential, guest upgrade and merge-conflict,
 *   tenants), decided when Better Auth maps the provider's profile, before it looks the account up;
 * - an after hook on the callback that turns Better Auth's redirect into the widget's outcome: the
 *   popup page posting it to the opener, or back to `returnTo` with the outcome kept for
 *   GET /api/identity/federated/result.
 */
const FLOW_KEY = 'trailbuddyFederated';

interface FlowContext {
  flow: FlowKind;
  returnTo: string;
  tenantId: string | null;
  guestUserId: string | null;
  /** The server clock at the start: the flow's lifetime is counted on it. */
  startedAt: number;
}

/** Better Auth's log lines for a refused provider callback (bad, used or another browser's state, a forged code). */
const OAUTH_REFUSALS =
  /^(Failed to parse state|State not found|Failed to validate authorization code|Unable to get user info|OAuth issuer mismatch|OAuth id_token nonce binding)/;
export const isOAuthRefusal = (message: string) => OAUTH_REFUSALS.test(message);

export interface FederatedSignInOptions {
  db: Db;
  identity: IdentitySettings;
  now: () => Date;
}

/** An error of ours as Better Auth's, so its pipeline and our bridge answer it in the one shape. */
const asApiError = (err: AppError) =>
  new APIError(err.status as 400, { code: err.code, message: err.message, fields: err.fields, details: err.details });

const asAppError = (err: APIError) => {
  const body = (err.body ?? {}) as { code?: string; message?: string; fields?: Record<string, string>; details?: Record<string, unknown> };
  const code = oauthCallbackCode(body.code ?? 'invalid-credential');
  return new AppError(err.statusCode, code, body.message ?? identityError('invalid-credential').message, body.fields, body.details);
};

export function federatedSignIn({ db, identity, now }: FederatedSignInOptions) {
  const settings = identity.federated;
  const appUrl = identity.appUrl;
  /** Who a callback signed in as, by its parsed OAuth state (one per request). */
  const resolvedBy = new WeakMap<object, { userId: string; isNewUser: boolean }>();

  async function currentFlow() {
    const state = await getOAuthState();
    const flow = (state?.serverContext as Record<string, unknown> | undefined)?.[FLOW_KEY] as FlowContext | undefined;
    return { state, flow: flow ?? null };
  }

  const mapProfile: MapProfile = async (profile) => {
    const { state, flow } = await currentFlow();
    try {
      // The widget links a provider account only through a pending credential (link-pending), which
      // checks the e-mail and the tenant; Better Auth's own /link-social is not a way around that.
      if (state?.link) throw identityError('operation-not-allowed');
      if (!profile.subject) throw identityError('invalid-credential');
      if (flow && now().getTime() - flow.startedAt > settings.stateTtlMs) throw identityError('invalid-credential');
      const resolved = await resolveFederatedSignIn(db, profile, {
        tenantId: flow?.tenantId ?? null,
        guestUserId: flow?.guestUserId ?? null,
        signUpDisabled: identity.email.signUpDisabled,
        enumerationProtection: identity.email.enumerationProtection,
        pendingTtlMs: settings.pendingTtlMs,
        now: now(),
      });
      if (state) resolvedBy.set(state, resolved);
      // The account exists now: Better Auth finds it by its key and starts the session.
      const [user] = await db.select().from(users).where(eq(users.id, resolved.userId));
      if (!user) throw identityError('invalid-credential');
      return { email: user.email, name: user.name, emailVerified: user.emailVerified, image: user.image ?? undefined };
    } catch (err) {
      throw err instanceof AppError ? asApiError(err) : err;
    }
  };

  const providers = settings.providers.flatMap((p) =>
    p.kind === 'saml'
      ? []
      : [genericOAuthConfig(p, mapProfile, async (subject) => federatedAccountId(subject, (await currentFlow()).flow?.tenantId ?? null))],
  );

  /** The outcome as the widget takes it: kept for this browser, then the popup page or the redirect. */
  async function deliver(
    flow: FlowKind | 'unknown',
    returnTo: string,
    binding: string | null,
    outcome: FederatedOutcome,
    setBinding = false,
  ) {
    if (binding) await storeOutcome(db, binding, outcome, settings.resultTtlMs, now());
    const { status, headers, body } = federatedDelivery({ flow, returnTo, appUrl, outcome });
    const response = new Response(body, { status, headers });
    if (setBinding && binding) response.headers.append('set-cookie', bindingCookieHeader(binding, appUrl));
    return response;
  }

  const plugin = {
    id: 'trailbuddy-federated-sign-in',
    init: () => ({
      options: {
        // Provider accounts keep no tokens: we only need to know who the person is.
        account: { updateAccountOnSignIn: false, accountLinking: { disableImplicitLinking: true } },
      },
    }),
    endpoints: {
      startFederatedSignIn: createAuthEndpoint(
        '/federated/:providerId/start',
        {
          method: 'GET',
          query: federatedStartQuerySchema,
          metadata: {
            openapi: {
              summary: 'Start an OAuth 2.0 / OpenID Connect sign-in of the widget: 302 to the provider',
              description:
                'Navigate the window (flow=redirect) or a popup (flow=popup) here. A bad returnTo, an unknown provider or ' +
                'tenantId, or a provider the tenant does not offer answers JSON; later failures are delivered like an outcome.',
            },
          },
        },
        async (ctx) => {
          const { query } = ctx;
          let returnTo: string;
          let provider;
          let tenantId: string | null;
          try {
            returnTo = sameSiteReturnTo(appUrl, query.returnTo);
            provider = findProvider(settings, ctx.params.providerId);
            if (!provider || provider.kind === 'saml') throw identityError('operation-not-allowed');
            const tenant = resolveTenant(identity.tenants, query.tenantId);
            assertTenantAllows(tenant, provider.id);
            tenantId = tenant?.id ?? null;
          } catch (err) {
            throw err instanceof AppError ? asApiError(err) : err;
          }
          const known = ctx.getCookie(BINDING_COOKIE);
          const binding = isBinding(known) ? known : newBinding();
          try {
            const ip = getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options) ?? 'unknown';
            await enforceRateLimit(db, `federated-start:ip:${ip}`, identity.perClientLimit, { now: now() });
            let hintKey = provider.loginHintKey;
            if (query.loginHintKey && provider.id.startsWith('oidc.')) {
              if (RESERVED_PARAMS.has(query.loginHintKey)) throw invalidField('loginHintKey', 'This parameter cannot carry a login hint.');
              hintKey = query.loginHintKey;
            }
            const flow: FlowContext = {
              flow: query.flow,
              returnTo,
              tenantId,
              guestUserId: query.upgradeAnonymous ? await upgradableGuest(ctx, tenantId) : null,
              startedAt: now().getTime(),
            };
            await addOAuthServerContext({ [FLOW_KEY]: flow });
            const social = ctx.context.socialProviders.find((p) => p.id === provider.id);
            if (!social) throw identityError('network-request-failed');
            const idTokenNonce = generateIdTokenNonce(social);
            const { state, codeVerifier } = await generateState(ctx, { idTokenNonce });
            const url = await social.createAuthorizationURL({
              state,
              codeVerifier,
              idTokenNonce,
              redirectURI: `${ctx.context.baseURL}${getOAuthCallbackPath(social)}`,
            });
            if (query.loginHint && hintKey) url.searchParams.set(hintKey, query.loginHint);
            ctx.setCookie(BINDING_COOKIE, binding, bindingCookieOptions(appUrl));
            ctx.setHeader('cache-control', 'no-store');
            return ctx.redirect(url.href);
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            return deliver(query.flow, returnTo, binding, outcomeOfError(provider.id, err), true);
          }
        },
      ),
    },
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/callback/:id',
          handler: createAuthMiddleware(async (ctx) => {
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
                const user = await presentIdentityUser(db, resolved.userId);
                outcome = { ok: true, providerId: providerId ?? '', user, isNewUser: resolved.isNewUser };
              } else {
                outcome = outcomeOfError(providerId, await callbackError(error, resolved?.userId, ctx));
              }
            } else if (isAPIError(returned)) {
              outcome = outcomeOfError(providerId, asAppError(returned));
            } else return;
            ctx.context.responseHeaders?.delete('location');
            const binding = ctx.getCookie(BINDING_COOKIE);
            ctx.context.returned = await deliver(
              flow?.flow ?? 'unknown',
              flow?.returnTo ?? DEFAULT_RETURN_TO,
              isBinding(binding) ? binding : null,
              outcome,
            );
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  /**
   * A callback that Better Auth refused, as the widget's error. A session the second-factor gate
   * refused comes back with the gate's own answer (its pending credential), not just the code.
   */
  async function callbackError(error: string, userId: string | undefined, ctx: GenericEndpointContext): Promise<AppError> {
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

  /** The signed-in guest a sign-in in this tenant upgrades (checklist §5.9); another tenant's guest is not. */
  async function upgradableGuest(ctx: Parameters<typeof getSessionFromCtx>[0], tenantId: string | null) {
    const session = await getSessionFromCtx(ctx);
    const user = session?.user as { id: string; isAnonymous?: boolean } | undefined;
    if (!user?.isAnonymous) return null;
    const guest = await tenantOfUser(db, user.id);
    return guest !== null && guest.tenantId === tenantId ? user.id : null;
  }

  return [genericOAuth({ config: providers }), plugin] as const;
}

function bindingCookieOptions(appUrl: string) {
  return { path: '/api', httpOnly: true, sameSite: 'lax' as const, maxAge: 60 * 60, secure: new URL(appUrl).protocol === 'https:' };
}
