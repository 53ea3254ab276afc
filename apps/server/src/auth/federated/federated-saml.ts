import { randomBytes } from 'node:crypto';
import { generateGenericState, parseGenericState, type AuthContext, type GenericEndpointContext } from 'better-auth';
import { createAuthEndpoint, isAPIError } from 'better-auth/api';
import { z } from 'zod';
import { AppError, notFound } from '../../errors.js';
import { identityError } from '../errors.js';
import { resolveFederatedSignIn } from './accounts.js';
import { DEFAULT_RETURN_TO, outcomeOfError, type FederatedOutcome, type FlowStart } from './flow.js';
import { findProvider, type SamlProvider } from './providers.js';
import { completeSaml, samlAuthnRequest, samlMetadata } from './saml.js';
import { newSecret, putRecord, recordKey, takeRecord } from '../one-time-records.js';
import { asAppError, type FederatedKit } from './federated-kit.js';
import { endpointDoc, startSession, toAPIError } from '../plugin-kit.js';

/**
 * SAML 2.0 on samlify as endpoints of our federated plugin (ADR 0045: the RelayState is Better
 * Auth's flow state; the IdP's cross-site post is parked and completed by a same-site GET).
 */
const CALLBACK = /^\/api\/auth\/federated\/saml\.[^/]+\/callback$/;
const STATE_COOKIE = { cookieName: 'saml_state' };

type SamlFlow = FlowStart & { providerId: string; samlRequestId: string };

/** The IdP's post acts on no cookie; dropping them keeps Better Auth's origin check off a legitimate cross-site post. */
export async function samlOnRequest(request: Request, _ctx: AuthContext) {
  if (request.method !== 'POST' || !CALLBACK.test(new URL(request.url).pathname) || !request.headers.has('cookie')) return;
  const headers = new Headers(request.headers);
  headers.delete('cookie');
  return { request: new Request(request, { headers }) };
}

/** The IdP URL (an AuthnRequest by HTTP-Redirect) to send the browser to. */
export async function startSaml(ctx: GenericEndpointContext, provider: SamlProvider, flow: FlowStart, loginHint?: string) {
  const samlRequestId = `_${randomBytes(20).toString('hex')}`;
  const data: SamlFlow = { ...flow, providerId: provider.id, samlRequestId };
  const expiresAt = Date.now() + 10 * 60_000;
  const { state } = await generateGenericState(ctx, { ...data, callbackURL: flow.returnTo, codeVerifier: '', expiresAt }, STATE_COOKIE);
  return samlAuthnRequest(provider, { appUrl: ctx.context.baseURL, requestId: samlRequestId, relayState: state, loginHint });
}

const providerParams = z.object({ providerId: z.string() });
/** What an IdP posts (the HTTP-POST binding): anything else in the form is dropped, not parked. */
const samlPost = z.object({ SAMLResponse: z.string().optional(), RelayState: z.string().optional() });

export function samlEndpoints(kit: FederatedKit) {
  const { db, now } = kit;
  const { appUrl, federated: settings } = kit.identity;
  const samlProvider = (id: string) => {
    const provider = findProvider(settings, id);
    return provider?.kind === 'saml' ? provider : null;
  };

  /** The flow state the RelayState names, used up, if it is this provider's and this browser's and still young. */
  async function takeFlow(ctx: GenericEndpointContext, providerId: string, relayState: string | undefined) {
    const flow = (await parseGenericState(ctx, relayState, STATE_COOKIE).catch(() => null)) as SamlFlow | null;
    return flow?.providerId === providerId && now().getTime() - flow.startedAt <= settings.stateTtlMs ? flow : null;
  }

  /** The parked post's SAML response: checked against the flow state, the account resolved, the session started. */
  async function complete(ctx: GenericEndpointContext, providerId: string, resume: string | undefined) {
    const params = (resume && (await takeRecord<Record<string, string>>(db, recordKey('federated-post', resume), now()))) || {};
    const provider = samlProvider(providerId);
    const state = provider && (await takeFlow(ctx, providerId, params.RelayState));
    if (!provider || !state) {
      return kit.deliver(ctx, 'unknown', DEFAULT_RETURN_TO, outcomeOfError(providerId, identityError('invalid-credential')));
    }
    let outcome: FederatedOutcome;
    try {
      await kit.limitClient(ctx, 'federated-callback');
      const profile = await completeSaml(provider, params, { appUrl, requestId: state.samlRequestId });
      const resolved = await resolveFederatedSignIn(db, ctx.context, profile, kit.signInContext(state));
      await startSession(ctx, resolved.userId, 'invalid-credential');
      outcome = { ok: true, providerId, ...resolved };
    } catch (err) {
      const error = isAPIError(err) ? asAppError(err) : err;
      if (!(error instanceof AppError)) throw err;
      outcome = outcomeOfError(providerId, error);
    }
    return kit.deliver(ctx, state.flow, state.returnTo, outcome);
  }

  return {
    samlCallback: createAuthEndpoint(
      '/federated/:providerId/callback',
      {
        method: ['GET', 'POST'],
        body: samlPost.optional(),
        query: z.object({ resume: z.string().optional() }).optional(),
        metadata: endpointDoc(
          "A SAML IdP's form post (SAMLResponse + RelayState, 303 to the GET), and its completion in the browser that started",
          { 200: 'The popup page (text/html)', 303: 'The parked post: on to the GET' },
          'Signs in / creates the account / links the guest, or fails with invalid-credential (bad, used, expired or ' +
            "another browser's state), user-cancelled (AuthnFailed), account-exists-with-different-credential, merge-conflict, " +
            'admin-restricted-operation, user-disabled, multi-factor-auth-required. Popup flow: a page posting the ' +
            'outcome to window.opener; redirect flow: 302 to returnTo.',
        ),
      },
      async (ctx) => {
        const { providerId } = providerParams.parse(ctx.params);
        if (ctx.method === 'GET') return complete(ctx, providerId, ctx.query?.resume);
        if (!samlProvider(providerId)) throw toAPIError(identityError('operation-not-allowed'));
        const resume = newSecret();
        await putRecord(db, recordKey('federated-post', resume), ctx.body ?? {}, settings.stateTtlMs, now());
        const next = new URL(`/api/auth/federated/${providerId}/callback`, appUrl);
        next.searchParams.set('resume', resume);
        return new Response(null, { status: 303, headers: { location: next.href } });
      },
    ),
    samlMetadata: createAuthEndpoint(
      '/federated/:providerId/metadata',
      {
        method: 'GET',
        metadata: endpointDoc('SAML service-provider metadata of a saml.* provider (entity id, ACS URL)', {
          200: 'application/samlmetadata+xml',
        }),
      },
      async (ctx) => {
        const provider = samlProvider(providerParams.parse(ctx.params).providerId);
        if (!provider) throw toAPIError(notFound('SAML provider'));
        return new Response(samlMetadata(provider, appUrl), { headers: { 'content-type': 'application/samlmetadata+xml' } });
      },
    ),
  };
}
