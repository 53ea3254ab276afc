import {
  tenantsForEmailRequestSchema,
  tenantsForEmailResponseSchema,
  tenantsResponseSchema,
} from '@trailbuddy/shared/contracts/identity-tenants';
import { publicTenant, tenantsForEmail } from '../../identity/tenants.js';
import { errors } from '../schemas.js';
import { typed, type RouteModule } from '../types.js';
import { identityTags as tags } from './kit.js';

/**
 * Tenants (ADR 0009, checklist §3.6): the tenant-selection page's buttons, and identifier-first
 * selection by e-mail domain. Both answer configuration only, never whether an account exists.
 */
export const tenantRoutes: RouteModule = async (app, deps) => {
  const r = typed(app);
  const settings = deps.identity.tenants;

  r.get(
    '/api/identity/tenants',
    {
      schema: {
        tags,
        summary: 'The configured tenants: id, display name, button colour, icon and sign-in options (IDENTITY_TENANTS)',
        response: { 200: tenantsResponseSchema },
      },
    },
    async () => ({ tenants: settings.tenants.map(publicTenant) }),
  );

  r.post(
    '/api/identity/tenants/for-email',
    {
      schema: {
        tags,
        summary: 'The tenants whose e-mail domains match the address (identifier-first); none: no-matching-tenant-for-email',
        body: tenantsForEmailRequestSchema,
        response: { 200: tenantsForEmailResponseSchema, 400: errors[400] },
      },
    },
    async (req) => ({ tenants: tenantsForEmail(settings, req.body.email).map(publicTenant) }),
  );
};
