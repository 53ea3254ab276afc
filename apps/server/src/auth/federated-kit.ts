import type { GenericEndpointContext } from 'better-auth';
import { getIP, getSessionFromCtx, type APIError } from 'better-auth/api';
import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { identityError } from '../identity/errors.js';
import { BINDING_COOKIE, isBinding, storeOutcome, type FederatedOutcome, type FlowKind } from '../identity/federated/flow.js';
import { federatedDelivery } from '../identity/federated/popup-page.js';
import { enforceRateLimit } from '../identity/rate-limit.js';
import type { IdentitySettings } from '../identity/settings.js';
import { tenantOfUser } from '../identity/users.js';
import { oauthCallbackCode } from './messages.js';

/** What the federated endpoints of ours share, OAuth (federated-sign-in.ts) and SAML (federated-saml.ts). */
export interface FederatedSignInOptions {
  db: Db;
  identity: IdentitySettings;
  now: () => Date;
}

type Ctx = GenericEndpointContext;

export type FederatedKit = ReturnType<typeof federatedKit>;

export function federatedKit(options: FederatedSignInOptions) {
  const { db, identity, now } = options;
  return {
    ...options,
    /** The per-client identity limit, a bucket per endpoint so one flow cannot starve another. */
    limitClient: async (ctx: Ctx, bucket: string) => {
      const ip = getIP(ctx.request ?? ctx.headers ?? new Headers(), ctx.context.options) ?? 'unknown';
      await enforceRateLimit(db, `${bucket}:ip:${ip}`, identity.perClientLimit, { now: now() });
    },
    /** The signed-in guest a sign-in in this tenant upgrades (checklist §5.9); another tenant's guest is not. */
    guestToUpgrade: async (ctx: Ctx, tenantId: string | null) => {
      const user = (await getSessionFromCtx(ctx))?.user as { id: string; isAnonymous?: boolean } | undefined;
      if (!user?.isAnonymous) return null;
      return (await tenantOfUser(db, user.id))?.tenantId === tenantId ? user.id : null;
    },
    /** The account rules every federated sign-in follows. */
    rules: () => ({
      signUpDisabled: identity.email.signUpDisabled,
      enumerationProtection: identity.email.enumerationProtection,
      pendingTtlMs: identity.federated.pendingTtlMs,
      now: now(),
    }),
    /** The outcome as the widget takes it: kept for this browser, then the popup page or the redirect. */
    deliver: async (
      ctx: Ctx,
      flow: FlowKind | 'unknown',
      returnTo: string,
      outcome: FederatedOutcome,
      binding = ctx.getCookie(BINDING_COOKIE),
    ) => {
      if (isBinding(binding)) await storeOutcome(db, binding, outcome, identity.federated.resultTtlMs, now());
      return federatedDelivery({ flow, returnTo, appUrl: identity.appUrl, outcome });
    },
  };
}

/** A refusal of Better Auth's (or of a session hook) as the widget's error; an unknown code does not prove who the person is. */
export function asAppError(err: APIError): AppError {
  const body = (err.body ?? {}) as { code?: string; message?: string; fields?: Record<string, string>; details?: Record<string, unknown> };
  const code = oauthCallbackCode(body.code ?? 'invalid-credential');
  return new AppError(err.statusCode, code, body.message ?? identityError('invalid-credential').message, body.fields, body.details);
}
