import type { RouteModule } from '../types.js';
import { assertSameOrigin } from './kit.js';
import { federatedRoutes } from './federated.js';
import { tenantRoutes } from './tenants.js';

/**
 * What is left of the identity API the sign-in widget talks to (ADR 0008, 0029): federated (SAML)
 * sign-in and tenants. Everything else is Better Auth's, or a plugin of ours, at /api/auth/*.
 */
export const identityRoutes: RouteModule = async (app, deps) => {
  app.addHook('preHandler', async (req) => assertSameOrigin(req, deps));
  await federatedRoutes(app, deps);
  await tenantRoutes(app, deps);
};
