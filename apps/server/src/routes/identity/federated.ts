import {
  federatedProvidersResponseSchema,
  federatedResultResponseSchema,
  federatedStartQuerySchema,
  linkPendingRequestSchema,
} from '@trailbuddy/shared/contracts/identity-federated';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../errors.js';
import { identityError } from '../../identity/errors.js';
import { linkPendingCredential, resolveFederatedSignIn } from '../../identity/federated/accounts.js';
import {
  BINDING_COOKIE,
  bindingCookieHeader,
  DEFAULT_RETURN_TO,
  isBinding,
  newBinding,
  outcomeOfError,
  parkFormPost,
  sameSiteReturnTo,
  startSamlSignIn,
  storeOutcome,
  takeFlowState,
  takeFormPost,
  takeResult,
  verifySamlResponse,
  type FederatedOutcome,
  type FlowKind,
} from '../../identity/federated/flow.js';
import { federatedDelivery } from '../../identity/federated/popup-page.js';
import { findProvider } from '../../identity/federated/providers.js';
import { samlMetadata } from '../../identity/federated/saml.js';
import { presentIdentityUser } from '../../identity/users.js';
import { requireUser } from '../../policies/session.js';
import { errors } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';
import { identityTags as tags, limitPerClient, requestTenant, respondSignedIn, signedInResponse, upgradableGuest } from './kit.js';

/**
 * Federated sign-in (checklist §5.7–§5.9), the parts that are not Better Auth's (ADR 0042): the
 * provider list the widget reads, SAML (start, the IdP's post, metadata), the outcome a redirect
 * flow finds at GET /result, and linking a pending credential. OAuth 2.0 / OpenID Connect sign-ins
 * run on Better Auth (auth/federated-sign-in.ts). The browser running a SAML flow holds a random
 * binding cookie; the flow state names its hash, so a response only completes in that browser.
 */
function readBinding(req: FastifyRequest): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === BINDING_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return isBinding(value) ? value : null;
    }
  }
  return null;
}

/** Keeps the browser's binding (a second tab's flow must not orphan the first) and renews its lifetime. */
function ensureBinding(req: FastifyRequest, reply: FastifyReply, appUrl: string): string {
  const binding = readBinding(req) ?? newBinding();
  reply.header('set-cookie', bindingCookieHeader(binding, appUrl));
  return binding;
}

const providerParams = z.object({
  providerId: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'providerId is malformed.'),
});
const callbackParams = z.record(z.string(), z.string());
const failures = { 400: errors[400], 403: errors[403], 404: errors[404], 409: errors[409], 429: errors[400] };

