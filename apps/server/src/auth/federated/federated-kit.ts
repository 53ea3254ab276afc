import type { GenericEndpointContext } from 'better-auth';
import type { APIError } from 'better-auth/api';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { identityError } from '../errors.js';
import { errorOfOutcome, type FederatedOutcome, type FlowKind, type FlowStart } from './flow.js';
import { federatedDelivery } from './popup-page.js';
import { enforceRateLimit } from '../attempt-limits.js';
import type { AuthPluginOptions } from '../settings.js';
import { presentIdentityUser } from '../users.js';
import { oauthCallbackCode } from '../messages.js';
import { clientIpOf, toAPIError } from '../plugin-kit.js';

type Ctx = GenericEndpointContext;

/**
 * The outcome waits for GET /federated/result in a cookie signed with the auth secret (a redirect
 * flow, or a popup that lost its opener): HttpOnly, sent to the federated endpoints only.
 */
const OUTCOME_COOKIE = 'trailbuddy.federated';

export type FederatedKit = ReturnType<typeof federatedKit>;

/** What the federated endpoints of ours share, OAuth (federated-sign-in.ts) and SAML (federated-saml.ts). */
export function federatedKit(options: AuthPluginOptions) {
  const { db, identity, now } = options;
  const { resultTtlMs } = identity.federated;
  const cookie = {
    path: '/api/auth/federated',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: new URL(identity.appUrl).protocol === 'https:',
    maxAge: resultTtlMs / 1000,
  };
  return {
    ...options,
    /** The per-client identity limit, a bucket per endpoint so one flow cannot starve another. */
    limitClient: async (ctx: Ctx, bucket: string) => {
      await enforceRateLimit(db, `${bucket}:ip:${clientIpOf(ctx) || 'unknown'}`, identity.perClientLimit, { now: now() });
    },
    /**
     * What a sign-in of this flow is resolved with (accounts.ts): the account rules every federated
     * sign-in follows, the flow's tenant (ADR 0009; null: the default accounts, and with no flow)
     * and the guest it upgrades, when the widget upgrades guests.
     */
    signInContext: (flow: Pick<FlowStart, 'tenantId' | 'guestUserId'> | null) => ({
      signUpDisabled: identity.email.signUpDisabled,
      enumerationProtection: identity.email.enumerationProtection,
      pendingTtlMs: identity.federated.pendingTtlMs,
      now: now(),
      tenantId: flow?.tenantId ?? null,
      guestUserId: flow?.guestUserId ?? null,
    }),
    /** The outcome as the widget takes it: kept for this browser, then the popup page or the redirect. */
    deliver: async (ctx: Ctx, flow: FlowKind | 'unknown', returnTo: string, outcome: FederatedOutcome) => {
      await ctx.setSignedCookie(OUTCOME_COOKIE, JSON.stringify({ ...outcome, at: now().getTime() }), ctx.context.secret, cookie);
      const user = outcome.ok && flow !== 'redirect' ? await presentIdentityUser(db, outcome.userId) : null;
      return federatedDelivery({ flow, returnTo, appUrl: identity.appUrl, outcome, user });
    },
    /**
     * The waiting outcome, used up. A failure is thrown as the error it was; a success is the
     * account as it is now (`user: null` if it is gone since, a guest merged away).
     */
    takeResult: async (ctx: Ctx) => {
      const value = await ctx.getSignedCookie(OUTCOME_COOKIE, ctx.context.secret);
      ctx.setCookie(OUTCOME_COOKIE, '', { ...cookie, maxAge: 0 });
      const kept = value ? (JSON.parse(value) as FederatedOutcome & { at: number }) : null;
      if (!kept || now().getTime() - kept.at > resultTtlMs) return { user: null };
      if (!kept.ok) throw toAPIError(errorOfOutcome(kept.error));
      if (!(await db.$count(users, eq(users.id, kept.userId)))) return { user: null };
      return { user: await presentIdentityUser(db, kept.userId), providerId: kept.providerId, isNewUser: kept.isNewUser };
    },
  };
}

/** A refusal of Better Auth's (or of a session hook) as the widget's error; an unknown code does not prove who the person is. */
export function asAppError(err: APIError): AppError {
  const body = (err.body ?? {}) as { code?: string; message?: string; fields?: Record<string, string>; details?: Record<string, unknown> };
  const code = oauthCallbackCode(body.code ?? 'invalid-credential');
  return new AppError(err.statusCode, code, body.message ?? identityError('invalid-credential').message, body.fields, body.details);
}
