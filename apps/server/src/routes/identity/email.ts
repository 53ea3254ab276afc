import { identityConfigSchema, passwordSignUpRequestSchema } from '@trailbuddy/shared/contracts/identity-email';
import type { FastifyRequest } from 'fastify';
import { passwordSignUp, type EmailContext } from '../../identity/email-password.js';
import { enforceRateLimit } from '../../auth/attempt-limits.js';
import { publicIdentityConfig } from '../../identity/sign-up-controls.js';
import type { TenantConfig } from '../../identity/tenants.js';
import { errors } from '../schemas.js';
import { typed, type RouteDeps, type RouteModule } from '../types.js';
import { identityTags as tags, requestTenant, respondSignedIn, signedInResponse, upgradableGuest } from './kit.js';

/**
 * The services' view of this request: settings, the clock, the tenant (ADR 0009) and the guest to
 * upgrade if one of that tenant is signed in.
 */
export async function emailContext(req: FastifyRequest, deps: RouteDeps, tenant: TenantConfig | null): Promise<EmailContext> {
  const tenantId = tenant?.id ?? null;
  return {
    db: deps.db,
    auth: req.server.auth,
    settings: deps.identity.email,
    now: deps.now(),
    guestId: await upgradableGuest(req, deps, tenantId),
    tenantId,
    appUrl: deps.identity.appUrl,
  };
}

const failures = { 400: errors[400], 403: errors[403], 404: errors[404], 409: errors[409], 429: errors[400] };

/**
 * E-mail and password (checklist §5.3, §5.4) and the widget's public settings (sign-up controls).
 * Every endpoint that checks a credential is limited per client. Sign-in methods and recovery are
 * Better Auth's (auth/password-accounts.ts). The configuration stays a route: public settings, no
 * account data, nothing to limit or authenticate.
 */
export const emailRoutes: RouteModule = async (app, deps) => {
  const r = typed(app);

  r.get(
    '/api/identity/config',
    {
      schema: {
        tags,
        summary: 'Server settings the sign-in widget follows (sign-up controls, enumeration protection)',
        response: { 200: identityConfigSchema },
      },
    },
    async () => publicIdentityConfig(deps.identity.email),
  );

  r.post(
    '/api/identity/password/sign-up',
    {
      schema: {
        tags,
        summary: 'Create an account with e-mail and password (a signed-in guest is upgraded in place)',
        body: passwordSignUpRequestSchema,
        response: { 200: signedInResponse, ...failures },
      },
    },
    async (req, reply) => {
      const tenant = requestTenant(deps, req.body.tenantId, 'password');
      await enforceRateLimit(deps.db, `password-sign-up:ip:${req.ip}`, deps.identity.perClientLimit, {
        now: deps.now(),
        message: 'Too many account requests are coming from your IP address. Try again in a few minutes.',
      });
      const userId = await passwordSignUp(await emailContext(req, deps, tenant), req.body);
      return respondSignedIn(req, reply, deps, userId);
    },
  );
};