export const federatedRoutes: RouteModule = async (app, deps) => {
  const r = typed(app);
  const settings = deps.identity.federated;
  const appUrl = deps.identity.appUrl;

  /**
   * Hands the outcome to the widget. It is also kept for this browser (GET /result), so a popup
   * that lost its opener, and the redirect flow, find it at `returnTo`.
   */
  async function deliver(
    reply: FastifyReply,
    opts: { flow: FlowKind | 'unknown'; returnTo: string; binding: string | null; outcome: FederatedOutcome },
  ) {
    if (opts.binding) await storeOutcome(deps.db, opts.binding, opts.outcome, settings.resultTtlMs, deps.now());
    const { status, headers, body } = federatedDelivery({ ...opts, appUrl });
    return reply.status(status).headers(headers).send(body);
  }

  async function completeCallback(req: FastifyRequest, reply: FastifyReply, providerId: string, query: Record<string, string>) {
    const now = deps.now();
    const binding = readBinding(req);
    const params = query.resume ? ((await takeFormPost(deps.db, query.resume, now)) ?? {}) : query;
    const stateParam = params.state ?? params.RelayState;
    const found = findProvider(settings, providerId);
    const provider = found?.kind === 'saml' ? found : null;
    const state = provider ? await takeFlowState(deps.db, providerId, stateParam, binding, now) : null;
    if (!provider || !state || !stateParam) {
      return deliver(reply, {
        flow: 'unknown',
        returnTo: DEFAULT_RETURN_TO,
        binding,
        outcome: outcomeOfError(providerId, identityError('invalid-credential')),
      });
    }
    let outcome: FederatedOutcome;
    try {
      await limitPerClient(req, deps, 'federated-callback');
      const profile = await verifySamlResponse(provider, params, state, appUrl);
      const tenantId = state.tenantId ?? null;
      const { userId, isNewUser } = await resolveFederatedSignIn(deps.db, profile, {
        tenantId,
        guestUserId: state.upgradeAnonymous ? await upgradableGuest(req, deps, tenantId) : null,
        signUpDisabled: deps.identity.email.signUpDisabled,
        enumerationProtection: deps.identity.email.enumerationProtection,
        pendingTtlMs: settings.pendingTtlMs,
        now,
      });
      const { user } = await respondSignedIn(req, reply, deps, userId);
      outcome = { ok: true, providerId, user, isNewUser };
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.status >= 500) req.log.warn({ err }, 'federated sign-in failed at the identity provider');
      outcome = outcomeOfError(providerId, err);
    }
    return deliver(reply, { flow: state.flow, returnTo: state.returnTo, binding, outcome });
  }

  r.get(
    '/api/identity/providers',
    {
      schema: {
        tags,
        summary: 'The federated providers enabled on this server (built-ins with credentials, oidc.*, saml.*)',
        response: { 200: federatedProvidersResponseSchema },
      },
    },
    async () => ({ providers: settings.providers.map((p) => ({ id: p.id, displayName: p.displayName, kind: p.kind })) }),
  );

  r.get(
    '/api/identity/federated/:providerId/start',
    {
      schema: {
        tags,
        summary: 'Start a SAML sign-in: 302 to the identity provider with an AuthnRequest',
        description:
          'Navigate the window (redirect flow) or a popup (popup flow) here. Sets the browser-binding cookie. A bad returnTo, ' +
          'an unknown saml.* provider or tenantId, or a provider the tenant does not offer (operation-not-allowed) answers JSON; ' +
          'later failures are delivered like an outcome (popup page / redirect to returnTo). OAuth and OpenID Connect ' +
          'providers start at /api/auth/federated/{providerId}/start.',
        params: providerParams,
        querystring: federatedStartQuerySchema,
        response: failures,
      },
    },
    async (req, reply) => {
      const returnTo = sameSiteReturnTo(appUrl, req.query.returnTo);
      const provider = findProvider(settings, req.params.providerId);
      if (provider?.kind !== 'saml') throw identityError('operation-not-allowed');
      const tenant = requestTenant(deps, req.query.tenantId, provider.id);
      const binding = ensureBinding(req, reply, appUrl);
      try {
        await limitPerClient(req, deps, 'federated-start');
        const url = await startSamlSignIn(deps.db, settings, appUrl, {
          provider,
          flow: req.query.flow,
          returnTo,
          loginHint: req.query.loginHint || null,
          upgradeAnonymous: req.query.upgradeAnonymous,
          tenantId: tenant?.id ?? null,
          binding,
          now: deps.now(),
        });
        reply.header('cache-control', 'no-store');
        return reply.redirect(url, 302);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return deliver(reply, { flow: req.query.flow, returnTo, binding, outcome: outcomeOfError(provider.id, err) });
      }
    },
  );

  r.get(
    '/api/identity/federated/:providerId/callback',
    {
      schema: {
        tags,
        summary: "A SAML response resumed after the IdP's form post",
        description:
          'Signs in / creates the account / links the guest, or fails with invalid-credential (bad, used, expired or ' +
          "another browser's state), user-cancelled (AuthnFailed), account-exists-with-different-credential (details: " +
          'email, methods, pendingCredential), merge-conflict (details: mergeToken), admin-restricted-operation, user-disabled. ' +
          'Popup flow: an HTML page posting the outcome to window.opener; redirect flow: 302 to returnTo.',
        params: providerParams,
        querystring: callbackParams,
      },
    },
    async (req, reply) => completeCallback(req, reply, req.params.providerId, req.query),
  );

  // A SAML IdP answers with a form post (HTTP-POST binding) from
  // another site: SameSite=Lax keeps our cookies off that request, so it carries no session and
  // no binding. The post is parked server-side and the browser is sent on with a 303 to the GET
  // callback, a top-level same-site navigation that does carry them.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 512 * 1024 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    typed(scope).post(
      '/api/identity/federated/:providerId/callback',
      {
        schema: {
          tags,
          summary: "The SAML IdP's form post (SAMLResponse + RelayState): 303 to the GET callback",
          params: providerParams,
          body: callbackParams,
        },
        // This endpoint never acts on cookies: it only parks the post. Dropping them also keeps the
        // identity API's cross-site check from refusing the IdP's legitimate cross-site post.
        onRequest: async (req) => {
          delete req.headers.cookie;
        },
      },
      async (req, reply) => {
        if (findProvider(settings, req.params.providerId)?.kind !== 'saml') throw identityError('operation-not-allowed');
        const id = await parkFormPost(deps.db, req.body, settings.stateTtlMs, deps.now());
        const next = new URL(`/api/identity/federated/${req.params.providerId}/callback`, appUrl);
        next.searchParams.set('resume', id);
        return reply.redirect(next.href, 303);
      },
    );
  });

  r.get(
    '/api/identity/federated/:providerId/metadata',
    { schema: { tags, summary: 'SAML service-provider metadata of a saml.* provider (entity id, ACS URL)', params: providerParams } },
    async (req, reply) => {
      const provider = findProvider(settings, req.params.providerId);
      if (provider?.kind !== 'saml') throw notFound('SAML provider');
      return reply.type('application/samlmetadata+xml').send(samlMetadata(provider, appUrl));
    },
  );

  r.get(
    '/api/identity/federated/result',
    {
      schema: {
        tags,
        summary: "The outcome of this browser's last federated sign-in (one-time; {user: null} when none is waiting)",
        response: { 200: federatedResultResponseSchema, ...failures },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      const binding = readBinding(req);
      return binding ? takeResult(deps.db, binding, deps.now()) : { user: null };
    },
  );

  r.post(
    '/api/identity/link-pending',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'Link a pending credential (account-exists-with-different-credential) to the signed-in account of its e-mail',
        description:
          'One-time; expires 30 minutes after the failed sign-in. invalid-credential: unknown, used or expired; invalid-email: ' +
          'the signed-in account has another e-mail (the credential stays usable); credential-already-in-use: linked meanwhile.',
        body: linkPendingRequestSchema,
        response: { 200: signedInResponse, 401: errors[401], ...failures },
      },
    },
    async (req) => {
      const user = await requireUser(req);
      await limitPerClient(req, deps, 'link-pending');
      await linkPendingCredential(deps.db, req.body.pendingCredential, user, deps.now());
      return { user: await presentIdentityUser(deps.db, user.id) };
    },
  );
};
