import { identityUserResponseSchema } from '@trailbuddy/shared/contracts/identity';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { assertSameOriginCall } from '../../auth/same-origin.js';
import { enforceRateLimit } from '../../auth/attempt-limits.js';
import { issueSessionCookie } from '../../identity/session.js';
import { assertTenantAllows, resolveTenant, type TenantConfig } from '../../identity/tenants.js';
import { presentIdentityUser, tenantOfUser } from '../../identity/users.js';
import type { RouteDeps } from '../types.js';

/** OpenAPI tag and the signed-in response every identity sign-in endpoint shares. */
export const identityTags = ['identity'];
export const signedInResponse = identityUserResponseSchema;

/**
 * Counts the request against the per-client identity limit (shared through PostgreSQL), under a
 * bucket per endpoint so one flow cannot starve another.
 */
export async function limitPerClient(req: FastifyRequest, deps: RouteDeps, bucket: string) {
  await enforceRateLimit(deps.db, `${bucket}:ip:${req.ip}`, deps.identity.perClientLimit, { now: deps.now() });
}

/**
 * Identity calls change who is signed in; a browser must make them from our own origin. Requests
 * carrying cookies without our Origin are refused (CSRF), as Better Auth does for /api/auth.
 */
export function assertSameOrigin(req: FastifyRequest, deps: RouteDeps) {
  const { cookie, origin, referer } = req.headers;
  assertSameOriginCall({ method: req.method, cookie, origin, referer }, deps.identity.appUrl);
}

/**
 * The tenant a request names (ADR 0009): unknown ids are a 400 on `tenantId`; with `option`, a
 * sign-in method the tenant does not offer is `operation-not-allowed`. Null: the default accounts.
 */
export function requestTenant(deps: RouteDeps, tenantId: string | undefined, option?: string): TenantConfig | null {
  const tenant = resolveTenant(deps.identity.tenants, tenantId);
  if (option !== undefined) assertTenantAllows(tenant, option);
  return tenant;
}

/**
 * The signed-in guest a sign-in in this tenant upgrades (checklist §5.9). A guest belongs to the
 * tenant it was created in: a guest of another tenant is not upgraded, the sign-in is a plain one.
 */
export async function upgradableGuest(req: FastifyRequest, deps: RouteDeps, tenantId: string | null): Promise<string | null> {
  const current = await req.sessionUser();
  if (!current?.isAnonymous) return null;
  const guest = await tenantOfUser(deps.db, current.id);
  return guest !== null && guest.tenantId === tenantId ? current.id : null;
}

/**
 * Starts the session of `userId` on this response and answers with the identity user. An account
 * with a second factor gets `multi-factor-auth-required` instead (auth/second-factor-gate.ts).
 */
export async function respondSignedIn(req: FastifyRequest, reply: FastifyReply, deps: RouteDeps, userId: string) {
  const cookies = await issueSessionCookie(req.server.auth, userId, { ip: req.ip, userAgent: req.headers['user-agent'] });
  reply.header('set-cookie', cookies);
  return { user: await presentIdentityUser(deps.db, userId) };
}
